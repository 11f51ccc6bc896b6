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
