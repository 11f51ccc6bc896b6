import Dispatch
import Glibc
import SceneLoop
internal import CDBus

/// Drives one libdbus connection on the main actor, in *turns*.
///
/// ```
///  socket readable ──► watch (readable) ──────┐
///  socket writable ──► watch (writable) ──────┼─► dbus_watch_handle ─┐
///  libdbus timeout ──► DispatchSourceTimer    ──► dbus_timeout_handle ┤
///  our bytes can leave ► watch (output) ► pump ───────────────────────┤
///  DATA_REMAINS, work left ─► DispatchQueue.main.async (a new turn) ──┘
///                                         │
///              end of the turn:  pump output ─► dispatch what libdbus read (signals are delivered,
///                                method calls queued per sender) ─► serve one round of calls
///                                ─► pump output ─► another turn if calls wait (or once the socket
///                                takes output again)
/// ```
///
/// A turn is one loop callback; everything sent during it leaves together at its end. libdbus calls
/// the watch, timeout and status callbacks from whichever thread uses the connection; DBusKit uses a
/// connection only on the main actor, so every callback runs there and asserts it with
/// `MainActor.assumeIsolated`. The socket's watches are the ``DescriptorWatching`` the connection
/// was given: the main loop's epoll in `scene-host` (the main thread wakes on the socket itself), a
/// libdispatch source per watch elsewhere. A watch or timeout source exists only while it is
/// enabled; disabling or removing cancels it (a timer is never released while suspended). Watch toggles are applied
/// when the current turn ends (see ``reconcileWatches()``), which keeps libdbus's per-send write-watch
/// toggling cheap. Watch sources observe a duplicate of the socket descriptor that their cancellation
/// handler closes, so descriptor numbers are never reused under a live libdispatch registration.
/// libdbus owns one retained reference to this object per callback set and releases it through the
/// free-data functions. No closure refers to this object weakly (a weak reference would give it a
/// side table, which LeakSanitizer cannot see through): blocks and sources hold it strongly, and
/// ``uninstall()`` cancels every source.
@MainActor
final class ConnectionLoop {
    /// The descriptor watches of one libdbus watch and the libdbus flags they serve (0 = none).
    private struct WatchSources {
        var sources: [any DescriptorWatch] = []
        var flags: UInt32 = 0
    }

    private let connectionBits: UInt
    /// The connection this loop serves, while installed.
    ///
    /// `unowned(unsafe)`, so that the connection gets no weak-reference side table: it is set by
    /// ``install(owner:)`` and cleared by ``uninstall()``, which `BusConnection` runs from `close()`
    /// and from its deinitializer before its storage goes, and every callback takes a strong
    /// reference (`guard let owner`) for as long as it runs. So it is never read dangling.
    private unowned(unsafe) var owner: BusConnection?
    private var watches: [UInt: WatchSources] = [:]
    /// Watches whose enabled state changed since their sources were last updated.
    private var dirtyWatches: Set<UInt> = []
    private var reconcileScheduled = false
    private var timeouts: [UInt: any DispatchSourceTimer] = [:]
    /// When each enabled timeout is next due, and whether it was already given its grace (see
    /// ``handleTimeout(_:)``).
    private var timeoutSchedules: [UInt: TimeoutSchedule] = [:]
    private var isDispatching = false
    private var turnScheduled = false
    /// Fires when the socket can take the bytes queued in ``BusTransport``; only while they wait.
    private var outputSource: (any DescriptorWatch)?
    /// Serves the socket's readiness (the main loop, or libdispatch sources).
    private let descriptorWatches: any DescriptorWatching
    /// How many loop callbacks (watch, timeout, scheduled turn) are running on the stack.
    private var callbackDepth = 0
    /// A reference that keeps the connection alive while callbacks run, even if a handler
    /// closes and releases it.
    private var heldConnectionBits: UInt = 0

    init(connection: OpaquePointer, watches: any DescriptorWatching) {
        self.connectionBits = UInt(bitPattern: connection)
        self.descriptorWatches = watches
    }

    private var connection: OpaquePointer {
        OpaquePointer(bitPattern: connectionBits)!
    }

    /// Whether a loop callback is running: what is sent now leaves when it ends.
    var isInCallback: Bool { callbackDepth > 0 }

    // MARK: Installing

    /// Installs the watch, timeout and dispatch-status callbacks on the connection.
    func install(owner: BusConnection) throws {
        self.owner = owner
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
            scheduleTurn()
        }
    }

    /// Removes every callback; libdbus calls remove for each watch and timeout, which cancels
    /// their sources, and releases this object's retained references.
    func uninstall() {
        owner = nil
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
        timeoutSchedules.removeAll()
        outputSource?.cancel()
        outputSource = nil
    }

    // MARK: Turns

    /// Dispatches every message libdbus has read (signals are delivered, method calls queued by the
    /// dispatcher), unless a dispatch is already running further up the stack (libdbus dispatch is
    /// not reentrant; the outer loop picks the rest up) or the transport forbids it for now.
    func drain() {
        guard !isDispatching, owner?.transport.mayDispatch ?? true else {
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
                if owner?.transport.mayDispatch ?? true { continue }
                return
            }
            if status == DBUS_DISPATCH_NEED_MEMORY {
                scheduleTurn()
            }
            return
        }
    }

    /// Schedules one turn on the main queue; further requests before it runs are merged. The turn
    /// first reads what is waiting on the socket, then ends as every turn does.
    func scheduleTurn() {
        guard !turnScheduled else {
            return
        }
        turnScheduled = true
        // The connection stays alive until the turn ran: the block holds its own reference.
        let bits = UInt(bitPattern: dbus_connection_ref(connection)!)
        DispatchQueue.main.async { [self] in
            MainActor.assumeIsolated {
                turnScheduled = false
                enterCallback()
                readWaiting()
                leaveCallback()
                dbus_connection_unref(OpaquePointer(bitPattern: bits)!)
            }
        }
    }

    /// Called by libdbus when messages are waiting. Inside a loop callback the turn dispatches
    /// before it ends, so only a change from outside (a blocking call, a send that read) needs a
    /// scheduled turn.
    fileprivate func dispatchStatusChanged() {
        if callbackDepth == 0 {
            scheduleTurn()
        }
    }

    private func enterCallback() {
        if callbackDepth == 0 {
            heldConnectionBits = UInt(bitPattern: dbus_connection_ref(connection)!)
        }
        callbackDepth += 1
    }

    /// Ends a loop callback; the outermost one ends the turn: output leaves, what arrived is
    /// dispatched, one round of calls is served, and the watch sources are brought up to date.
    private func leaveCallback() {
        if callbackDepth == 1 {
            endTurn()
        }
        callbackDepth -= 1
        guard callbackDepth == 0 else {
            return
        }
        let held = OpaquePointer(bitPattern: heldConnectionBits)!
        heldConnectionBits = 0
        if !dirtyWatches.isEmpty {
            reconcileWatches()
        }
        dbus_connection_unref(held)
    }

    private func endTurn() {
        guard let owner else {
            return
        }
        owner.transport.pump()
        if dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS {
            drain()
        }
        let next = owner.dispatcher.serveRound(on: owner)
        owner.transport.pump()
        switch next {
        case .idle:
            if dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS, owner.transport.mayDispatch {
                scheduleTurn()
            }
        case .more:
            scheduleTurn()
        case .waitingForOutput:
            // libdbus's own write watch calls back when libdbus holds the output; otherwise the
            // output source does, once the socket can take more.
            if dbus_connection_has_messages_to_send(connection) == 0 {
                waitForWritable()
            }
        }
        if owner.isClosingAfterFlush {
            owner.closingTurnEnded()
        }
    }

    /// Reads what the socket holds now (up to ``readsPerTurn`` reads), without waiting, through the
    /// watch libdbus reads with (whether or not its dispatch source exists yet).
    private func readWaiting() {
        let readable = watches.keys.first { watchBits in
            let watch = OpaquePointer(bitPattern: watchBits)!
            return dbus_watch_get_enabled(watch) != 0 && dbus_watch_get_flags(watch) & DBUS_WATCH_READABLE.rawValue != 0
        }
        guard let watchBits = readable else {
            return
        }
        readMore(OpaquePointer(bitPattern: watchBits)!, watchBits: watchBits, reads: ConnectionLoop.readsPerTurn)
    }

    // MARK: Output

    /// Asks for a callback once the socket can take more bytes (the transport's queue is blocked,
    /// or the dispatcher waits for output to drain before serving more calls).
    func waitForWritable() {
        guard outputSource == nil else { return }
        var socket: Int32 = -1
        guard dbus_connection_get_socket(connection, &socket) != 0, socket >= 0 else { return }
        // A duplicate, closed once it is no longer watched (see makeSources).
        let duplicate = fcntl(socket, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else { return }
        outputSource = try? descriptorWatches.watch(duplicate, for: .writable, owner: ClosingDescriptor(duplicate)) { [self] in
            handleWritable()
        }
    }

    private func handleWritable() {
        // One shot: the turn asks again if the socket fills again.
        outputSource?.cancel()
        outputSource = nil
        enterCallback()
        leaveCallback()
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
        // Strong: the block runs soon, and the loop outlives a late run harmlessly (an uninstalled
        // loop has no watches left to reconcile).
        DispatchQueue.main.async { [self] in
            MainActor.assumeIsolated {
                reconcileScheduled = false
                reconcileWatches()
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
            // Each watch watches its own duplicate of the socket, closed only once it is no longer
            // watched. libdbus closes its descriptor right after removing a watch, while libdispatch
            // unregisters a cancelled source later on its own thread; watching libdbus's descriptor
            // directly would let a new socket that reuses the number attach to the stale
            // registration and never fire. (The main loop's epoll takes only one watch per
            // descriptor, too.)
            let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
            guard duplicate >= 0 else {
                continue
            }
            let readiness: DescriptorReadiness = flag == DBUS_WATCH_READABLE.rawValue ? .readable : .writable
            // Strong: cancelling the watch (on toggle, removal or uninstall) releases the handler.
            guard
                let source = try? descriptorWatches.watch(duplicate, for: readiness, owner: ClosingDescriptor(duplicate), handler: { [self] in
                    handleWatch(watchBits, flag)
                })
            else {
                continue
            }
            made.sources.append(source)
            made.flags |= flag
        }
        return made
    }

    /// Socket reads per turn. libdbus reads at most 2 KiB per `dbus_watch_handle`, about ten small
    /// messages; reading on while the socket stays readable saves a dispatch wakeup (two thread
    /// hand-offs and about ten system calls) per 2 KiB under load, and lets the dispatcher see
    /// every sender that is waiting before it serves a round.
    private static let readsPerTurn = 32

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
        // A lone call (the usual case: a client waiting for each reply) is answered before reading
        // on, so its reply does not wait for the reads; with several waiting, the rest of what the
        // socket holds is read first, so that every waiting sender is in the round.
        if let owner, owner.dispatcher.waitingCount <= 1 {
            endTurn()
        }
        readMore(watch, watchBits: watchBits, reads: ConnectionLoop.readsPerTurn - 1)
    }

    /// Reads up to `reads` times more while the socket has data, dispatching after each read.
    private func readMore(_ watch: OpaquePointer, watchBits: UInt, reads: Int) {
        for _ in 0..<reads {
            // The watch may have been removed or disabled (back-pressure, disconnection) meanwhile.
            guard watches[watchBits] != nil, dbus_watch_get_enabled(watch) != 0 else {
                return
            }
            var poller = pollfd(fd: dbus_watch_get_unix_fd(watch), events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) == 1, poller.revents == Int16(POLLIN) else {
                return
            }
            dbus_watch_handle(watch, DBUS_WATCH_READABLE.rawValue)
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
        timeoutSchedules[timeoutBits] = nil
    }

    fileprivate func updateTimeout(_ timeoutBits: UInt) {
        let timeout = OpaquePointer(bitPattern: timeoutBits)!
        timeouts[timeoutBits]?.cancel()
        timeouts[timeoutBits] = nil
        timeoutSchedules[timeoutBits] = nil
        guard dbus_timeout_get_enabled(timeout) != 0 else {
            return
        }
        armTimeout(timeoutBits, interval: TimeoutSchedule.nanoseconds(ofMilliseconds: dbus_timeout_get_interval(timeout)), graced: false)
    }

    /// Starts the timer of an enabled timeout, due `interval` nanoseconds from now and every
    /// `interval` after that (libdbus's timeouts repeat until removed or disabled).
    private func armTimeout(_ timeoutBits: UInt, interval: UInt64, graced: Bool) {
        timeouts[timeoutBits]?.cancel()
        let due = DispatchTime.now() + .nanoseconds(Int(interval))
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: due, repeating: .nanoseconds(Int(interval)))
        // Strong: cancelling the timer (on toggle, removal or uninstall) releases the handler.
        timer.setEventHandler { [self] in
            MainActor.assumeIsolated { handleTimeout(timeoutBits) }
        }
        timer.resume()
        timeouts[timeoutBits] = timer
        timeoutSchedules[timeoutBits] = TimeoutSchedule(due: due, interval: interval, graced: graced)
    }

    /// Runs an expired libdbus timeout, after reading what the socket already holds; a timeout that
    /// comes due while the main actor is busy is first given one more interval.
    ///
    /// The timer's event and the socket's can wait on a busy main queue in either order; reading first
    /// makes the outcome what happened on the wire: a reply that arrived before the timeout fired
    /// completes its call (libdbus removes the call's timeout as it reads the reply, so the timeout
    /// is not run), however long the main actor was busy.
    ///
    /// A reply that depends on this process itself cannot have arrived: a call to another connection
    /// of this process (a test's fake service, an in-process peer) is answered only when the main
    /// actor serves that connection, and libdispatch may run a late timer before the socket events
    /// that waited beside it. So when the timer runs late by more than half its interval (the main
    /// actor was busy, not the peer slow), the call gets one more interval from now, once; a call
    /// still unanswered then times out as before, so a hung peer is still reported, at most one
    /// interval later.
    private func handleTimeout(_ timeoutBits: UInt) {
        guard timeouts[timeoutBits] != nil else {
            return
        }
        enterCallback()
        defer { leaveCallback() }
        readWaiting()
        // Removed while reading: the timeout is freed by libdbus and must not be touched.
        guard timeouts[timeoutBits] != nil else {
            return
        }
        if var schedule = timeoutSchedules[timeoutBits] {
            let now = DispatchTime.now()
            if !schedule.graced, schedule.ranLate(at: now) {
                armTimeout(timeoutBits, interval: schedule.interval, graced: true)
                return
            }
            schedule.advance(past: now)
            timeoutSchedules[timeoutBits] = schedule
        }
        dbus_timeout_handle(OpaquePointer(bitPattern: timeoutBits)!)
        drain()
    }
}

/// When a libdbus timeout's timer is next due, and whether it has had its one grace interval.
struct TimeoutSchedule {
    var due: DispatchTime
    /// Nanoseconds between two runs (at least 1).
    let interval: UInt64
    var graced: Bool

    static func nanoseconds(ofMilliseconds milliseconds: Int32) -> UInt64 {
        UInt64(max(milliseconds, 1)) * 1_000_000
    }

    /// Whether the timer runs at `now` later than half its interval after it was due.
    func ranLate(at now: DispatchTime) -> Bool {
        now.uptimeNanoseconds > due.uptimeNanoseconds && now.uptimeNanoseconds - due.uptimeNanoseconds > interval / 2
    }

    /// The next due time after `now`, as the repeating timer counts it.
    mutating func advance(past now: DispatchTime) {
        guard due.uptimeNanoseconds <= now.uptimeNanoseconds else {
            return
        }
        let missed = (now.uptimeNanoseconds - due.uptimeNanoseconds) / interval + 1
        due = DispatchTime(uptimeNanoseconds: due.uptimeNanoseconds + missed * interval)
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
