/// One packet as it crosses the socket: its bytes and the descriptors attached to it.
public struct ChannelPacket: Sendable {
    public var bytes: [UInt8]
    public var descriptors: [SharedDescriptor]

    public init(bytes: [UInt8], descriptors: [SharedDescriptor] = []) {
        self.bytes = bytes
        self.descriptors = descriptors
    }
}
