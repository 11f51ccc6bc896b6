public import SceneErrors

/// What delivering a touch record did: for a down, the touch, its window and the view it hit (as
/// `Host1.TouchDown` answers); for the other phases, nothing unless it failed. `error` is the input
/// error's code name and message, when the record was refused.
public struct SceneTouchOutcome: Hashable, Sendable {
    public var touch: UInt64
    /// The window's index in its scene, or -1 when the point hit no window.
    public var window: Int32
    /// `ViewReference.reference(for:)` of the view hit, or "".
    public var view: String
    public var errorCode: String
    public var errorMessage: String

    public init(touch: UInt64 = 0, window: Int32 = -1, view: String = "", errorCode: String = "", errorMessage: String = "") {
        self.touch = touch
        self.window = window
        self.view = view
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 48)
        writer.u64(touch)
        writer.i32(window)
        writer.string(view)
        writer.string(errorCode)
        writer.string(errorMessage)
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "touch outcome")
        touch = try reader.u64("touch")
        window = try reader.i32("window")
        view = try reader.string("view")
        errorCode = try reader.string("error code")
        errorMessage = try reader.string("error message")
        try reader.finish()
    }
}
