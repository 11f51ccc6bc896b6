public import DBusKit

/// Why the MPRIS player could not do something: the code says which kind of problem, the message
/// names the bad value (an address, a bus name, a URI) and, where there is one, the fix.
///
/// Start-up problems (``Code-swift.struct/connectionFailed``, ``Code-swift.struct/exportFailed``,
/// ``Code-swift.struct/nameUnavailable``) are logged by ``MediaPlayerService``, which then stays off;
/// ``Code-swift.struct/unsupported`` becomes a D-Bus error reply through ``busError``.
public struct MediaPlayerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of a ``MediaPlayerError``.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, e.g. `NameUnavailable`.
        public let name: String
        private init(_ name: String) { self.name = name }

        /// The session bus named by `DBUS_SESSION_BUS_ADDRESS` could not be reached.
        public static let connectionFailed = Code("ConnectionFailed")
        /// `/org/mpris/MediaPlayer2` could not be exported on the chosen connection.
        public static let exportFailed = Code("ExportFailed")
        /// Neither `org.mpris.MediaPlayer2.scenehost` nor its `.instance<pid>` name could be owned.
        public static let nameUnavailable = Code("NameUnavailable")
        /// A client asked for something the player does not do (`OpenUri`).
        public static let unsupported = Code("Unsupported")

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

    /// The D-Bus error a client receives: `org.freedesktop.DBus.Error.NotSupported` for
    /// ``Code-swift.struct/unsupported``, `Failed` otherwise; the message is kept.
    public var busError: BusError {
        BusError(name: code == .unsupported ? .notSupported : .failed, message: message)
    }

    static func unsupportedURI(_ uri: String) -> MediaPlayerError {
        MediaPlayerError(
            code: .unsupported,
            message: "cannot open '\(uri)': SceneHost plays no media (SupportedUriSchemes is empty); "
                + "control the first responder with Play, Pause, Next, Previous, Seek or SetPosition")
    }
}
