public import SceneErrors

/// What delivering a device-input record did: who handled a key (as `Host1.SendKey` answers, ""
/// for other records), or the input error that refused the record. The body of the `inputDone` of
/// an `input` of code ``SceneInputCode/record``.
public struct SceneRecordOutcome: Hashable, Sendable {
    public var handledBy: String
    public var errorCode: String
    public var errorMessage: String

    public init(handledBy: String = "", errorCode: String = "", errorMessage: String = "") {
        self.handledBy = handledBy
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 16 + handledBy.utf8.count)
        writer.string(handledBy)
        writer.string(errorCode)
        writer.string(errorMessage)
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "record outcome")
        handledBy = try reader.string("handled by")
        errorCode = try reader.string("error code")
        errorMessage = try reader.string("error message")
        try reader.finish()
    }
}
