/// A validated D-Bus bus name: a unique connection name such as `:1.42`, or a well-known name
/// such as `org.scenehost.SceneHost1`.
///
/// Both kinds have at least two `.`-separated elements of `[A-Za-z0-9_-]` and at most 255
/// bytes. Unique names start with `:` and their elements may start with a digit; well-known
/// names may not start an element with a digit.
public struct BusName: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name as sent on the wire.
    public let rawValue: String

    /// The message bus itself, `org.freedesktop.DBus`.
    public static let bus = BusName(unchecked: "org.freedesktop.DBus")

    /// Validates `rawValue` against the D-Bus bus name rules.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidName`` whose message
    ///   quotes the name and says which rule it broke.
    public init(_ rawValue: String) throws {
        if let problem = NameRules.busNameProblem(rawValue) {
            throw NameRules.error(
                kind: "bus name",
                value: rawValue,
                problem: problem,
                rule: "Bus names are ':' plus 2 or more '.'-separated elements of [A-Za-z0-9_-] "
                    + "(unique names, e.g. ':1.42') or 2 or more such elements none of which starts "
                    + "with a digit (well-known names, e.g. 'org.example.Service1'), at most 255 bytes."
            )
        }
        self.rawValue = rawValue
    }

    /// Wraps a name the caller knows to be valid, such as one read from a received message.
    ///
    /// Debug builds still check it with `assert`. An invalid name passed here makes libdbus
    /// abort the process when it is put into a message.
    public init(unchecked rawValue: String) {
        assert(NameRules.busNameProblem(rawValue) == nil, "invalid bus name '\(rawValue)'")
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
        if let problem = NameRules.busNameProblem(value) {
            preconditionFailure("'\(value)' is not a valid bus name: \(problem)")
        }
        self.rawValue = value
    }

    /// Whether this is a unique connection name (it starts with `:`).
    public var isUnique: Bool {
        rawValue.utf8.first == UInt8(ascii: ":")
    }

    /// The name itself.
    public var description: String {
        rawValue
    }
}
