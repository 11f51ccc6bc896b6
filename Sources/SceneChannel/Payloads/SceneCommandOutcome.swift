public import SceneErrors

/// What a ``SceneCommand`` did: its text (the view that scrolled, who handled a motion or
/// remote-control event), whether a view became or resigned first responder, or the error that
/// refused it (its code's name, e.g. `UnknownView`, and message).
public struct SceneCommandOutcome: Hashable, Sendable {
    public var text: String
    public var accepted: Bool
    public var errorCode: String
    public var errorMessage: String

    public init(text: String = "", accepted: Bool = false, errorCode: String = "", errorMessage: String = "") {
        self.text = text
        self.accepted = accepted
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 16 + text.utf8.count)
        writer.string(text)
        writer.u8(accepted ? 1 : 0)
        writer.string(errorCode)
        writer.string(errorMessage)
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "command outcome")
        text = try reader.string("text")
        let accepted = try reader.u8("accepted")
        guard accepted <= 1 else { throw ChannelError(code: .malformed, message: "command outcome's accepted flag is \(accepted), not 0 or 1") }
        self.accepted = accepted == 1
        errorCode = try reader.string("error code")
        errorMessage = try reader.string("error message")
        try reader.finish()
    }
}
