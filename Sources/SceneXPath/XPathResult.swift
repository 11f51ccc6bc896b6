/// What an XPath expression evaluated to.
public enum XPathResult: Sendable, Equatable {
    /// A node set of elements: their numbers (``XPathDocument/openElement(_:)``), in document order.
    case elements([Int])
    /// A node set holding nodes that are not elements (attributes, text): what they are, for messages.
    case otherNodes(kinds: [String])
    case boolean(Bool)
    case number(Double)
    case string(String)
}
