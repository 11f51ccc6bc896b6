public import DBusKit
public import SceneErrors

/// Why the accessibility bridge could not do something: the code says which kind of problem, the
/// message names the bad value (an address, a path, an index) and, where there is one, the fix.
///
/// Start-up problems (`noSessionBus` … `registrationFailed`) are logged by the bridge; problems with
/// what a client asked (`unknownObject`, `invalidArgument`) become D-Bus error replies through
/// `busError`: `org.freedesktop.DBus.Error.UnknownObject` for unknown objects, `InvalidArgs` for bad
/// arguments, `Failed` otherwise; the message is kept.
public typealias AccessibilityError = CodedError<AccessibilityFailure>

/// The kinds of ``AccessibilityError``.
public enum AccessibilityFailure: BusErrorDomain {
    public static func busErrorName(for code: ErrorCode<AccessibilityFailure>) -> ErrorName {
        switch code {
        case .unknownObject: .unknownObject
        case .invalidArgument: .invalidArgs
        default: .failed
        }
    }
}

// A list of declarations alike every other domain's in shape only (`duplicates` pairs it with
// MediaPlayerError's): the shared logic is SceneErrors' CodedError and ErrorCode.
extension ErrorCode where Domain == AccessibilityFailure {
    /// There is no session bus to ask `org.a11y.Bus` for the accessibility bus, and
    /// `AT_SPI_BUS_ADDRESS` is not set.
    public static var noSessionBus: Self { Self("NoSessionBus") }
    /// The session bus has no working `org.a11y.Bus` (at-spi2-core missing or its launcher failed).
    public static var noAccessibilityBus: Self { Self("NoAccessibilityBus") }
    /// `org.a11y.Bus` is owned but did not answer in time (it is asked again).
    public static var noAnswer: Self { Self("NoAnswer") }
    /// The accessibility bus could not be reached at the address found.
    public static var connectionFailed: Self { Self("ConnectionFailed") }
    /// The AT-SPI registry refused or did not answer `Socket.Embed`.
    public static var registrationFailed: Self { Self("RegistrationFailed") }
    /// A client named an object path that is not (or no longer) an accessible object.
    public static var unknownObject: Self { Self("UnknownObject") }
    /// A client passed an index, coordinate type or value out of range.
    public static var invalidArgument: Self { Self("InvalidArgument") }
}

extension CodedError where Domain == AccessibilityFailure {
    static func unknownObject(_ path: ObjectPath) -> AccessibilityError {
        AccessibilityError(
            code: .unknownObject,
            message: "no accessible object at \(path): it never existed or its view left its window; "
                + "walk the tree again from \(AtspiNames.rootPath)")
    }

    static func invalidArgument(_ message: String) -> AccessibilityError {
        AccessibilityError(code: .invalidArgument, message: message)
    }
}
