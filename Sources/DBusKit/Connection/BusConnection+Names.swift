extension BusConnection {
    /// Asks the bus for a well-known name.
    ///
    /// Returns after the bus answered. If the answer is ``RequestNameReply/primaryOwner``, the
    /// bus's `NameAcquired` signal has already been processed: ``ownedNames`` contains the name
    /// and ``nameAcquiredHandler`` has run. Losing the name later (for example to a connection
    /// that requests it with ``RequestNameOptions/replaceExisting`` while we allowed
    /// replacement) removes it from ``ownedNames`` and runs ``nameLostHandler``.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidArguments`` for a
    ///   unique name; the bus's error (for example `AccessDenied` from policy) with code
    ///   ``BusError/Code-swift.struct/remote``; ``BusError/Code-swift.struct/disconnected``.
    public func requestName(_ name: BusName, options: RequestNameOptions = []) async throws -> RequestNameReply {
        if name.isUnique {
            throw BusError.invalidArguments(
                "cannot request '\(name)': unique names are assigned by the bus; request a well-known name such as 'org.example.Service1'"
            )
        }
        let reply = try await call(
            destination: .bus, path: WellKnownMembers.busPath, interface: .bus, member: WellKnownMembers.requestName,
            arguments: [.string(name.rawValue), .uint32(options.rawValue)])
        let code = try reply.read { reader in try reader.readUInt32() }
        guard let result = RequestNameReply(rawValue: code) else {
            throw BusError.failed("the bus answered RequestName for '\(name)' with the unknown code \(code)")
        }
        return result
    }

    /// Gives up a well-known name, or leaves its queue.
    ///
    /// - Throws: See ``requestName(_:options:)``.
    @discardableResult
    public func releaseName(_ name: BusName) async throws -> ReleaseNameReply {
        let reply = try await call(
            destination: .bus, path: WellKnownMembers.busPath, interface: .bus, member: WellKnownMembers.releaseName,
            arguments: [.string(name.rawValue)])
        let code = try reply.read { reader in try reader.readUInt32() }
        guard let result = ReleaseNameReply(rawValue: code) else {
            throw BusError.failed("the bus answered ReleaseName for '\(name)' with the unknown code \(code)")
        }
        if result == .released {
            ownedNames.remove(name)
        }
        return result
    }

    /// Updates name ownership from the bus's unicast `NameAcquired` and `NameLost` signals.
    func trackBusSignal(_ message: BusMessage) {
        let acquired = message.isMember(WellKnownMembers.nameAcquired, of: .bus)
        let lost = !acquired && message.isMember(WellKnownMembers.nameLost, of: .bus)
        guard acquired || lost, let uniqueName, message.destination == uniqueName,
            let raw = message.arguments.first?.stringValue, let name = try? BusName(raw)
        else {
            return
        }
        if name.isUnique {
            return
        }
        if acquired {
            ownedNames.insert(name)
            nameAcquiredHandler?(name)
        } else {
            ownedNames.remove(name)
            nameLostHandler?(name)
        }
    }
}

extension BusConnection {
    /// Suspends, without blocking the main actor, until `name` has no owner on the bus — for a unique
    /// name: until that connection has left the bus — or the connection to the bus is lost (which
    /// also means the name's owner is gone from this bus), or `timeout` passes.
    ///
    /// Follows the bus's `NameOwnerChanged` for `name` (a match rule added first, then the owner
    /// asked once, so a departure in between is not missed).
    ///
    /// - Returns: `true` when the name has no owner (or the bus went away), `false` after `timeout`.
    /// - Throws: The bus's error for the match rule or the `NameHasOwner` question;
    ///   ``BusError/Code-swift.struct/disconnected`` when the connection was closed before.
    public func waitUntilUnowned(_ name: BusName, timeout: Duration) async throws -> Bool {
        try ensureConnected("wait for \(name) to leave the bus")
        let outcome = OneShot<Bool>()
        let rule = MatchRule(
            kind: .signal, sender: .bus, interface: .bus, member: WellKnownMembers.nameOwnerChanged,
            path: WellKnownMembers.busPath, arguments: [0: name.rawValue])
        let subscription = try await addMatch(rule) { message in
            let arguments = message.arguments
            if arguments.count == 3, arguments[2].stringValue == "" { outcome.settle(true) }
        }
        defer { subscription.cancel() }
        let owned = try await call(
            destination: .bus, path: WellKnownMembers.busPath, interface: .bus, member: "NameHasOwner",
            arguments: [.string(name.rawValue)]
        ).arguments.first?.boolValue ?? false
        guard owned, isConnected else { return true }
        let key = ObjectIdentifier(outcome)
        disconnectWaiters[key] = { outcome.settle(true) }
        defer { disconnectWaiters[key] = nil }
        let timer = Task { @MainActor in
            try? await Task.sleep(for: timeout)
            outcome.settle(false)
        }
        defer { timer.cancel() }
        return await outcome.value()
    }
}

/// A value settled once, by whichever event comes first, and awaited on the main actor.
@MainActor
final class OneShot<Value: Sendable> {
    private var settled: Value?
    private var waiter: CheckedContinuation<Value, Never>?

    func settle(_ value: Value) {
        guard settled == nil else { return }
        settled = value
        waiter?.resume(returning: value)
        waiter = nil
    }

    func value() async -> Value {
        if let settled { return settled }
        return await withCheckedContinuation { continuation in
            waiter = continuation
        }
    }
}
