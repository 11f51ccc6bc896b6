public import DBusKit
public import SceneErrors

/// Why the MPRIS player could not do something: the code says which kind of problem, the message
/// names the bad value (an address, a bus name, a URI) and, where there is one, the fix.
///
/// Start-up problems (`connectionFailed`, `exportFailed`, `nameUnavailable`) are logged by
/// ``MediaPlayerService``, which then stays off; `unsupported` becomes a D-Bus error reply through
/// `busError`: `org.freedesktop.DBus.Error.NotSupported`, `Failed` for the others; the message is kept.
public typealias MediaPlayerError = CodedError<MediaPlayerFailure>

/// The kinds of ``MediaPlayerError``.
public enum MediaPlayerFailure: BusErrorDomain {
    public static func busErrorName(for code: ErrorCode<MediaPlayerFailure>) -> ErrorName {
        code == .unsupported ? .notSupported : .failed
    }
}

// A list of declarations alike every other domain's in shape only (`duplicates` pairs it with
// AccessibilityError's): the shared logic is SceneErrors' CodedError and ErrorCode.
extension ErrorCode where Domain == MediaPlayerFailure {
    /// The session bus named by `DBUS_SESSION_BUS_ADDRESS` could not be reached.
    public static var connectionFailed: Self { Self("ConnectionFailed") }
    /// `/org/mpris/MediaPlayer2` could not be exported on the chosen connection.
    public static var exportFailed: Self { Self("ExportFailed") }
    /// Neither `org.mpris.MediaPlayer2.scenehost` nor its `.instance<pid>` name could be owned.
    public static var nameUnavailable: Self { Self("NameUnavailable") }
    /// A client asked for something the player does not do (`OpenUri`).
    public static var unsupported: Self { Self("Unsupported") }
}

extension CodedError where Domain == MediaPlayerFailure {
    static func unsupportedURI(_ uri: String) -> MediaPlayerError {
        MediaPlayerError(
            code: .unsupported,
            message: "cannot open '\(uri)': SceneHost plays no media (SupportedUriSchemes is empty); "
                + "control the first responder with Play, Pause, Next, Previous, Seek or SetPosition")
    }
}
