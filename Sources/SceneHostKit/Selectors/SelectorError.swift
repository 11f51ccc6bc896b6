/// A selector that does not parse: the column (1-based, in characters) where it goes wrong and what
/// was expected there.
public struct SelectorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based position of the offending character (one past the end for "ended too early").
    public let column: Int
    public let message: String

    public init(column: Int, _ message: String) {
        self.column = column
        self.message = message
    }

    public var description: String { "selector column \(column): \(message)" }
}
