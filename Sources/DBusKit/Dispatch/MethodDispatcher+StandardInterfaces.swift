extension MethodDispatcher {
    // MARK: Peer

    /// Answers `org.freedesktop.DBus.Peer` on any path, as libdbus would (on a bus connection libdbus
    /// routes these calls here; see ``BusTransport``). `Ping`'s empty reply is built in Swift.
    func answerPeer(_ message: BusMessage, member: MemberName) {
        switch member {
        case WellKnownMembers.ping, WellKnownMembers.getMachineId:
            guard message.signature.isEmpty else {
                sendError(BusError.invalidArguments("\(InterfaceName.peer).\(member) takes no arguments but received '\(message.signature)'"), to: message)
                return
            }
            if member == WellKnownMembers.ping {
                sendReply([], to: message, method: nil)
                return
            }
            do {
                let machine = try LibDBus.localMachineID()
                sendReply(writing: { writer in try writer.append(machine) }, to: message, method: nil)
            } catch {
                sendError(error, to: message)
            }
        default:
            sendError(BusError(code: .remote, name: .unknownMethod, message: "\(InterfaceName.peer) has no method \(member)"), to: message)
        }
    }

    // MARK: Introspectable

    func answerIntrospectable(_ message: BusMessage, path: ObjectPath, member: MemberName) {
        guard member == WellKnownMembers.introspect else {
            sendError(BusError(code: .remote, name: .unknownMethod, message: "\(InterfaceName.introspectable) has no method \(member)"), to: message)
            return
        }
        guard message.signature.isEmpty else {
            sendError(BusError.invalidArguments("Introspect takes no arguments but received '\(message.signature)'"), to: message)
            return
        }
        guard let xml = registry.introspectionXML(at: path) else {
            sendError(registry.unknownObject(path), to: message)
            return
        }
        sendReply(writing: { writer in try writer.append(xml) }, to: message, method: nil)
    }

    // MARK: Properties

    func answerProperties(_ message: BusMessage, path: ObjectPath, member: MemberName, on connection: any DispatchHost) {
        let expected: String
        switch member {
        case WellKnownMembers.get: expected = "ss"
        case WellKnownMembers.getAll: expected = "s"
        case WellKnownMembers.set: expected = "ssv"
        default:
            sendError(BusError(code: .remote, name: .unknownMethod, message: "\(InterfaceName.properties) has no method \(member)"), to: message)
            return
        }
        guard message.signature.rawValue == expected else {
            sendError(
                BusError.invalidArguments(
                    "\(InterfaceName.properties).\(member) expects arguments of signature '\(expected)' but received '\(message.signature)'"),
                to: message)
            return
        }
        guard let interfaces = registry.resolve(path) else {
            sendError(registry.unknownObject(path), to: message)
            return
        }
        do {
            let arguments = message.arguments
            // The interface argument is a string off the wire: validated before it becomes a name.
            let interfaceName = try InterfaceName(arguments[0].stringValue ?? "")
            if StandardInterfaces.reservedNames.contains(interfaceName) {
                guard member == WellKnownMembers.getAll else {
                    throw BusError(
                        code: .remote, name: .unknownProperty,
                        message: "\(interfaceName) has no properties; ask an interface of the object at \(path)")
                }
                sendReply(writing: { writer in try writer.appendDictionary(key: .string, value: .variant) { _ in } }, to: message, method: nil)
                return
            }
            guard let interface = interfaces.first(where: { $0.name == interfaceName }) else {
                throw BusError(
                    code: .remote, name: .unknownInterface,
                    message: "the object at \(path) does not implement '\(interfaceName)'")
            }
            switch member {
            case WellKnownMembers.getAll:
                sendReply(
                    writing: { writer in try registry.writeProperties(&writer, interface) }, to: message,
                    method: nil)
            case WellKnownMembers.get:
                let property = try findProperty(arguments[1].stringValue ?? "", in: interface, path: path)
                guard property.access.isReadable else {
                    throw BusError.invalidArguments("\(interface.name).\(property.name) is write-only and cannot be read")
                }
                let value = try registry.currentValue(of: property, in: interface.name)
                sendReply(
                    writing: { writer in try writer.appendVariant(containing: value.signature) { try $0.append(value) } },
                    to: message, method: nil)
            default:
                let property = try findProperty(arguments[1].stringValue ?? "", in: interface, path: path)
                guard property.access.isWritable, let setter = property.setter else {
                    throw BusError(
                        code: .remote, name: .propertyReadOnly,
                        message: "\(interface.name).\(property.name) is read-only")
                }
                let value = arguments[2].variantValue ?? arguments[2]
                guard value.signature == property.signature else {
                    throw BusError.invalidArguments(
                        "\(interface.name).\(property.name) has type '\(property.signature)' but the value has type '\(value.signature)'")
                }
                try setter(value)
                sendReply(writing: { _ in }, to: message, method: nil)
                if property.changeBehavior == .emitsValue || property.changeBehavior == .invalidates {
                    try? connection.emitPropertiesChanged(path: path, interface: interface.name, properties: [property.name])
                }
            }
        } catch {
            sendError(error, to: message)
        }
    }

    private func findProperty(_ name: String, in interface: CompiledInterface, path: ObjectPath) throws -> PropertyDescription {
        guard let memberName = try? MemberName(name), let property = interface.properties[memberName] else {
            throw BusError(
                code: .remote, name: .unknownProperty,
                message: "\(interface.name) at \(path) has no property '\(name)'")
        }
        return property
    }

    // MARK: ObjectManager

    func answerObjectManager(_ message: BusMessage, path: ObjectPath, member: MemberName) {
        guard registry.managers[path] != nil else {
            if registry.resolve(path) != nil {
                sendError(
                    BusError(code: .remote, name: .unknownInterface, message: "the object at \(path) is not an object manager"),
                    to: message)
            } else {
                sendError(registry.unknownObject(path), to: message)
            }
            return
        }
        guard member == WellKnownMembers.getManagedObjects else {
            sendError(BusError(code: .remote, name: .unknownMethod, message: "\(InterfaceName.objectManager) has no method \(member)"), to: message)
            return
        }
        guard message.signature.isEmpty else {
            sendError(BusError.invalidArguments("GetManagedObjects takes no arguments but received '\(message.signature)'"), to: message)
            return
        }
        let managed = registry.objects(below: path)
        sendReply(
            writing: { writer in
                try writer.appendDictionary(key: .objectPath, value: "a{sa{sv}}") { writer in
                    for objectPath in managed {
                        guard let node = registry.nodes[objectPath] else { continue }
                        try writer.appendDictEntry { writer in
                            try writer.append(objectPath)
                            try registry.writeInterfacesAndProperties(&writer, node.interfaces, includingStandard: true)
                        }
                    }
                }
            }, to: message, method: nil)
    }
}
