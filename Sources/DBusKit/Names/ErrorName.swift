/// A validated D-Bus error name such as `org.freedesktop.DBus.Error.UnknownMethod`.
///
/// Error names follow the interface name rules: two or more `.`-separated elements of
/// `[A-Za-z0-9_]`, none starting with a digit, at most 255 bytes. The static constants are the
/// standard names of the D-Bus specification and libdbus.
public struct ErrorName: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name as sent on the wire.
    public let rawValue: String

    /// Validates `rawValue` against the D-Bus error name rules.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidName`` whose message
    ///   quotes the name and says which rule it broke.
    public init(_ rawValue: String) throws {
        if let problem = NameRules.interfaceNameProblem(rawValue) {
            throw NameRules.error(
                kind: "error name",
                value: rawValue,
                problem: problem,
                rule: "Error names are 2 or more '.'-separated elements of [A-Za-z0-9_], none starting "
                    + "with a digit, at most 255 bytes, e.g. 'org.example.Service1.Error.NotFound'."
            )
        }
        self.rawValue = rawValue
    }

    /// Wraps a name the caller knows to be valid, such as one read from a received message.
    ///
    /// Debug builds still check it with `assert`. An invalid name passed here makes libdbus
    /// abort the process when it is put into a message.
    public init(unchecked rawValue: String) {
        assert(NameRules.interfaceNameProblem(rawValue) == nil, "invalid error name '\(rawValue)'")
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
            preconditionFailure("'\(value)' is not a valid error name: \(problem)")
        }
        self.rawValue = value
    }

    /// The name itself.
    public var description: String {
        rawValue
    }

    private static func standard(_ suffix: String) -> ErrorName {
        ErrorName(unchecked: "org.freedesktop.DBus.Error." + suffix)
    }

    /// A generic failure.
    public static let failed = standard("Failed")
    /// Arguments of the wrong type or out of range.
    public static let invalidArgs = standard("InvalidArgs")
    /// No such method (or wrong signature for a method, as libdbus reports it).
    public static let unknownMethod = standard("UnknownMethod")
    /// No object at the path.
    public static let unknownObject = standard("UnknownObject")
    /// The object does not implement the interface.
    public static let unknownInterface = standard("UnknownInterface")
    /// The interface has no such property.
    public static let unknownProperty = standard("UnknownProperty")
    /// The property cannot be written.
    public static let propertyReadOnly = standard("PropertyReadOnly")
    /// The call got no reply in time, or the peer disconnected before replying.
    public static let noReply = standard("NoReply")
    /// An operation timed out.
    public static let timedOut = standard("TimedOut")
    /// No connection owns the destination name and it cannot be activated.
    public static let serviceUnknown = standard("ServiceUnknown")
    /// The name has no owner (answer of `GetNameOwner`).
    public static let nameHasNoOwner = standard("NameHasNoOwner")
    /// Security policy or the object refused the call.
    public static let accessDenied = standard("AccessDenied")
    /// The operation is not supported.
    public static let notSupported = standard("NotSupported")
    /// The connection is closed.
    public static let disconnected = standard("Disconnected")
    /// Out of memory.
    public static let noMemory = standard("NoMemory")
    /// A resource limit was hit.
    public static let limitsExceeded = standard("LimitsExceeded")
    /// A type signature is invalid.
    public static let invalidSignature = standard("InvalidSignature")
    /// A match rule is malformed.
    public static let matchRuleInvalid = standard("MatchRuleInvalid")
    /// Connecting to an address failed.
    public static let noServer = standard("NoServer")
    /// An address could not be parsed.
    public static let badAddress = standard("BadAddress")
}
