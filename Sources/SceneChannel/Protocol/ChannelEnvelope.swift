/// A message with the descriptor it carries: the buffer of an `attachBuffer`, nothing otherwise.
public struct ChannelEnvelope: Sendable {
    public var message: ChannelMessage
    public var attachment: SharedDescriptor?

    public init(_ message: ChannelMessage, attachment: SharedDescriptor? = nil) {
        self.message = message
        self.attachment = attachment
    }
}
