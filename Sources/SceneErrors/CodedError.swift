/// An error with a code to switch on and a message that names the bad value and, where there is
/// one, the fix: the one shape of the host's error types (input, rendering, accessibility, media).
///
/// Each kind of error is a specialization named by its domain, so an input code never compares equal
/// to a rendering code:
///
/// ```swift
/// public typealias InputError = CodedError<InputFailure>
/// public enum InputFailure: ErrorDomain {}
/// extension ErrorCode where Domain == InputFailure {
///     /// A coordinate or duration is NaN, infinite or out of range.
///     public static var invalidValue: Self { Self("InvalidValue") }
/// }
///
/// throw InputError(code: .invalidValue, message: "touch location (nan, 4) is not finite; use real numbers")
/// ```
///
/// A value: safe on any thread. Its ``description`` is the message, as it is logged and sent.
public struct CodedError<Domain: ErrorDomain>: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem: ``ErrorCode`` constants of `Domain`.
    public typealias Code = ErrorCode<Domain>

    /// The kind of problem.
    public let code: Code
    /// What went wrong, naming the offending value and, where there is one, the fix.
    public let message: String

    /// Creates an error; `message` should name the offending value and, where there is one, the fix.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
