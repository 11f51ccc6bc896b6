import Foundation

/// One interface of the committed contract (Config/dbus/<name>.xml), read without an XML library so
/// that it is independent of the python client's parser.
struct ContractInterface {
    struct Argument {
        let name: String
        let type: String
        let direction: String
    }

    struct Member {
        let kind: String
        let name: String
        var arguments: [Argument] = []
        var type = ""
        var access = ""
        var annotations: [String] = []

        /// The member as `contract.py` writes it: `method TouchUp(in u slot) org.scenehost.Access=changes`,
        /// `signal Log(t seq, o scene, s line)`,
        /// `property Version s read org.freedesktop.DBus.Property.EmitsChangedSignal=const`.
        var line: String {
            switch kind {
            case "method":
                (["method \(name)(\(arguments.map { "\($0.direction) \($0.type) \($0.name)" }.joined(separator: ", ")))"] + annotations)
                    .joined(separator: " ")
            case "signal": "signal \(name)(\(arguments.map { "\($0.type) \($0.name)" }.joined(separator: ", ")))"
            default: (["property", name, type, access] + annotations).joined(separator: " ")
            }
        }

        /// The method's `org.scenehost.Access` annotation: `reads` or `changes` (nil when missing).
        var inputAccess: String? {
            annotations.first { $0.hasPrefix("org.scenehost.Access=") }.map { String($0.dropFirst("org.scenehost.Access=".count)) }
        }

        /// The input (for a signal: the body) signature.
        var inputSignature: String { arguments.filter { $0.direction == "in" }.map(\.type).joined() }
        var outputSignature: String { arguments.filter { $0.direction == "out" }.map(\.type).joined() }
    }

    let name: String
    let members: [Member]

    func member(_ name: String) -> Member? { members.first { $0.name == name } }
    var lines: [String] { members.map(\.line) }

    /// Reads Config/dbus/`name`.xml.
    init(_ name: String) throws {
        self.name = name
        var text = try String(contentsOfFile: ExternalClientTools.contractFolder + "/\(name).xml", encoding: .utf8)
        while let open = text.range(of: "<!--"), let close = text.range(of: "-->", range: open.upperBound..<text.endIndex) {
            text.removeSubrange(open.lowerBound..<close.upperBound)
        }
        var members: [Member] = []
        var current: Member?
        for tag in text.split(separator: "<").dropFirst().compactMap({ $0.split(separator: ">").first.map(String.init) }) {
            let closing = tag.hasPrefix("/")
            let selfClosing = tag.hasSuffix("/")
            let words = tag.trimmingCharacters(in: CharacterSet(charactersIn: "/")).split(separator: " ", maxSplits: 1)
            let element = String(words.first ?? "")
            let attributes = Self.attributes(words.count > 1 ? String(words[1]) : "")
            switch (element, closing) {
            case ("method", false), ("signal", false), ("property", false):
                var member = Member(kind: element, name: attributes["name"] ?? "")
                member.type = attributes["type"] ?? ""
                member.access = attributes["access"] ?? ""
                if selfClosing { members.append(member) } else { current = member }
            case ("arg", false):
                current?.arguments.append(
                    Argument(name: attributes["name"] ?? "", type: attributes["type"] ?? "", direction: attributes["direction"] ?? "in"))
            case ("annotation", false):
                current?.annotations.append("\(attributes["name"] ?? "")=\(attributes["value"] ?? "")")
            case ("method", true), ("signal", true), ("property", true):
                if let member = current { members.append(member) }
                current = nil
            default:
                break
            }
        }
        self.members = members
    }

    /// `name="value"` pairs of a tag.
    private static func attributes(_ text: String) -> [String: String] {
        let parts = text.split(separator: "\"", omittingEmptySubsequences: false)
        var result: [String: String] = [:]
        for index in stride(from: 0, to: parts.count - 1, by: 2) {
            let key = parts[index].trimmingCharacters(in: CharacterSet(charactersIn: " \t\n="))
            result[key] = String(parts[index + 1])
        }
        return result
    }

    /// Host1, Scene1 and Window1.
    static func all() throws -> [ContractInterface] {
        try ["org.scenehost.Host1", "org.scenehost.Scene1", "org.scenehost.Window1"].map(ContractInterface.init)
    }
}
