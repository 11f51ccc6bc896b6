/// A validated D-Bus interface name such as `org.scenehost.SceneHost1.Touch`.
///
/// Interface names have two or more `.`-separated elements of `[A-Za-z0-9_]`, none starting
/// with a digit, and at most 255 bytes.
public struct InterfaceName: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name as sent on the wire.
    public let rawValue: String

    /// `org.freedesktop.DBus.Peer`, answered by libdbus on every connection.
    public static let peer = InterfaceName(unchecked: "org.freedesktop.DBus.Peer")
    /// `org.freedesktop.DBus.Introspectable`, answered by DBusKit for every exported path.
    public static let introspectable = InterfaceName(unchecked: "org.freedesktop.DBus.Introspectable")
    /// `org.freedesktop.DBus.Properties`, answered by DBusKit for every exported object.
    public static let properties = InterfaceName(unchecked: "org.freedesktop.DBus.Properties")
    /// `org.freedesktop.DBus.ObjectManager`, answered where an object manager was added.
    public static let objectManager = InterfaceName(unchecked: "org.freedesktop.DBus.ObjectManager")
    /// `org.freedesktop.DBus`, the message bus's own interface.
    public static let bus = InterfaceName(unchecked: "org.freedesktop.DBus")
    /// `org.freedesktop.DBus.Local`, the interface of libdbus's local `Disconnected` signal.
    public static let local = InterfaceName(unchecked: "org.freedesktop.DBus.Local")

    /// Validates `rawValue` against the D-Bus interface name rules.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidName`` whose message
    ///   quotes the name and says which rule it broke.
    public init(_ rawValue: String) throws {
        if let problem = NameRules.interfaceNameProblem(rawValue) {
            throw NameRules.error(
                kind: "interface name",
                value: rawValue,
                problem: problem,
                rule: "Interface names are 2 or more '.'-separated elements of [A-Za-z0-9_], none "
                    + "starting with a digit, at most 255 bytes, e.g. 'org.example.Interface1'."
            )
        }
        self.rawValue = rawValue
    }

    /// Wraps a name the caller knows to be valid, such as one read from a received message.
    ///
    /// Debug builds still check it with `assert`. An invalid name passed here makes libdbus
    /// abort the process when it is put into a message.
    public init(unchecked rawValue: String) {
        assert(NameRules.interfaceNameProblem(rawValue) == nil, "invalid interface name '\(rawValue)'")
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
        if let problem = NameRules.interfaceNameProblem(value) {
            preconditionFailure("'\(value)' is not a valid interface name: \(problem)")
        }
        self.rawValue = value
    }

    /// The name itself.
    public var description: String {
        rawValue
    }

    /// Orders names by their UTF-8 bytes (used for stable introspection output).
    public static func < (lhs: InterfaceName, rhs: InterfaceName) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }
}
