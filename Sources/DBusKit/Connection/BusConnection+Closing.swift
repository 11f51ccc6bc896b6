internal import CDBus

/// The connection's lifecycle: closing at once or after a flush, and losing the bus.
extension BusConnection {
    /// Closes the connection: fails outstanding calls with
    /// ``BusError/Code-swift.struct/disconnected``, forgets exported objects and signal
    /// subscriptions, detaches from the run loop, and closes the socket (for a `.private`
    /// connection; a `.shared` one stays open inside libdbus, which forbids closing it).
    ///
    /// Messages not yet written are dropped; use ``close(flushingWithin:then:)`` to let them leave
    /// first. ``disconnectHandler`` does not run for an explicit close. Calling `close()` again does
    /// nothing.
    public func close() {
        shutDown()
    }

    /// Closes the connection once everything sent has been written, or after `timeout`, whichever
    /// comes first, without blocking: the main loop keeps writing meanwhile, and `completion` runs
    /// on the main actor once the connection is closed (at once when nothing waits).
    ///
    /// From this call on, incoming method calls are no longer answered and signals no longer
    /// delivered; sending still works until the connection is closed.
    public func close(flushingWithin timeout: Duration, then completion: @escaping @MainActor () -> Void = {}) {
        guard !isClosed, closing == nil else {
            completion()
            return
        }
        dispatcher.stop()
        for subscription in subscriptions { subscription.deactivate() }
        transport.pump()
        guard isConnected, transport.hasPendingOutput else {
            shutDown()
            completion()
            return
        }
        closing = (ContinuousClock.now + timeout, completion)
        transport.loop.waitForWritable()
        Task { @MainActor [self] in
            try? await Task.sleep(for: timeout)
            finishClosing()
        }
    }

    /// Called at the end of every loop turn while closing: closes once the output is written.
    func closingTurnEnded() {
        guard let closing else { return }
        if !transport.hasPendingOutput || transport.isBroken || !isConnected || ContinuousClock.now >= closing.deadline {
            finishClosing()
        }
    }

    /// Whether ``close(flushingWithin:then:)`` is waiting for output to be written.
    var isClosingAfterFlush: Bool { closing != nil }

    func finishClosing() {
        guard let closing else { return }
        self.closing = nil
        shutDown()
        closing.completion()
    }

    func shutDown() {
        guard !isClosed else {
            return
        }
        isClosed = true
        isConnected = false
        dispatcher.stop()
        transport.discardQueue()
        failOutstandingCalls("the connection was closed")
        runDisconnectWaiters()
        for subscription in subscriptions {
            subscription.deactivate()
        }
        subscriptions.removeAll()
        nameOwners.removeAll()
        registry.removeAll()
        router.uninstall()
        transport.loop.uninstall()
        if sharing == .private {
            dbus_connection_close(raw)
        } else if BusConnection.sharedConnections[UInt(bitPattern: raw)]?.connection === self
            || BusConnection.sharedConnections[UInt(bitPattern: raw)]?.connection == nil
        {
            BusConnection.sharedConnections[UInt(bitPattern: raw)] = nil
        }
    }

    func failOutstandingCalls(_ reason: String) {
        let calls = inFlight.values
        inFlight.removeAll()
        for call in calls {
            call.finish(
                throwing: BusError(
                    code: .disconnected, name: .disconnected,
                    message: "no reply will arrive: \(reason); open a new BusConnection to retry"))
        }
    }

    func runDisconnectWaiters() {
        let waiters = disconnectWaiters.values
        disconnectWaiters.removeAll()
        for waiter in waiters { waiter() }
    }
}
