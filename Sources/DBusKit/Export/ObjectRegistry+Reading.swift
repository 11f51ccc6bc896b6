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

    /// The body of `PropertiesChanged` for `names` of `interface` at `path`, values read now through
    /// the getters (see ``BusConnection/emitPropertiesChanged(path:interface:properties:)``).
    func propertiesChangedBody(path: ObjectPath, interface: InterfaceName, properties names: [MemberName]) throws
        -> (inout MessageWriter) throws -> Void
    {
        guard let interfaces = resolve(path) else {
            throw BusError.invalidArguments("cannot emit PropertiesChanged: no object is exported at \(path)")
        }
        guard let compiled = interfaces.first(where: { $0.name == interface }) else {
            throw BusError.invalidArguments("cannot emit PropertiesChanged: the object at \(path) does not implement \(interface)")
        }
        var changed: [(MemberName, PropertyDescription)] = []
        var invalidated: [MemberName] = []
        for name in names {
            guard let property = compiled.properties[name] else {
                throw BusError.invalidArguments("cannot emit PropertiesChanged: \(interface) has no property \(name)")
            }
            switch property.changeBehavior {
            case .emitsValue:
                changed.append((name, property))
            case .invalidates:
                invalidated.append(name)
            case .constant, .notEmitted:
                throw BusError.invalidArguments(
                    "cannot emit PropertiesChanged for \(interface).\(name): it is declared EmitsChangedSignal="
                        + "\(property.changeBehavior.annotationValue); declare it .emitsValue or .invalidates")
            }
        }
        let values = try changed.map { name, property in (name, try self.currentValue(of: property, in: interface)) }
        return { writer in
            try writer.append(interface.rawValue)
            try writer.appendDictionary(key: .string, value: .variant) { writer in
                for (name, value) in values {
                    try writer.appendDictEntry { writer in
                        try writer.append(name.rawValue)
                        try writer.appendVariant(containing: value.signature) { writer in try writer.append(value) }
                    }
                }
            }
            try writer.appendArray(of: .string) { writer in
                for name in invalidated {
                    try writer.append(name.rawValue)
                }
            }
        }
    }
}
