/// One argument value of a host signal, reduced to what `watch` prints.
public enum SignalValue: Sendable, Equatable {
    /// `t`, `u`, `q`, `y`.
    case unsigned(UInt64)
    /// `x`, `i`, `n`.
    case signed(Int64)
    case double(Double)
    case bool(Bool)
    case string(String)
    /// `o`.
    case path(String)
    /// Anything else (containers, signatures, descriptors), as its description.
    case other(String)

    /// The value as plain text: numbers compact, strings and paths unquoted.
    public var text: String {
        switch self {
        case .unsigned(let value): String(value)
        case .signed(let value): String(value)
        case .double(let value): TextFormat.number(value)
        case .bool(let value): value ? "true" : "false"
        case .string(let value), .path(let value), .other(let value): value
        }
    }

    /// Appends the value as JSON.
    public func appendJSON(to output: inout String) {
        switch self {
        case .unsigned(let value): output += String(value)
        case .signed(let value): output += String(value)
        case .double(let value): output += TextFormat.jsonNumber(value)
        case .bool(let value): output += value ? "true" : "false"
        case .string(let value), .path(let value), .other(let value): TextFormat.appendJSONString(value, to: &output)
        }
    }
}
