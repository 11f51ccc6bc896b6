import SceneChannel
import TestSupport
import Testing

/// Messages over a connection: queued, flushed in order, decoded on arrival.
@Suite("Channel connections")
struct ChannelConnectionTests {
    @Test("Messages arrive decoded and in the order they were sent, however much was queued", arguments: [5 as UInt64, 6])
    func orderIsKept(seed: UInt64) throws {
        let (boardSocket, sceneSocket) = try ChannelSocket.pair()
        let board = ChannelConnection(socket: boardSocket)
        let scene = ChannelConnection(socket: sceneSocket)
        var random = SplitMix64(seed: seed)
        let messages = (0..<600).map { _ in random.message() }
        var received: [ChannelMessage] = []
        var next = 0
        // Send in bursts larger than the socket holds; read whenever a flush stops.
        while received.count < messages.count {
            while next < messages.count && board.queuedCount < 50 {
                try board.send(messages[next])
                next += 1
            }
            try board.flush()
            received += try scene.receiveAvailable().envelopes.map(\.message)
        }
        #expect(received == messages, "seed \(seed)")
        #expect(board.queuedCount == 0)
    }

    @Test("A frame buffer attached by the scene is the board's to read, without a copy through the socket")
    func frameBufferIsShared() throws {
        let (boardSocket, sceneSocket) = try ChannelSocket.pair()
        let board = ChannelConnection(socket: boardSocket)
        let scene = ChannelConnection(socket: sceneSocket)
        let format = FrameFormat(width: 20, height: 10, stride: 80)
        let drawn = try MappedFrameBuffer(creating: format, name: "scene-window-1")
        try scene.send(ChannelEnvelope(.attachBuffer(window: 1, slot: 0, format: format), attachment: drawn.descriptor))
        try scene.flush()
        let arrived = try board.receiveAvailable().envelopes
        let attach = try #require(arrived.first)
        let shown = try MappedFrameBuffer(mapping: try #require(attach.attachment), format: format, access: .readOnly)

        // Drawn after the attach: the board sees the scene's pixels through the shared pages.
        drawn.withUnsafeMutableBytes { pixels in
            for index in stride(from: 0, to: pixels.count, by: 4) { pixels.storeBytes(of: UInt32(0xFF00_80FF), toByteOffset: index, as: UInt32.self) }
        }
        try scene.send(.frame(window: 1, slot: 0, damage: [DamageRect(x: 0, y: 0, width: 20, height: 10)]))
        try scene.flush()
        #expect(try board.receiveAvailable().envelopes.map(\.message) == [.frame(window: 1, slot: 0, damage: [DamageRect(x: 0, y: 0, width: 20, height: 10)])])
        shown.withUnsafeBytes { pixels in
            #expect(pixels.load(fromByteOffset: 0, as: UInt32.self) == 0xFF00_80FF)
            #expect(pixels.load(fromByteOffset: format.byteCount - 4, as: UInt32.self) == 0xFF00_80FF)
        }
    }

    @Test("A peer's close is seen after the messages it sent first")
    func closeAfterMessages() throws {
        var sockets: (ChannelSocket, ChannelSocket)? = try ChannelSocket.pair()
        let board = ChannelConnection(socket: sockets!.0)
        var scene: ChannelConnection? = ChannelConnection(socket: sockets!.1)
        sockets = nil
        try scene!.send(.goodbye(reason: "plugin asked to quit"))
        try scene!.flush()
        scene = nil
        let received = try board.receiveAvailable()
        #expect(received.envelopes.map(\.message) == [.goodbye(reason: "plugin asked to quit")])
        #expect(received.closed)
    }
}
