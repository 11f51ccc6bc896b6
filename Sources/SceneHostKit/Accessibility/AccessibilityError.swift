public import DBusKit

/// Why the accessibility bridge could not do something: the code says which kind of problem, the
/// message names the bad value (an address, a path, an index) and, where there is one, the fix.
///
/// Start-up problems (``Code-swift.struct/noSessionBus`` … ``Code-swift.struct/registrationFailed``)
/// are logged by the bridge; problems with what a client asked
/// (``Code-swift.struct/unknownObject``, ``Code-swift.struct/invalidArgument``) become D-Bus error
/// replies through ``busError``.
public struct AccessibilityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of an ``AccessibilityError``.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, e.g. `UnknownObject`.
        public let name: String
        private init(_ name: String) { self.name = name }

        /// There is no session bus to ask `org.a11y.Bus` for the accessibility bus, and
        /// `AT_SPI_BUS_ADDRESS` is not set.
        public static let noSessionBus = Code("NoSessionBus")
        /// The session bus has no working `org.a11y.Bus` (at-spi2-core missing or its launcher failed).
        public static let noAccessibilityBus = Code("NoAccessibilityBus")
        /// `org.a11y.Bus` is owned but did not answer in time (it is asked again).
        public static let noAnswer = Code("NoAnswer")
        /// The accessibility bus could not be reached at the address found.
        public static let connectionFailed = Code("ConnectionFailed")
        /// The AT-SPI registry refused or did not answer `Socket.Embed`.
        public static let registrationFailed = Code("RegistrationFailed")
        /// A client named an object path that is not (or no longer) an accessible object.
        public static let unknownObject = Code("UnknownObject")
        /// A client passed an index, coordinate type or value out of range.
        public static let invalidArgument = Code("InvalidArgument")

        /// The code's name.
        public var description: String { name }
    }

    /// The kind of problem.
    public let code: Code
    /// What went wrong, naming the offending value.
    public let message: String

    /// Creates an error; `message` should name the offending value and, where there is one, the fix.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// The D-Bus error a client receives: `org.freedesktop.DBus.Error.UnknownObject` for unknown
    /// objects, `InvalidArgs` for bad arguments, `Failed` otherwise; the message is kept.
    public var busError: BusError {
        let name: ErrorName =
            switch code {
            case .unknownObject: .unknownObject
            case .invalidArgument: .invalidArgs
            default: .failed
            }
        return BusError(name: name, message: message)
    }

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
