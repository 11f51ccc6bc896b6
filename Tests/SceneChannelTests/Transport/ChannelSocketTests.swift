import Glibc
import SceneChannel
import SceneErrors
import Testing
import TestSupport

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

    // MARK: Batches (sendmmsg)

    /// Every packet waiting on `socket`, as its bytes and the inode of each descriptor.
    private static func drain(_ socket: ChannelSocket) throws -> [(bytes: [UInt8], inodes: [UInt64])] {
        var packets: [(bytes: [UInt8], inodes: [UInt64])] = []
        while case .packet(let packet) = try socket.receive() {
            packets.append((packet.bytes, packet.descriptors.map { descriptor in
                var status = stat()
                return fstat(descriptor.rawValue, &status) == 0 ? UInt64(status.st_ino) : 0
            }))
        }
        return packets
    }

    @Test("A batch arrives as the same packets, bytes and descriptors, in the same order, as the packets sent one by one, on random batches")
    func batchesAgreeWithSingleSends() throws {
        var random = SplitMix64(seed: 0xba7c_4e5)
        let files = try (0..<4).map { try SharedMemory.create(name: "batch-\($0)", size: 4096) }
        for _ in 0..<40 {
            let packets = (0..<(1 + random.below(70))).map { _ in
                let size = 1 + random.below(random.below(8) == 0 ? 20_000 : 200)
                let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                return ChannelPacket(bytes: bytes, descriptors: Array(files.prefix(random.below(5))))
            }
            // Each side is read after every call, so that the sockets never fill.
            let (singleBoard, singleScene) = try ChannelSocket.pair()
            var single: [(bytes: [UInt8], inodes: [UInt64])] = []
            for packet in packets {
                #expect(try singleBoard.send(packet) == .sent)
                single += try Self.drain(singleScene)
            }
            let (batchBoard, batchScene) = try ChannelSocket.pair()
            var batched: [(bytes: [UInt8], inodes: [UInt64])] = []
            var sent = 0
            var calls = 0
            while sent < packets.count {
                let count = try batchBoard.send(contentsOf: packets[sent...])
                try #require(count > 0 && count <= 64, "each call sends 1 to 64 packets")
                sent += count
                calls += 1
                batched += try Self.drain(batchScene)
            }
            if packets.reduce(0, { $0 + $1.bytes.count }) < 100_000 {
                #expect(calls == (packets.count + 63) / 64, "one call per 64 packets while the socket has room")
            }
            #expect(batched.map(\.bytes) == single.map(\.bytes))
            #expect(batched.map(\.inodes) == single.map(\.inodes))
            #expect(batched.map(\.bytes) == packets.map(\.bytes))
        }
    }

    @Test("A batch into a filling socket sends what fits and says how many; a full socket takes none, and takes the rest once read")
    func batchIntoAFullSocket() throws {
        let (board, scene) = try ChannelSocket.pair()
        let packets = Array(repeating: ChannelPacket(bytes: Array(repeating: 3, count: 16 << 10)), count: 64)
        var sent = 0
        var calls = 0
        while true {
            let count = try board.send(contentsOf: packets[...])
            if count == 0 { break }
            sent += count
            calls += 1
            try #require(calls < 1_000, "the socket never filled")
        }
        #expect(sent > 0)
        #expect(try board.send(contentsOf: packets[...]) == 0, "still full")
        guard case .packet = try scene.receive() else {
            Issue.record("nothing to read")
            return
        }
        #expect(try board.send(contentsOf: packets[...]) >= 1)
    }

    @Test("A batch with a packet of too many descriptors is refused as oversized and sends nothing; an empty batch sends nothing; a closed peer is an error of code closed")
    func batchRefusals() throws {
        let (board, scene) = try ChannelSocket.pair()
        let file = try SharedMemory.create(name: "many", size: 4096)
        let tooMany = ChannelPacket(bytes: [2], descriptors: Array(repeating: file, count: 5))  // a packet carries 4
        #expect {
            try board.send(contentsOf: [ChannelPacket(bytes: [1]), tooMany][...])
        } throws: { error in
            (error as? ChannelError)?.code == .oversized
        }
        #expect(try Self.drain(scene).isEmpty, "nothing was sent")
        #expect(try board.send(contentsOf: [][...]) == 0)
        var (closing, peer): (ChannelSocket, ChannelSocket?) = try ChannelSocket.pair()
        #expect(peer != nil)
        peer = nil
        #expect {
            try closing.send(contentsOf: [ChannelPacket(bytes: [1])][...])
        } throws: { error in
            (error as? ChannelError)?.code == .closed
        }
    }
}
