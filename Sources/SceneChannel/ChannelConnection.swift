/// Messages over one end of a scene channel: encodes and queues what is sent, decodes what arrives.
///
/// Nothing here waits. ``send(_:)`` queues; ``flush()`` writes as much of the queue as the socket
/// takes and says whether some is left (then wait for the socket to be writable and flush again);
/// ``receiveAvailable()`` decodes every packet waiting. Messages leave in the order they were queued.
/// Not `Sendable`: one thread serves a connection.
public final class ChannelConnection {
    public let socket: ChannelSocket
    private var outgoing: [ChannelPacket] = []
    private var outgoingHead = 0

    public init(socket: ChannelSocket) {
        self.socket = socket
    }

    /// How many packets wait to be written.
    public var queuedCount: Int { outgoing.count - outgoingHead }

    /// Encodes `envelope` and queues it. Throws only for a message that cannot be encoded (nothing is queued then).
    public func send(_ envelope: ChannelEnvelope) throws(ChannelError) {
        outgoing.append(try envelope.encoded())
    }

    /// Encodes and queues a message that carries no descriptor.
    public func send(_ message: ChannelMessage) throws(ChannelError) {
        try send(ChannelEnvelope(message))
    }

    /// Writes queued packets until the queue is empty (true) or the socket is full (false): up to 64
    /// in each system call (``ChannelSocket/send(contentsOf:)``), so a turn's messages go in one write.
    @discardableResult
    public func flush() throws(ChannelError) -> Bool {
        while outgoingHead < outgoing.count {
            let sent = try socket.send(contentsOf: outgoing[outgoingHead...])
            guard sent > 0 else {
                compact()
                return false
            }
            outgoingHead += sent
        }
        outgoing.removeAll(keepingCapacity: true)
        outgoingHead = 0
        return true
    }

    private func compact() {
        guard outgoingHead > 64, outgoingHead * 2 > outgoing.count else { return }
        outgoing.removeFirst(outgoingHead)
        outgoingHead = 0
    }

    /// What ``receiveAvailable()`` found.
    public struct Received: Sendable {
        /// The messages decoded, in arrival order.
        public var envelopes: [ChannelEnvelope]
        /// Whether the peer has closed its end (after the messages above).
        public var closed: Bool
    }

    /// Every message waiting, decoded. A packet that does not decode throws (the messages before it
    /// are lost with the channel: a peer that sends one is ended).
    public func receiveAvailable() throws(ChannelError) -> Received {
        var envelopes: [ChannelEnvelope] = []
        while true {
            switch try socket.receive() {
            case .packet(let packet):
                envelopes.append(try ChannelEnvelope(decoding: packet))
            case .wouldBlock:
                return Received(envelopes: envelopes, closed: false)
            case .closed:
                return Received(envelopes: envelopes, closed: true)
            }
        }
    }
}
