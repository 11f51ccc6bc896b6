/// An XPath expression libxml2 refused: its syntax, an unknown function or variable, or a query
/// over ``XPathDocument/operationLimit``.
public struct XPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The expression as given.
    public let expression: String
    /// libxml2's reason (`Invalid expression`, `Unregistered function`, …).
    public let reason: String
    /// Where in the expression (UTF-8 bytes from 0) libxml2 stopped, when it says.
    public let offset: Int?

    public init(expression: String, reason: String, offset: Int?) {
        self.expression = expression
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        let place = offset.map { " at offset \($0)" } ?? ""
        return "XPath '\(expression)' is not valid XPath 1.0: \(reason)\(place)"
    }
}
