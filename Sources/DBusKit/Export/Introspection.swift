/// Renders introspection XML (the format of `org.freedesktop.DBus.Introspectable.Introspect`)
/// from interface tables.
///
/// Output is deterministic: elements appear in declaration order, indented by two spaces,
/// attributes in the order `name`, `type`, `direction`/`access`, with `&`, `<`, `>`, `"` and
/// `'` escaped. Annotations follow the arguments of their element, as the DTD requires, and
/// `org.freedesktop.DBus.Property.EmitsChangedSignal` appears only when it is not the default
/// `true`. Compare the result of ``document(interfaces:children:includingStandardInterfaces:)``
/// with committed XML files to catch unintended interface changes.
public enum Introspection {
    /// The standard document type declaration that starts every introspection document.
    public static let doctype = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
        "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        """

    /// A complete introspection document: the doctype, then one `<node>` holding the interfaces
    /// and one empty `<node name="…"/>` per child, ending with a newline.
    ///
    /// - Parameters:
    ///   - interfaces: The object's interfaces, in order.
    ///   - children: Names of child nodes (single path elements), in order.
    ///   - includingStandardInterfaces: Whether to list `org.freedesktop.DBus.Peer`,
    ///     `Introspectable` and `Properties` first, as a live object reports them.
    public static func document(
        interfaces: [InterfaceDescription],
        children: [String] = [],
        includingStandardInterfaces: Bool = false
    ) -> String {
        var all: [InterfaceDescription] = []
        if includingStandardInterfaces {
            all += [StandardInterfaces.peer, StandardInterfaces.introspectable, StandardInterfaces.properties]
        }
        all += interfaces
        var xml = doctype + "\n<node>\n"
        for interface in all {
            xml += interface.introspectionXML(indentation: 2)
        }
        for child in children {
            xml += "  <node name=\"\(escape(child))\"/>\n"
        }
        xml += "</node>\n"
        return xml
    }

    /// Escapes text for use in an XML attribute value.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}

extension InterfaceDescription {
    /// The `<interface>` element for this table, each line indented by `indentation` spaces
    /// and ending with a newline.
    public func introspectionXML(indentation: Int = 2) -> String {
        let pad = String(repeating: " ", count: indentation)
        let inner = pad + "  "
        let innermost = inner + "  "
        var xml = "\(pad)<interface name=\"\(name)\">\n"
        for method in methods {
            var annotations = method.annotations
            if method.flags.contains(.deprecated) { annotations.insert(.deprecated, at: 0) }
            if method.flags.contains(.noReply) { annotations.insert(.noReply, at: 0) }
            let arguments =
                method.inputs.map { argumentXML($0, direction: "in", indent: innermost) }
                + method.outputs.map { argumentXML($0, direction: "out", indent: innermost) }
            xml += element("method", name: method.name.rawValue, attributes: [], indent: inner,
                           children: arguments + annotations.map { annotationXML($0, indent: innermost) })
        }
        for signal in signals {
            var annotations = signal.annotations
            if signal.isDeprecated { annotations.insert(.deprecated, at: 0) }
            xml += element("signal", name: signal.name.rawValue, attributes: [], indent: inner,
                           children: signal.arguments.map { argumentXML($0, direction: nil, indent: innermost) }
                               + annotations.map { annotationXML($0, indent: innermost) })
        }
        for property in properties {
            var annotations = property.annotations
            if property.isDeprecated { annotations.insert(.deprecated, at: 0) }
            if property.changeBehavior != .emitsValue {
                annotations.insert(
                    Annotation("org.freedesktop.DBus.Property.EmitsChangedSignal", property.changeBehavior.annotationValue),
                    at: 0)
            }
            xml += element("property", name: property.name.rawValue,
                           attributes: [("type", property.signature.rawValue), ("access", property.access.introspectionValue)],
                           indent: inner, children: annotations.map { annotationXML($0, indent: innermost) })
        }
        var interfaceAnnotations = annotations
        if isDeprecated { interfaceAnnotations.insert(.deprecated, at: 0) }
        for annotation in interfaceAnnotations {
            xml += annotationXML(annotation, indent: inner)
        }
        xml += "\(pad)</interface>\n"
        return xml
    }

    private func element(
        _ tag: String, name: String, attributes: [(String, String)], indent: String, children: [String]
    ) -> String {
        var open = "\(indent)<\(tag) name=\"\(Introspection.escape(name))\""
        for (key, value) in attributes {
            open += " \(key)=\"\(Introspection.escape(value))\""
        }
        if children.isEmpty {
            return open + "/>\n"
        }
        return open + ">\n" + children.joined() + "\(indent)</\(tag)>\n"
    }

    private func argumentXML(_ argument: ArgumentDescription, direction: String?, indent: String) -> String {
        var xml = "\(indent)<arg"
        if let name = argument.name {
            xml += " name=\"\(Introspection.escape(name))\""
        }
        xml += " type=\"\(Introspection.escape(argument.signature.rawValue))\""
        if let direction {
            xml += " direction=\"\(direction)\""
        }
        return xml + "/>\n"
    }

    private func annotationXML(_ annotation: Annotation, indent: String) -> String {
        "\(indent)<annotation name=\"\(Introspection.escape(annotation.name))\" value=\"\(Introspection.escape(annotation.value))\"/>\n"
    }
}
