public import SceneErrors
import CLinux
import Glibc

/// One end of a scene channel: a non-blocking `SOCK_SEQPACKET` Unix socket, whose packets keep
/// their boundaries and carry descriptors.
///
/// Never blocks: a send that does not fit says `wouldBlock` and the caller keeps the packet; a
/// receive with nothing waiting says so too. The caller waits for readiness (poll, epoll) on
/// ``descriptor``. Not `Sendable`: one thread (the board's main loop, the scene's run loop) uses an end.
public final class ChannelSocket {
    public let descriptor: SharedDescriptor
    private var receiveBuffer: [UInt8]

    /// What a send did.
    public enum SendOutcome: Equatable, Sendable {
        case sent
        /// The socket's buffer is full: send it again when the socket is writable.
        case wouldBlock
    }

    /// What a receive found.
    public enum ReceiveOutcome: Sendable {
        case packet(ChannelPacket)
        /// No packet waits.
        case wouldBlock
        /// The peer closed its end: no packet will come again.
        case closed
    }

    /// Takes ownership of a connected `SOCK_SEQPACKET` socket (made non-blocking here).
    public init(adopting descriptor: SharedDescriptor) {
        self.descriptor = descriptor
        self.receiveBuffer = [UInt8](repeating: 0, count: ChannelLimits.packet + 1)
        let flags = fcntl(descriptor.rawValue, F_GETFL)
        _ = fcntl(descriptor.rawValue, F_SETFL, flags | O_NONBLOCK)
    }

    /// Two connected ends, both close-on-exec: the board keeps one and hands the other to the scene
    /// process it spawns (which is the one descriptor that child inherits, made inheritable by the
    /// spawn's file actions).
    public static func pair() throws(ChannelError) -> (ChannelSocket, ChannelSocket) {
        var ends: [Int32] = [-1, -1]
        let type = Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { throw .system("socketpair(SOCK_SEQPACKET)", errno: errno) }
        return (ChannelSocket(adopting: SharedDescriptor(adopting: ends[0])), ChannelSocket(adopting: SharedDescriptor(adopting: ends[1])))
    }

    /// Sends `packet` whole, or not at all (`wouldBlock`). A closed peer is ``ChannelError`` `closed`.
    public func send(_ packet: ChannelPacket) throws(ChannelError) -> SendOutcome {
        guard packet.descriptors.count <= Int(CLINUX_MAX_DESCRIPTORS) else {
            throw ChannelError(code: .oversized, message: "a packet with \(packet.descriptors.count) descriptors; at most \(CLINUX_MAX_DESCRIPTORS)")
        }
        let numbers = packet.descriptors.map(\.rawValue)
        while true {
            let sent = packet.bytes.withUnsafeBytes { bytes in
                numbers.withUnsafeBufferPointer { descriptors in
                    clinux_send_packet(descriptor.rawValue, bytes.baseAddress, bytes.count, descriptors.baseAddress, Int32(descriptors.count))
                }
            }
            if sent >= 0 { return withExtendedLifetime(packet.descriptors) { .sent } }
            switch errno {
            case EINTR: continue
            case EAGAIN: return .wouldBlock
            case EPIPE, ECONNRESET: throw ChannelError(code: .closed, message: "the scene channel's peer has closed (sending on \(descriptor))")
            case let number: throw .system("sendmsg on \(descriptor)", errno: number)
            }
        }
    }

    /// Sends packets of `packets`, from the first on, as many as the socket takes, in one system call
    /// (`sendmmsg`) for up to 64 of them: the peer receives the same packets, in the same order, as
    /// from ``send(_:)`` called for each, but the socket's wait queue is woken once, so a turn's
    /// messages reach the peer together. Returns how many were sent: 0 when the buffer is full (send
    /// them again when the socket is writable), fewer than given when it filled on the way or more
    /// than 64 were given. A packet with too many descriptors is ``ChannelError`` `oversized` and
    /// nothing is sent; a closed peer is `closed`.
    public func send(contentsOf packets: ArraySlice<ChannelPacket>) throws(ChannelError) -> Int {
        let batch = packets.prefix(Int(CLINUX_MAX_BATCH))
        guard !batch.isEmpty else { return 0 }
        // The packets' bytes and descriptor numbers, copied into two buffers so that every pointer
        // the call takes stays valid for it (a packet is at most 32 KiB; larger bodies are shared
        // memory).
        batchBytes.removeAll(keepingCapacity: true)
        batchDescriptors.removeAll(keepingCapacity: true)
        batchSpans.removeAll(keepingCapacity: true)
        for packet in batch {
            guard packet.descriptors.count <= Int(CLINUX_MAX_DESCRIPTORS) else {
                throw ChannelError(code: .oversized, message: "a packet with \(packet.descriptors.count) descriptors; at most \(CLINUX_MAX_DESCRIPTORS)")
            }
            batchSpans.append((batchBytes.count, packet.bytes.count, batchDescriptors.count, packet.descriptors.count))
            batchBytes.append(contentsOf: packet.bytes)
            batchDescriptors.append(contentsOf: packet.descriptors.map(\.rawValue))
        }
        while true {
            let sent = batchBytes.withUnsafeBytes { bytes in
                batchDescriptors.withUnsafeBufferPointer { numbers in
                    withUnsafeTemporaryAllocation(of: clinux_outgoing.self, capacity: batchSpans.count) { outgoing in
                        for (index, span) in batchSpans.enumerated() {
                            outgoing[index] = clinux_outgoing(
                                bytes: bytes.baseAddress.map { $0 + span.byteOffset }, length: span.length,
                                descriptors: span.count == 0 ? nil : numbers.baseAddress.map { $0 + span.descriptorOffset }, count: Int32(span.count))
                        }
                        return clinux_send_packets(descriptor.rawValue, outgoing.baseAddress, UInt32(batchSpans.count))
                    }
                }
            }
            if sent >= 0 { return withExtendedLifetime(batch) { Int(sent) } }
            switch errno {
            case EINTR: continue
            case EAGAIN: return 0
            case EPIPE, ECONNRESET: throw ChannelError(code: .closed, message: "the scene channel's peer has closed (sending on \(descriptor))")
            case let number: throw .system("sendmmsg on \(descriptor)", errno: number)
            }
        }
    }

    /// The buffers ``send(contentsOf:)`` copies a batch into, kept between calls.
    private var batchBytes: [UInt8] = []
    private var batchDescriptors: [Int32] = []
    private var batchSpans: [(byteOffset: Int, length: Int, descriptorOffset: Int, count: Int)] = []

    /// The next packet, if one waits. A packet over ``ChannelLimits/packet`` bytes, or with more
    /// descriptors than a packet carries, is ``ChannelError`` `oversized` (its descriptors closed).
    public func receive() throws(ChannelError) -> ReceiveOutcome {
        var numbers = [Int32](repeating: -1, count: Int(CLINUX_MAX_DESCRIPTORS))
        var count: Int32 = 0
        var flags: Int32 = 0
        while true {
            let received = receiveBuffer.withUnsafeMutableBytes { bytes in
                clinux_receive_packet(descriptor.rawValue, bytes.baseAddress, bytes.count, &numbers, &count, &flags)
            }
            if received < 0 {
                switch errno {
                case EINTR: continue
                case EAGAIN: return .wouldBlock
                case ECONNRESET: return .closed
                case let number: throw .system("recvmsg on \(descriptor)", errno: number)
                }
            }
            let descriptors = numbers.prefix(Int(count)).map(SharedDescriptor.init(adopting:))
            if received == 0 && descriptors.isEmpty { return .closed }
            guard flags & Int32(CLINUX_PACKET_TRUNCATED) == 0, received <= ChannelLimits.packet else {
                throw ChannelError(code: .oversized, message: "a packet over \(ChannelLimits.packet) bytes arrived on \(descriptor); larger bodies travel in shared memory")
            }
            guard flags & Int32(CLINUX_DESCRIPTORS_TRUNCATED) == 0 else {
                throw ChannelError(code: .oversized, message: "a packet with more than \(CLINUX_MAX_DESCRIPTORS) descriptors arrived on \(descriptor)")
            }
            return .packet(ChannelPacket(bytes: Array(receiveBuffer[0..<received]), descriptors: descriptors))
        }
    }
}
