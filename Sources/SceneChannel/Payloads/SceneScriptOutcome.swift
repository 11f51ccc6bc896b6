public import SceneErrors

/// What running a ``SceneInputScript`` did: for each finger that went down, in order, the touch, its
/// window and the view it hit (as `Host1.InjectTouches` answers); or the input error that refused the
/// script. The body of the `inputDone` of a script.
public struct SceneScriptOutcome: Hashable, Sendable {
    /// One per down, with `errorCode` empty.
    public var began: [SceneTouchOutcome]
    public var errorCode: String
    public var errorMessage: String

    public init(began: [SceneTouchOutcome] = [], errorCode: String = "", errorMessage: String = "") {
        self.began = began
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 16 + began.count * 32)
        writer.u32(UInt32(began.count))
        for touch in began { writer.lengthPrefixed(touch.body) }
        writer.string(errorCode)
        writer.string(errorMessage)
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "script outcome")
        let count = Int(try reader.u32("down count"))
        guard count * 4 <= reader.remaining else {
            throw ChannelError(code: .malformed, message: "script outcome announces \(count) downs in \(reader.remaining) bytes")
        }
        var began: [SceneTouchOutcome] = []
        for index in 0..<count { began.append(try SceneTouchOutcome(body: try reader.lengthPrefixed("down \(index)"))) }
        self.began = began
        errorCode = try reader.string("error code")
        errorMessage = try reader.string("error message")
        try reader.finish()
    }
}
