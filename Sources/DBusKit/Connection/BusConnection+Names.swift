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
