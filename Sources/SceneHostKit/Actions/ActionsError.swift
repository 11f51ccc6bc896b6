/// A W3C actions body that cannot be performed: the path into the JSON (`actions[1].actions[3].type`)
/// and what is wrong there. Nothing is delivered when the body is refused.
public struct ActionsError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: Sendable, Equatable {
        /// Not JSON, a missing or mistyped member, an unknown action or source type.
        case invalidArgument
        /// More actions than `bus.limits.samples-per-call`.
        case limitExceeded
        /// An element origin names no view of the window.
        case unknownElement
    }

    public let code: Code
    /// Where in the JSON, `actions[0].actions[2].x`; empty for the document itself.
    public let path: String
    public let message: String

    public init(_ code: Code = .invalidArgument, at path: String, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
