public import SceneErrors

/// What delivering a device-input record did: who handled a key (as `Host1.SendKey` answers, ""
/// for other records), the touches its downs began (as `Host1.SendInput` answers), or the input error
/// that refused the record. The body of the `inputDone` of
/// an `input` of code ``SceneInputCode/record``.
public struct SceneRecordOutcome: Hashable, Sendable {
    /// A touch a down began: the scene process's number for it (0: the down hit no window), its
    /// window's index in the scene (-1: none) and the view it hit ("" for none).
    public struct Began: Hashable, Sendable {
        public var touch: UInt64
        public var window: Int32
        public var view: String

        public init(touch: UInt64, window: Int32, view: String) {
            self.touch = touch
            self.window = window
            self.view = view
        }
    }

    /// The most touches one record may begin.
    public static let maximumBegan = 64

    public var handledBy: String
    public var began: [Began]
    public var errorCode: String
    public var errorMessage: String

    public init(handledBy: String = "", began: [Began] = [], errorCode: String = "", errorMessage: String = "") {
        self.handledBy = handledBy
        self.began = began
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 16 + handledBy.utf8.count + began.count * 24)
        writer.string(handledBy)
        writer.u32(UInt32(began.count))
        for touch in began {
            writer.u64(touch.touch)
            writer.i32(touch.window)
            writer.string(touch.view)
        }
        writer.string(errorCode)
        writer.string(errorMessage)
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "record outcome")
        handledBy = try reader.string("handled by")
        let count = Int(try reader.u32("touches began"))
        guard count <= Self.maximumBegan else {
            throw ChannelError(code: .malformed, message: "record outcome: \(count) touches began; at most \(Self.maximumBegan)")
        }
        began = []
        for index in 0..<count {
            began.append(
                Began(touch: try reader.u64("touch \(index)"), window: try reader.i32("touch \(index)'s window"), view: try reader.string("touch \(index)'s view")))
        }
        errorCode = try reader.string("error code")
        errorMessage = try reader.string("error message")
        try reader.finish()
    }
}
