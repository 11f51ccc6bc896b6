import Glibc
import SceneChannel
import SceneErrors
import Testing

/// The channel's socket ends: packets keep their boundaries, descriptors arrive as new ones, a full
/// socket says so instead of blocking, a closed peer is noticed.
@Suite("Channel sockets")
struct ChannelSocketTests {
    @Test("Packets arrive whole and in order, and nothing waits after them")
    func packetsKeepBoundaries() throws {
        let (board, scene) = try ChannelSocket.pair()
        for size in [12, 1, 300, ChannelLimits.packet] {
            #expect(try board.send(ChannelPacket(bytes: Array(repeating: UInt8(size % 251), count: size))) == .sent)
        }
        for size in [12, 1, 300, ChannelLimits.packet] {
            guard case .packet(let packet) = try scene.receive() else {
                Issue.record("no packet of \(size) bytes")
                return
            }
            #expect(packet.bytes == Array(repeating: UInt8(size % 251), count: size))
        }
        guard case .wouldBlock = try scene.receive() else {
            Issue.record("a packet too many")
            return
        }
    }

    @Test("A descriptor sent arrives as a new descriptor of the same file, close-on-exec")
    func descriptorsPass() throws {
        let (board, scene) = try ChannelSocket.pair()
        let shared = try SharedMemory.create(name: "pass", size: 4096)
        #expect(try scene.send(ChannelPacket(bytes: [1, 2, 3], descriptors: [shared])) == .sent)
        guard case .packet(let packet) = try board.receive() else {
            Issue.record("nothing arrived")
            return
        }
        let received = try #require(packet.descriptors.first)
        #expect(received.rawValue != shared.rawValue)
        var ours = stat()
        var theirs = stat()
        #expect(fstat(shared.rawValue, &ours) == 0 && fstat(received.rawValue, &theirs) == 0)
        #expect(ours.st_ino == theirs.st_ino && ours.st_dev == theirs.st_dev)
        #expect(fcntl(received.rawValue, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test("A full socket says wouldBlock instead of waiting, and takes packets again once read")
    func fullSocketDoesNotBlock() throws {
        let (board, scene) = try ChannelSocket.pair()
        let packet = ChannelPacket(bytes: Array(repeating: 7, count: 16 << 10))
        var sent = 0
        while try board.send(packet) == .sent {
            sent += 1
            try #require(sent < 10_000, "the socket never filled")
        }
        #expect(sent > 0)
        guard case .packet = try scene.receive() else {
            Issue.record("nothing to read")
            return
        }
        #expect(try board.send(packet) == .sent)
    }

    @Test("A peer that closed is reported on receive, and sending to it is an error of code closed")
    func closedPeer() throws {
        var (board, scene): (ChannelSocket, ChannelSocket?) = try ChannelSocket.pair()
        #expect(try scene!.send(ChannelPacket(bytes: [9])) == .sent)
        scene = nil
        guard case .packet(let last) = try board.receive(), case .closed = try board.receive() else {
            Issue.record("the last packet, then the close, were expected")
            return
        }
        #expect(last.bytes == [9])
        #expect {
            try board.send(ChannelPacket(bytes: [1]))
        } throws: { error in
            (error as? ChannelError)?.code == .closed
        }
    }

    @Test("A packet longer than the limit is refused as oversized")
    func oversizedPacket() throws {
        let (board, scene) = try ChannelSocket.pair()
        #expect(try board.send(ChannelPacket(bytes: Array(repeating: 0, count: ChannelLimits.packet + 100))) == .sent)
        #expect {
            try scene.receive()
        } throws: { error in
            (error as? ChannelError)?.code == .oversized
        }
    }
}
