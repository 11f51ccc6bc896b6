/// The kind of a ``CodedError`` of `Domain`: a name. A domain spells its codes as static members
/// of a constrained extension (`extension ErrorCode where Domain == InputFailure`), so that
/// `error.code == .invalidValue` and `switch error.code { case .invalidValue: … }` read as they would
/// for an enumeration, and codes can be added without breaking a client's exhaustive switch.
///
/// Two codes are equal when their names are: a domain gives each of its codes a name of its own.
public struct ErrorCode<Domain: ErrorDomain>: Hashable, Sendable, CustomStringConvertible {
    /// The code's name, e.g. `InvalidValue` (how it is logged; a domain that answers D-Bus calls maps
    /// it to the D-Bus error name a client receives).
    public let name: String

    /// A code named `name`. Call it only where a domain declares its codes.
    public init(_ name: String) {
        self.name = name
    }

    /// The code's name.
    public var description: String { name }
}
