extension ObjectRegistry {
    /// The error for a call to a path where nothing is exported.
    func unknownObject(_ path: ObjectPath) -> BusError {
        BusError(code: .remote, name: .unknownObject, message: "no object is exported at \(path)")
    }

    /// The introspection document for `path`, or `nil` when nothing is exported at or below it.
    func introspectionXML(at path: ObjectPath) -> String? {
        let interfaces = resolve(path)
        let isManager = managers[path] != nil
        let children = children(of: path)
        guard interfaces != nil || isManager || !children.isEmpty || path == .root else {
            return nil
        }
        let descriptions =
            StandardInterfaces.available(object: interfaces != nil, manager: isManager) + (interfaces ?? []).map(\.description)
        return Introspection.document(interfaces: descriptions, children: children)
    }

    /// Calls a property's getter and checks the value's type.
    func currentValue(of property: PropertyDescription, in interface: InterfaceName) throws -> BusValue {
        guard let getter = property.getter else {
            throw BusError.invalidArguments("\(interface).\(property.name) is write-only and cannot be read")
        }
        let value = try getter()
        guard value.signature == property.signature else {
            throw BusError.failed(
                "the getter of \(interface).\(property.name) returned a value of type '\(value.signature)' but the "
                    + "property is declared '\(property.signature)'; fix the getter or the declaration")
        }
        return value
    }

    /// Writes `a{sa{sv}}`: each interface with its readable properties (skipping any whose getter
    /// fails), preceded by the standard interfaces with no properties when asked.
    func writeInterfacesAndProperties(
        _ writer: inout MessageWriter,
        _ interfaces: [CompiledInterface],
        includingStandard: Bool
    ) throws {
        try writer.appendDictionary(key: .string, value: "a{sv}") { writer in
            if includingStandard {
                for standard in [InterfaceName.peer, .introspectable, .properties] {
                    try writer.appendDictEntry { writer in
                        try writer.append(standard.rawValue)
                        try writer.appendDictionary(key: .string, value: .variant) { _ in }
                    }
                }
            }
            for interface in interfaces {
                try writer.appendDictEntry { writer in
                    try writer.append(interface.name.rawValue)
                    try writeProperties(&writer, interface)
                }
            }
        }
    }

    /// Writes `a{sv}` with the readable properties of `interface`, leaving out any whose getter
    /// throws or returns a value of the wrong type.
    func writeProperties(_ writer: inout MessageWriter, _ interface: CompiledInterface) throws {
        var values: [(MemberName, BusValue)] = []
        for property in interface.description.properties where property.access.isReadable {
            do {
                values.append((property.name, try currentValue(of: property, in: interface.name)))
            } catch {
                continue
            }
        }
        try writer.appendDictionary(key: .string, value: .variant) { writer in
            for (name, value) in values {
                try writer.appendDictEntry { writer in
                    try writer.append(name.rawValue)
                    try writer.appendVariant(containing: value.signature) { writer in try writer.append(value) }
                }
            }
        }
    }
}
