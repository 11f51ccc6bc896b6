import Foundation

/// A JSON document as the clients print it.
enum JSON: Equatable, Sendable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(parsing text: String) throws {
        self = try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
    }

    // Deliberately the tests' own decoder, not the host's JSONValue (`duplicates` pairs them): these
    // tests check what the clients print independently of the code under test.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    /// The member `key` of an object (`.null` when absent).
    subscript(key: String) -> JSON {
        if case .object(let members) = self { return members[key] ?? .null }
        return .null
    }

    /// Element `index` of an array (`.null` when out of range).
    subscript(index: Int) -> JSON {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return .null
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    var int: Int? { number.map { Int($0) } }

    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var array: [JSON] {
        if case .array(let elements) = self { return elements }
        return []
    }

    var object: [String: JSON] {
        if case .object(let members) = self { return members }
        return [:]
    }

    var isNull: Bool { self == .null }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let elements): "[\(elements.map(\.description).joined(separator: ", "))]"
        case .object(let members): "{\(members.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", "))}"
        }
    }
}

/// One call a python client made (`scenehost_bus.Client.call`): its label, and its reply with the
/// reply's signature, or its error name and message.
struct RecordedCall: CustomStringConvertible {
    let label: String
    let path: String
    let interface: String
    let member: String
    let reply: [JSON]?
    let replySignature: String?
    let error: String?
    let message: String?

    init(_ json: JSON) {
        label = json["call"].string ?? ""
        path = json["path"].string ?? ""
        interface = json["interface"].string ?? ""
        member = json["member"].string ?? ""
        reply = json["reply"].isNull ? nil : json["reply"].array
        replySignature = json["replySignature"].string
        error = json["error"].string
        message = json["message"].string
    }

    var description: String {
        error.map { "\(label): \($0): \(message ?? "")" } ?? "\(label) -> \(reply ?? []) (\(replySignature ?? "?"))"
    }
}

/// One `org.scenehost.Host1` signal a python client received.
struct RecordedSignal: CustomStringConvertible {
    let member: String
    let signature: String
    let arguments: [JSON]

    init(_ json: JSON) {
        member = json["member"].string ?? ""
        signature = json["signature"].string ?? ""
        arguments = json["args"].array
    }

    var seq: Int { arguments.first?.int ?? -1 }
    func string(_ index: Int) -> String { arguments.indices.contains(index) ? arguments[index].string ?? "" : "" }
    var description: String { "\(member)\(arguments)" }
}

/// What `drive.py` printed: its calls and the signals it received, in order.
struct DriveOutcome {
    let calls: [RecordedCall]
    let signals: [RecordedSignal]

    init(_ json: JSON) {
        calls = json["calls"].array.map(RecordedCall.init)
        signals = json["signals"].array.map(RecordedSignal.init)
    }

    /// The first call labelled `label`.
    func call(_ label: String) -> RecordedCall? { calls.first { $0.label == label } }

    /// The replies of every call labelled `label`, in order.
    func replies(_ label: String) -> [[JSON]] { calls.filter { $0.label == label }.compactMap(\.reply) }

    func signals(_ member: String) -> [RecordedSignal] { signals.filter { $0.member == member } }

    /// The `Log` lines of scene `name`, in order.
    func log(of scene: String) -> [String] {
        signals("Log").filter { $0.string(1) == "/org/scenehost/SceneHost/scene/\(scene)" }.map { $0.string(2) }
    }

    /// Whether `seq` grows by exactly one from each signal to the next.
    var sequenceIsContiguous: Bool {
        let seqs = signals.map(\.seq)
        guard let first = seqs.first else { return false }
        return seqs == Array(first..<(first + seqs.count))
    }
}
