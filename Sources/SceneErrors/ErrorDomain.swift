/// A family of errors — scripted input, rendering, the accessibility bridge — as a type: an
/// uninhabited `enum` that only names the family, so that its ``CodedError`` and ``ErrorCode`` are
/// types of their own.
public protocol ErrorDomain: Sendable {}
