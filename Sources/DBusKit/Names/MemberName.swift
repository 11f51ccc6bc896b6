/// A validated D-Bus member name: the name of a method, signal or property, such as `Echo`.
///
/// Member names are 1 to 255 bytes of `[A-Za-z0-9_]`, not starting with a digit and without
/// any `.`.
public struct MemberName: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name as sent on the wire.
    public let rawValue: String

    /// Validates `rawValue` against the D-Bus member name rules.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidName`` whose message
    ///   quotes the name and says which rule it broke.
    public init(_ rawValue: String) throws {
        if let problem = NameRules.memberNameProblem(rawValue) {
            throw NameRules.error(
                kind: "member name",
                value: rawValue,
                problem: problem,
                rule: "Member names are 1 to 255 characters of [A-Za-z0-9_] not starting with a digit, "
                    + "e.g. 'GetWindow'."
            )
        }
        self.rawValue = rawValue
    }

    /// Wraps a name the caller knows to be valid, such as one read from a received message.
    ///
    /// Debug builds still check it with `assert`. An invalid name passed here makes libdbus
    /// abort the process when it is put into a message.
    public init(unchecked rawValue: String) {
        assert(NameRules.memberNameProblem(rawValue) == nil, "invalid member name '\(rawValue)'")
        self.rawValue = rawValue
    }

    /// Wraps a name libdbus validated (a header field of a message it parsed or built). Unlike
    /// ``init(unchecked:)``, not even a debug build checks it again: headers are read several times
    /// for every call dispatched, and those checks took 9% of a sanitized host's time.
    init(validated rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a name from a literal; an invalid literal is a programmer error and traps.
    ///
    /// Swift also uses this initializer for `Type("literal")`, so `try Type("…")` with a literal
    /// argument traps instead of throwing; validate runtime strings by passing a `String` value.
    public init(stringLiteral value: String) {
        if let problem = NameRules.memberNameProblem(value) {
            preconditionFailure("'\(value)' is not a valid member name: \(problem)")
        }
        self.rawValue = value
    }

    /// The name itself.
    public var description: String {
        rawValue
    }

    /// Orders names by their UTF-8 bytes.
    public static func < (lhs: MemberName, rhs: MemberName) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }
}
