/// A JSON document as a value, for input whose every part is checked by hand and named by its path
/// in errors (W3C actions).
enum JSONValue: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    // Deliberately this module's own decoder (`duplicates` pairs it with SceneWebDriver's JSON and the
    // integration tests' JSON): SceneHostKit does not depend on the WebDriver module, whose JSON keeps
    // objects as sorted pairs for its encoder, and the tests read the clients' output with a decoder of
    // their own rather than the host's under test.
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
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The JSON type's name, for messages: "a number", "an object", ….
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
