/// One named argument of a method or signal in an ``InterfaceDescription``.
///
/// The name appears only in introspection XML; the signature is checked against incoming calls
/// and outgoing replies.
public struct ArgumentDescription: Sendable, Hashable {
    /// The argument's name in introspection data, or `nil` for an unnamed argument.
    public var name: String?
    /// The argument's type: exactly one complete type.
    public var signature: Signature

    /// Creates an argument. `signature` must be exactly one complete type (a programmer error
    /// otherwise, which traps).
    public init(_ name: String?, _ signature: Signature) {
        precondition(
            signature.isSingleCompleteType,
            "argument '\(name ?? "")' must have exactly one complete type, not '\(signature)'"
        )
        self.name = name
        self.signature = signature
    }
}

extension Array where Element == ArgumentDescription {
    /// The concatenated signature of the arguments, e.g. `ud` for `(u x, d y)`.
    var signature: Signature {
        Signature(uncheckedComposite: map(\.signature.rawValue).joined())
    }
}
