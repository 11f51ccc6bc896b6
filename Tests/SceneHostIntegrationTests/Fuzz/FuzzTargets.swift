import DBusKit
import Foundation

/// What one object says about itself in its introspection document.
struct IntrospectedObject {
    struct Method {
        let interface: InterfaceName
        let name: MemberName
        let inputs: Signature
    }

    struct Property {
        let interface: InterfaceName
        let name: String
        let type: Signature
        let writable: Bool
    }

    let destination: BusName
    let path: ObjectPath
    var methods: [Method] = []
    var properties: [Property] = []
    var interfaces: [InterfaceName] = []
    var children: [String] = []

    /// Reads the `<interface>`, `<method>`, `<arg>`, `<property>` and child `<node>` elements of a
    /// document DBusKit wrote (one element per line or per tag; attributes in double quotes).
    init(destination: BusName, path: ObjectPath, xml: String) {
        self.destination = destination
        self.path = path
        var interface: InterfaceName?
        var method: (name: MemberName, inputs: String)?
        var depth = 0
        for tag in xml.split(separator: "<").map({ "<" + $0 }) {
            let attributes = Self.attributes(of: tag)
            if tag.hasPrefix("<node") {
                depth += 1
                if depth > 1, let name = attributes["name"] { children.append(name) }
                if tag.contains("/>") { depth -= 1 }
            } else if tag.hasPrefix("</node") {
                depth -= 1
            } else if tag.hasPrefix("<interface"), let name = attributes["name"].flatMap({ try? InterfaceName($0) }) {
                interface = name
                interfaces.append(name)
            } else if tag.hasPrefix("<method"), let name = attributes["name"].flatMap({ try? MemberName($0) }) {
                method = (name, "")
                if tag.contains("/>"), let interface {
                    methods.append(Method(interface: interface, name: name, inputs: .empty))
                    method = nil
                }
            } else if tag.hasPrefix("<arg"), method != nil, attributes["direction"] != "out", let type = attributes["type"] {
                method?.inputs += type
            } else if tag.hasPrefix("</method"), let done = method, let interface {
                methods.append(Method(interface: interface, name: done.name, inputs: Signature(unchecked: done.inputs)))
                method = nil
            } else if tag.hasPrefix("<property"), let interface, let name = attributes["name"], let type = attributes["type"] {
                properties.append(
                    Property(interface: interface, name: name, type: Signature(unchecked: type), writable: attributes["access"]?.contains("write") ?? false))
            }
        }
    }

    private static func attributes(of tag: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(tag)
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).last.map(String.init) ?? ""
            let afterEquals = rest[rest.index(after: equals)...]
            guard afterEquals.first == "\"", let close = afterEquals.dropFirst().firstIndex(of: "\"") else { break }
            result[key] = String(afterEquals[afterEquals.index(after: afterEquals.startIndex)..<close])
            rest = afterEquals[afterEquals.index(after: close)...]
        }
        return result
    }
}
