/// An error raised by DBusKit or received from a peer as a D-Bus error reply.
///
/// Every `BusError` carries three things:
/// - ``code``: what kind of failure happened on this side (an invalid name, a timeout,
///   an error reply from the peer, …). Switch on it to decide what to do.
/// - ``name``: the D-Bus error name. For errors received from a peer this is the name the peer
///   sent; for local failures it is the closest standard name. When an exported method handler
///   throws a `BusError`, the caller receives an error reply with exactly this name.
/// - ``message``: a human-readable sentence that names the offending value and, where there is
///   one, the fix. It travels as the error reply's message text.
///
/// ```swift
/// throw BusError(name: "org.example.SceneHost1.Error.NoSuchWindow",
///                message: "window 7 does not exist; list windows with ListWindows()")
/// ```
public struct BusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is, from this process's point of view.
    public var code: Code
    /// The D-Bus error name, as sent on the wire in an error reply.
    public var name: ErrorName
    /// What went wrong, naming the bad value and the fix.
    public var message: String

    /// Creates an error with an explicit code, D-Bus name and message.
    public init(code: Code, name: ErrorName, message: String) {
        self.code = code
        self.name = name
        self.message = message
    }

    /// Creates an application error to throw from an exported method, property getter or setter.
    ///
    /// The caller receives an error reply named `name` carrying `message`. The code is
    /// ``Code-swift.struct/failed``.
    public init(name: ErrorName, message: String) {
        self.init(code: .failed, name: name, message: message)
    }

    /// `"<name>: <message>"`, the form `dbus-send` and `busctl` print.
    public var description: String {
        "\(name): \(message)"
    }
}

extension BusError {
    /// An `org.freedesktop.DBus.Error.Failed` error for a handler that failed for a reason
    /// with no more specific name.
    public static func failed(_ message: String) -> BusError {
        BusError(code: .failed, name: .failed, message: message)
    }

    /// An `org.freedesktop.DBus.Error.InvalidArgs` error for a handler that rejects its
    /// arguments. Say which argument is wrong and what would be accepted.
    public static func invalidArguments(_ message: String) -> BusError {
        BusError(code: .invalidArguments, name: .invalidArgs, message: message)
    }

    /// An `org.freedesktop.DBus.Error.NotSupported` error for an operation that this object
    /// does not offer.
    public static func notSupported(_ message: String) -> BusError {
        BusError(code: .failed, name: .notSupported, message: message)
    }

    /// An `org.freedesktop.DBus.Error.AccessDenied` error for a caller that may not do this.
    public static func accessDenied(_ message: String) -> BusError {
        BusError(code: .failed, name: .accessDenied, message: message)
    }
}
