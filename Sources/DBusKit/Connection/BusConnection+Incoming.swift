/// The connection's routing of what arrives (called by ``MessageRouter``, libdbus's filter): method
/// calls to the ``MethodDispatcher``'s fair queue, signals to subscriptions and name tracking.
extension BusConnection {
    /// Routes one incoming message; returns whether it was fully handled. Method calls wait in the
    /// dispatcher's fair queue; signals are delivered now, except a departure that must follow the
    /// calls its sender still has waiting.
    func handleIncoming(_ message: BusMessage) -> Bool {
        switch message.kind {
        case .signal:
            if message.isMember(WellKnownMembers.disconnected, of: .local) {
                handleDisconnected()
                return true
            }
            if message.isFromBus {
                trackBusSignal(message)
                if let departed = departedClient(message), dispatcher.enqueueAfterCalls(of: departed, message) {
                    return false
                }
            }
            deliverSignal(message)
            return false
        case .methodCall:
            // Always handled here: libdbus answering a call itself would write behind the transport's
            // back (libdbus checked that a call has a path and a member; while closing, calls are
            // no longer answered).
            if message.path != nil, message.member != nil, closing == nil {
                dispatcher.enqueue(call: message)
            }
            return true
        case .methodReturn, .error:
            return false
        }
    }

    /// The unique name a bus `NameOwnerChanged` signal says left the bus, if it says so.
    private func departedClient(_ message: BusMessage) -> BusName? {
        guard message.isMember(WellKnownMembers.nameOwnerChanged, of: .bus),
            let (name, newOwner) = try? message.read({ reader in
                let name = try reader.readString()
                _ = try reader.readString()
                return (name, try reader.readString())
            }),
            newOwner.isEmpty, name.hasPrefix(":")
        else { return nil }
        return try? BusName(name)
    }

    private func handleDisconnected() {
        guard isConnected else {
            return
        }
        isConnected = false
        failOutstandingCalls("the bus connection was lost")
        runDisconnectWaiters()
        disconnectHandler?(self)
    }
}
