extension BusConnection {
    /// Emits a signal whose arguments are written straight into the message by `body`.
    ///
    /// No ``BusValue`` is built and the message is not flushed (it leaves as soon as the socket
    /// accepts it). Signals are sent in the order they are emitted.
    ///
    /// Signals emitted while this connection answers a method call (from a handler) are held until
    /// the handler returns and then sent, in order, right after its reply: the caller gets its
    /// answer without waiting for the bus to route the call's side effects first, and the bus
    /// daemon handles the reply and the signals in one pass. A deferred or async reply comes after
    /// them.
    ///
    /// - Parameters:
    ///   - destination: A unique or well-known name for a unicast signal; `nil` to broadcast.
    /// - Throws: ``BusError/Code-swift.struct/disconnected`` after disconnection; anything the
    ///   writer or `body` throws (the signal is then not sent).
    public func emitSignal(
        path: ObjectPath,
        interface: InterfaceName,
        member: MemberName,
        destination: BusName? = nil,
        _ body: (inout MessageWriter) throws -> Void
    ) throws {
        try ensureConnected("emit \(interface).\(member)")
        let message = BusMessage.signal(path: path, interface: interface, member: member)
        if let destination {
            message.setDestination(destination)
        }
        try message.write(body)
        try sendSignal(message)
    }

    /// Emits a signal whose arguments are all basic values, marshalled in Swift by `body`
    /// (``BasicBodyWriter``): the fastest way to emit, for signals sent thousands of times a second.
    ///
    /// Same ordering and delivery as ``emitSignal(path:interface:member:destination:_:)``; the
    /// message carries a serial from DBusKit's own range (see ``BusConnection``).
    ///
    /// - Throws: ``BusError/Code-swift.struct/disconnected`` after disconnection; what `body`
    ///   throws (the signal is then not sent).
    public func emitBasicSignal(
        path: ObjectPath,
        interface: InterfaceName,
        member: MemberName,
        destination: BusName? = nil,
        _ body: (inout BasicBodyWriter) throws -> Void
    ) throws {
        try ensureConnected("emit \(interface).\(member)")
        var writer = BasicBodyWriter()
        try body(&writer)
        sendSignal(wire: prebuiltSignal(path: path, interface: interface, member: member, destination: destination, body: writer))
    }

    /// Emits a signal with `arguments`. Flat basic arguments take the Swift-marshalled path.
    ///
    /// - Throws: See ``emitSignal(path:interface:member:destination:_:)``.
    public func emitSignal(
        path: ObjectPath,
        interface: InterfaceName,
        member: MemberName,
        destination: BusName? = nil,
        arguments: [BusValue]
    ) throws {
        try ensureConnected("emit \(interface).\(member)")
        if let body = try BasicBodyWriter(basic: arguments) {
            sendSignal(wire: prebuiltSignal(path: path, interface: interface, member: member, destination: destination, body: body))
            return
        }
        try emitSignal(path: path, interface: interface, member: member, destination: destination) { writer in
            try writer.append(contentsOf: arguments)
        }
    }

    /// Sends `message` now, or holds it while a method call is being answered.
    func sendSignal(_ message: BusMessage) throws {
        try checkUnixFDs(message)
        guard dispatcher.isAnsweringCall else {
            try send(message)
            return
        }
        message.seal()
        dispatcher.hold(message)
    }

    /// Sends the wire bytes of a Swift-built signal now, or holds them while a method call is
    /// being answered.
    private func sendSignal(wire: [UInt8]) {
        guard dispatcher.isAnsweringCall else {
            transport.send(wire: wire)
            return
        }
        dispatcher.hold(wire: wire)
    }

    private func prebuiltSignal(
        path: ObjectPath, interface: InterfaceName, member: MemberName, destination: BusName?, body: BasicBodyWriter
    ) -> [UInt8] {
        var fields: [BusMessage.WireField] = [.path(path), .interface(interface), .member(member)]
        if let destination { fields.append(.destination(destination)) }
        return BusMessage.prebuiltWire(.signal, serial: transport.takeSerial(), fields: fields, body: body)
    }

    /// Adds `rule` on the bus and routes the messages it selects to `handler`.
    ///
    /// Returns once the bus has confirmed the rule, so every matching message sent after that
    /// reaches the handler. Handlers run on the main actor in arrival order; a message that
    /// matches several subscriptions reaches each of them, in subscription order. When
    /// `rule.sender` is a well-known name, DBusKit first looks up its owner and then follows
    /// `NameOwnerChanged`, so only messages from the current owner are delivered.
    ///
    /// - Throws: ``BusError`` with name `org.freedesktop.DBus.Error.MatchRuleInvalid` when the
    ///   rule is inconsistent or the bus rejects it; ``BusError/Code-swift.struct/disconnected``.
    public func addMatch(_ rule: MatchRule, handler: @escaping @MainActor (BusMessage) -> Void) async throws
        -> MatchSubscription
    {
        try rule.validate()
        try ensureConnected("add the match rule \(rule)")
        let sender = rule.sender.flatMap { $0.isUnique || $0 == .bus ? nil : $0 }
        if let sender {
            try await startTrackingOwner(of: sender)
        }
        do {
            _ = try await call(
                destination: .bus, path: WellKnownMembers.busPath, interface: .bus,
                member: WellKnownMembers.addMatch, arguments: [.string(rule.description)])
        } catch {
            if let sender {
                stopTrackingOwner(of: sender)
            }
            throw error
        }
        let subscription = MatchSubscription(rule: rule, connection: self, isInternal: false, handler: handler)
        subscriptions.append(subscription)
        return subscription
    }

    func removeSubscription(_ subscription: MatchSubscription) {
        subscriptions.removeAll { $0 === subscription }
        guard isConnected else {
            return
        }
        let message = BusMessage.methodCall(
            destination: .bus, path: WellKnownMembers.busPath, interface: .bus, member: WellKnownMembers.removeMatch)
        message.noReplyExpected = true
        _ = try? message.append([.string(subscription.rule.description)])
        _ = try? send(message)
        if !subscription.isInternal, let sender = subscription.rule.sender, !sender.isUnique, sender != .bus {
            stopTrackingOwner(of: sender)
        }
    }

    /// Hands `message` to every active subscription whose rule it matches, in order.
    func deliverSignal(_ message: BusMessage) {
        guard !subscriptions.isEmpty else {
            return
        }
        var snapshot: MatchRule.ArgumentSnapshot?
        for subscription in subscriptions where subscription.isActive {
            if subscription.rule.matches(message, ownerOf: { self.nameOwners[$0]?.owner }, snapshot: &snapshot) {
                subscription.handler(message)
            }
        }
    }

    // MARK: Well-known sender resolution

    private func startTrackingOwner(of name: BusName) async throws {
        if let tracking = nameOwners[name] {
            tracking.users += 1
            return
        }
        let rule = MatchRule(
            kind: .signal, sender: .bus, interface: .bus, member: WellKnownMembers.nameOwnerChanged,
            path: WellKnownMembers.busPath, arguments: [0: name.rawValue])
        let subscription = MatchSubscription(rule: rule, connection: self, isInternal: true) { [weak self] message in
            guard let self, let tracking = self.nameOwners[name] else { return }
            let arguments = message.arguments
            if arguments.count == 3, let newOwner = arguments[2].stringValue {
                tracking.owner = try? BusName(newOwner)  // "" (no owner) is not a name
            }
        }
        let tracking = NameOwnerTracking(subscription: subscription)
        // Registered before the first suspension, so concurrent addMatch calls share it.
        nameOwners[name] = tracking
        subscriptions.append(subscription)
        do {
            _ = try await call(
                destination: .bus, path: WellKnownMembers.busPath, interface: .bus, member: WellKnownMembers.addMatch,
                arguments: [.string(rule.description)])
            let reply = try await call(
                destination: .bus, path: WellKnownMembers.busPath, interface: .bus,
                member: WellKnownMembers.getNameOwner, arguments: [.string(name.rawValue)])
            if let owner = reply.arguments.first?.stringValue {
                tracking.owner = try? BusName(owner)
            }
        } catch let error as BusError where error.name == .nameHasNoOwner {
            tracking.owner = nil
        } catch {
            stopTrackingOwner(of: name)
            throw error
        }
    }

    private func stopTrackingOwner(of name: BusName) {
        guard let tracking = nameOwners[name] else {
            return
        }
        tracking.users -= 1
        if tracking.users == 0 {
            nameOwners[name] = nil
            tracking.subscription.cancel()
        }
    }
}
