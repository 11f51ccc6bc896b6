import Dispatch
import Glibc
internal import CDBus

/// Drives one libdbus connection from `DispatchQueue.main`.
///
/// ```
///  socket readable ──► DispatchSource (read)  ─┐
///  socket writable ──► DispatchSource (write) ─┼─► dbus_watch_handle ─┐
///  libdbus timeout ──► DispatchSourceTimer    ──► dbus_timeout_handle ┼─► drain():
///  dispatch status DATA_REMAINS ──► DispatchQueue.main.async ─────────┘   dbus_connection_dispatch
///                                                                          until COMPLETE
/// ```
///
/// libdbus calls the watch, timeout and status callbacks from whichever thread uses the
/// connection; DBusKit uses a connection only on the main actor, so every callback runs there
/// and asserts it with `MainActor.assumeIsolated`. A `DispatchSource` exists only while its
/// watch or timeout is enabled; disabling or removing cancels it (it is never released while
/// suspended). Watch toggles are applied when the current loop callback ends (see
/// ``reconcileWatches()``), which keeps libdbus's per-send write-watch toggling cheap. Watch
/// sources observe a duplicate of the socket descriptor that their cancellation handler
/// closes, so descriptor numbers are never reused under a live libdispatch registration. libdbus owns one retained reference to this object per callback set and
/// releases it through the free-data functions.
@MainActor
final class ConnectionLoop {
    /// The dispatch sources of one watch and the libdbus flags they serve (0 = none).
    private struct WatchSources {
        var sources: [any DispatchSourceProtocol] = []
        var flags: UInt32 = 0
    }

    private let connectionBits: UInt
    private var watches: [UInt: WatchSources] = [:]
    /// Watches whose enabled state changed since their sources were last updated.
    private var dirtyWatches: Set<UInt> = []
    private var reconcileScheduled = false
    private var timeouts: [UInt: any DispatchSourceTimer] = [:]
    private var isDispatching = false
    private var drainScheduled = false
    /// How many loop callbacks (watch, timeout, scheduled drain) are running on the stack.
    private var callbackDepth = 0
    /// A reference that keeps the connection alive while callbacks run, even if a handler
    /// closes and releases it.
    private var heldConnectionBits: UInt = 0

    init(connection: OpaquePointer) {
        self.connectionBits = UInt(bitPattern: connection)
    }

    private var connection: OpaquePointer {
        OpaquePointer(bitPattern: connectionBits)!
    }

    // MARK: Installing

    /// Installs the watch, timeout and dispatch-status callbacks on the connection.
    func install() throws {
        let raw = connection
        let watchesSet = dbus_connection_set_watch_functions(
            raw, loopAddWatch, loopRemoveWatch, loopToggleWatch, Unmanaged.passRetained(self).toOpaque(), loopRelease)
        let timeoutsSet = dbus_connection_set_timeout_functions(
            raw, loopAddTimeout, loopRemoveTimeout, loopToggleTimeout, Unmanaged.passRetained(self).toOpaque(),
            loopRelease)
        guard watchesSet != 0, timeoutsSet != 0 else {
            uninstall()
            throw LibDBus.outOfMemory("integrating the connection with the main run loop")
        }
        dbus_connection_set_dispatch_status_function(
            raw, loopDispatchStatus, Unmanaged.passRetained(self).toOpaque(), loopRelease)
        if dbus_connection_get_dispatch_status(raw) == DBUS_DISPATCH_DATA_REMAINS {
            scheduleDrain()
        }
    }

    /// Removes every callback; libdbus calls remove for each watch and timeout, which cancels
    /// their sources, and releases this object's retained references.
    func uninstall() {
        let raw = connection
        dbus_connection_set_watch_functions(raw, nil, nil, nil, nil, nil)
        dbus_connection_set_timeout_functions(raw, nil, nil, nil, nil, nil)
        dbus_connection_set_dispatch_status_function(raw, nil, nil, nil)
        for watch in watches.values {
            watch.sources.forEach { $0.cancel() }
        }
        watches.removeAll()
        dirtyWatches.removeAll()
        for timer in timeouts.values {
            timer.cancel()
        }
        timeouts.removeAll()
    }

    // MARK: Dispatching

    /// Dispatches every queued incoming message, unless a dispatch is already running further
    /// up the stack (libdbus dispatch is not reentrant; the outer loop picks the rest up).
    func drain() {
        guard !isDispatching else {
            return
        }
        isDispatching = true
        let raw = dbus_connection_ref(connection)!
        defer {
            isDispatching = false
            dbus_connection_unref(raw)
        }
        while true {
            let status = dbus_connection_dispatch(raw)
            if status == DBUS_DISPATCH_DATA_REMAINS {
                continue
            }
            if status == DBUS_DISPATCH_NEED_MEMORY {
                scheduleDrain()
            }
            return
        }
    }

    /// Schedules one ``drain()`` on the main queue; further requests before it runs are merged.
    func scheduleDrain() {
        guard !drainScheduled else {
            return
        }
        drainScheduled = true
        // The connection stays alive until the drain ran: the block holds its own reference.
        let bits = UInt(bitPattern: dbus_connection_ref(connection)!)
        DispatchQueue.main.async { [self] in
            MainActor.assumeIsolated {
                drainScheduled = false
                enterCallback()
                drain()
                leaveCallback()
                dbus_connection_unref(OpaquePointer(bitPattern: bits)!)
            }
        }
    }

    /// Called by libdbus when messages are waiting. Inside a loop callback the callback drains
    /// before it returns, so only a change from outside (a blocking call, a send that read)
    /// needs a scheduled drain.
    fileprivate func dispatchStatusChanged() {
        if callbackDepth == 0 {
            scheduleDrain()
        }
    }

    private func enterCallback() {
        if callbackDepth == 0 {
            heldConnectionBits = UInt(bitPattern: dbus_connection_ref(connection)!)
        }
        callbackDepth += 1
    }

    /// Ends a loop callback; the outermost one drains what arrived meanwhile and brings the
    /// watch sources up to date.
    private func leaveCallback() {
        callbackDepth -= 1
        guard callbackDepth == 0 else {
            return
        }
        let held = OpaquePointer(bitPattern: heldConnectionBits)!
        heldConnectionBits = 0
        if dbus_connection_get_dispatch_status(held) == DBUS_DISPATCH_DATA_REMAINS {
            drain()
        }
        if !dirtyWatches.isEmpty {
            reconcileWatches()
        }
        dbus_connection_unref(held)
    }

    // MARK: Watches

    // libdbus toggles the write watch on and off around nearly every send (on while the message
    // is queued, off once written). Rebuilding dispatch sources for each toggle would cost a
    // source, a descriptor and two epoll changes per message, so toggles only mark the watch;
    // its sources are updated when the current loop callback ends, or on the next turn of the
    // main queue when the toggle happened elsewhere. A watch that was enabled and disabled again
    // in between never gets a source.

    fileprivate func addWatch(_ watchBits: UInt) {
        watches[watchBits] = WatchSources()
        markDirty(watchBits)
    }

    fileprivate func removeWatch(_ watchBits: UInt) {
        watches[watchBits]?.sources.forEach { $0.cancel() }
        watches[watchBits] = nil
        dirtyWatches.remove(watchBits)
    }

    fileprivate func toggleWatch(_ watchBits: UInt) {
        markDirty(watchBits)
    }

    private func markDirty(_ watchBits: UInt) {
        dirtyWatches.insert(watchBits)
        guard callbackDepth == 0, !reconcileScheduled else {
            return
        }
        reconcileScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.reconcileScheduled = false
                self.reconcileWatches()
            }
        }
    }

    /// Gives every dirty watch the sources its current state needs.
    private func reconcileWatches() {
        let dirty = dirtyWatches
        dirtyWatches.removeAll()
        for watchBits in dirty {
            guard let current = watches[watchBits] else {
                continue
            }
            let watch = OpaquePointer(bitPattern: watchBits)!
            let wanted = dbus_watch_get_enabled(watch) != 0 ? dbus_watch_get_flags(watch) : 0
            guard wanted != current.flags else {
                continue
            }
            current.sources.forEach { $0.cancel() }
            watches[watchBits] = makeSources(for: watch, watchBits: watchBits, flags: wanted)
        }
    }

    private func makeSources(for watch: OpaquePointer, watchBits: UInt, flags: UInt32) -> WatchSources {
        let descriptor = dbus_watch_get_unix_fd(watch)
        var made = WatchSources()
        for flag in [DBUS_WATCH_READABLE.rawValue, DBUS_WATCH_WRITABLE.rawValue] where flags & flag != 0 {
            // Each source watches its own duplicate of the socket, closed only by the source's
            // cancellation handler. libdbus closes its descriptor right after removing a watch,
            // while libdispatch unregisters a cancelled source later on its own thread; watching
            // libdbus's descriptor directly would let a new socket that reuses the number attach
            // to the stale registration and never fire.
            let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
            guard duplicate >= 0 else {
                continue
            }
            let source: any DispatchSourceProtocol
            if flag == DBUS_WATCH_READABLE.rawValue {
                source = DispatchSource.makeReadSource(fileDescriptor: duplicate, queue: .main)
            } else {
                source = DispatchSource.makeWriteSource(fileDescriptor: duplicate, queue: .main)
            }
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.handleWatch(watchBits, flag) }
            }
            source.setCancelHandler {
                close(duplicate)
            }
            source.resume()
            made.sources.append(source)
            made.flags |= flag
        }
        return made
    }

    /// Socket reads per wakeup. libdbus reads at most 2 KiB per `dbus_watch_handle`, about ten
    /// small messages; reading on while the socket stays readable saves a dispatch wakeup (two
    /// thread hand-offs and about ten system calls) per 2 KiB under load.
    private static let readsPerWakeup = 32

    private func handleWatch(_ watchBits: UInt, _ flag: UInt32) {
        let watch = OpaquePointer(bitPattern: watchBits)!
        // A source may fire once more before a pending toggle is reconciled.
        guard let current = watches[watchBits], current.flags & flag != 0, dbus_watch_get_enabled(watch) != 0,
            dbus_watch_get_flags(watch) & flag != 0
        else {
            return
        }
        enterCallback()
        defer { leaveCallback() }
        dbus_watch_handle(watch, flag)
        drain()
        guard flag == DBUS_WATCH_READABLE.rawValue else {
            return
        }
        for _ in 1..<ConnectionLoop.readsPerWakeup {
            // The watch may have been removed or disabled (back-pressure, disconnection) meanwhile.
            guard watches[watchBits] != nil, dbus_watch_get_enabled(watch) != 0 else {
                return
            }
            var poller = pollfd(fd: dbus_watch_get_unix_fd(watch), events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) == 1, poller.revents == Int16(POLLIN) else {
                return
            }
            dbus_watch_handle(watch, flag)
            drain()
        }
    }

    // MARK: Timeouts

    fileprivate func addTimeout(_ timeoutBits: UInt) {
        updateTimeout(timeoutBits)
    }

    fileprivate func removeTimeout(_ timeoutBits: UInt) {
        timeouts[timeoutBits]?.cancel()
        timeouts[timeoutBits] = nil
    }

    fileprivate func updateTimeout(_ timeoutBits: UInt) {
        let timeout = OpaquePointer(bitPattern: timeoutBits)!
        timeouts[timeoutBits]?.cancel()
        timeouts[timeoutBits] = nil
        guard dbus_timeout_get_enabled(timeout) != 0 else {
            return
        }
        let interval = DispatchTimeInterval.milliseconds(Int(dbus_timeout_get_interval(timeout)))
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.handleTimeout(timeoutBits) }
        }
        timer.resume()
        timeouts[timeoutBits] = timer
    }

    private func handleTimeout(_ timeoutBits: UInt) {
        guard timeouts[timeoutBits] != nil else {
            return
        }
        enterCallback()
        defer { leaveCallback() }
        dbus_timeout_handle(OpaquePointer(bitPattern: timeoutBits)!)
        drain()
    }
}

// MARK: - C callbacks

private func loop(_ data: UnsafeMutableRawPointer?) -> ConnectionLoop {
    Unmanaged<ConnectionLoop>.fromOpaque(data!).takeUnretainedValue()
}

private let loopRelease: DBusFreeFunction = { data in
    guard let data else { return }
    Unmanaged<ConnectionLoop>.fromOpaque(data).release()
}

private let loopAddWatch: DBusAddWatchFunction = { watch, data in
    let bits = UInt(bitPattern: watch)
    let target = loop(data)
    MainActor.assumeIsolated { target.addWatch(bits) }
    return 1
}

private let loopRemoveWatch: DBusRemoveWatchFunction = { watch, data in
    let bits = UInt(bitPattern: watch)
    let target = loop(data)
    MainActor.assumeIsolated { target.removeWatch(bits) }
}

private let loopToggleWatch: DBusWatchToggledFunction = { watch, data in
    let bits = UInt(bitPattern: watch)
    let target = loop(data)
    MainActor.assumeIsolated { target.toggleWatch(bits) }
}

private let loopAddTimeout: DBusAddTimeoutFunction = { timeout, data in
    let bits = UInt(bitPattern: timeout)
    let target = loop(data)
    MainActor.assumeIsolated { target.addTimeout(bits) }
    return 1
}

private let loopRemoveTimeout: DBusRemoveTimeoutFunction = { timeout, data in
    let bits = UInt(bitPattern: timeout)
    let target = loop(data)
    MainActor.assumeIsolated { target.removeTimeout(bits) }
}

private let loopToggleTimeout: DBusTimeoutToggledFunction = { timeout, data in
    let bits = UInt(bitPattern: timeout)
    let target = loop(data)
    MainActor.assumeIsolated { target.updateTimeout(bits) }
}

private let loopDispatchStatus: DBusDispatchStatusFunction = { _, status, data in
    guard status == DBUS_DISPATCH_DATA_REMAINS else { return }
    let target = loop(data)
    MainActor.assumeIsolated { target.dispatchStatusChanged() }
}
