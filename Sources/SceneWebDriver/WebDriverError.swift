/// A WebDriver error: one of the W3C error codes, with its HTTP status, and a message naming the bad
/// value and what to do instead. Answered as `{"value": {"error", "message", "stacktrace"}}`.
public struct WebDriverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The W3C error codes the endpoint answers with (W3C WebDriver, "Errors").
    public enum Code: String, Sendable, CaseIterable {
        case elementClickIntercepted = "element click intercepted"
        case elementNotInteractable = "element not interactable"
        case invalidArgument = "invalid argument"
        case invalidElementState = "invalid element state"
        case invalidSelector = "invalid selector"
        case invalidSessionID = "invalid session id"
        case moveTargetOutOfBounds = "move target out of bounds"
        case noSuchElement = "no such element"
        case noSuchWindow = "no such window"
        case sessionNotCreated = "session not created"
        case staleElementReference = "stale element reference"
        case timeout = "timeout"
        case unableToCaptureScreen = "unable to capture screen"
        case unknownCommand = "unknown command"
        case unknownError = "unknown error"
        case unknownMethod = "unknown method"
        case unsupportedOperation = "unsupported operation"

        /// The HTTP status the W3C table gives the code.
        public var httpStatus: Int {
            switch self {
            case .elementClickIntercepted, .elementNotInteractable, .invalidArgument, .invalidElementState, .invalidSelector: 400
            case .invalidSessionID, .noSuchElement, .noSuchWindow, .staleElementReference, .unknownCommand: 404
            case .unknownMethod: 405
            case .moveTargetOutOfBounds, .sessionNotCreated, .timeout, .unableToCaptureScreen, .unknownError, .unsupportedOperation: 500
            }
        }
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }

    /// The response body.
    var json: JSON {
        .object([("value", .object([("error", .string(code.rawValue)), ("message", .string(message)), ("stacktrace", .string(""))]))])
    }
}
