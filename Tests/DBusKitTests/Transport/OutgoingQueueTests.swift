@testable import DBusKit
import Testing

/// A socket stand-in that takes at most `accept` bytes per write, or nothing while `full`.
private struct FakeSocket {
    var accept: Int
    var full = false
    var received: [UInt8] = []
    var writes = 0

    mutating func write(_ bytes: UnsafeRawBufferPointer) -> OutgoingQueue<String>.WriteOutcome {
        writes += 1
        guard !full else { return .wouldBlock }
        let taken = min(bytes.count, accept)
        received.append(contentsOf: bytes[0..<taken])
        return taken == 0 ? .wouldBlock : .wrote(taken)
    }
}

@Suite("The outgoing queue keeps send order through partial writes")
struct OutgoingQueueTests {
    /// Drains `queue` the way the transport does: bytes to the socket, hand-offs to `handOff`.
    private static func drain(
        _ queue: inout OutgoingQueue<String>, _ socket: inout FakeSocket, handOff: (String) -> Void, wrote: (Int) -> Void
    ) -> OutgoingQueue<String>.Progress {
        while !queue.isEmpty {
            if let item = queue.popHandOff() {
                handOff(item)
                continue
            }
            let progress = queue.writeLeadingBytes { socket.write($0) }
            wrote(socket.received.count)
            if progress != .done { return progress }
        }
        return .done
    }

    @Test("A socket that takes 7 bytes at a time receives every message whole and in order, hand-offs in their place")
    func partialWrites() {
        var queue = OutgoingQueue<String>()
        var socket = FakeSocket(accept: 7)
        var stream: [String] = []
        var expected: [UInt8] = []
        for index in 0..<50 {
            if index % 10 == 9 {
                queue.append(handOff: "libdbus-\(index)")
            } else {
                let bytes = (0..<(index * 3 + 1)).map { UInt8(truncatingIfNeeded: $0 &+ index) }
                queue.append(bytes: bytes)
                expected += bytes
            }
        }
        var written = 0
        let progress = Self.drain(&queue, &socket) { name in
            // A hand-off leaves only once every byte before it was written.
            stream.append("\(name)@\(written)")
        } wrote: { written = $0 }
        #expect(progress == .done)
        #expect(socket.received == expected)
        #expect(queue.isEmpty && queue.byteCount == 0 && !queue.hasPartialMessage)
        let offsets = (0..<50).filter { $0 % 10 == 9 }.map { index in
            (0..<index).filter { $0 % 10 != 9 }.reduce(0) { $0 + $1 * 3 + 1 }
        }
        #expect(stream == zip((0..<50).filter { $0 % 10 == 9 }, offsets).map { "libdbus-\($0)@\($1)" })
    }

    @Test("A full socket leaves the rest of a cut message first in the queue, and writing resumes exactly after the cut")
    func resumesAfterCut() {
        var queue = OutgoingQueue<String>()
        var socket = FakeSocket(accept: 10)
        queue.append(bytes: Array(0..<25))
        queue.append(handOff: "call")
        queue.append(bytes: Array(100..<105))
        socket.accept = 10
        // One write takes 10 bytes, then the socket is full.
        #expect(queue.writeLeadingBytes { buffers in
            let outcome = socket.write(buffers)
            socket.full = true
            return outcome
        } == .blocked)
        #expect(queue.hasPartialMessage && queue.byteCount == 20)
        #expect(queue.popHandOff() == nil, "the hand-off waits behind the cut message")
        socket.full = false
        socket.accept = 1000
        var handedOff: [String] = []
        var written = 10
        #expect(Self.drain(&queue, &socket) { handedOff.append("\($0)@\(written)") } wrote: { written = $0 } == .done)
        #expect(socket.received == Array(0..<25) + Array(100..<105))
        #expect(handedOff == ["call@25"])
    }

    @Test("Consecutive messages leave in one write, and the queue knows when the socket holds part of one")
    func gathers() {
        var queue = OutgoingQueue<String>()
        var socket = FakeSocket(accept: 1 << 20)
        for index in 0..<40 { queue.append(bytes: [UInt8(index), 0, 1]) }
        #expect(queue.writeLeadingBytes { socket.write($0) } == .done)
        #expect(socket.writes == 1)
        #expect(socket.received.count == 120)
        #expect(!queue.hasPartialMessage)
        var small = FakeSocket(accept: 4)
        queue.append(bytes: [1, 2, 3])
        queue.append(bytes: [4, 5, 6])
        #expect(queue.writeLeadingBytes { bytes in
            let outcome = small.write(bytes)
            small.full = true
            return outcome
        } == .blocked)
        #expect(queue.hasPartialMessage, "4 of 6 bytes: the second message is cut")
        small.full = false
        small.accept = 1
        #expect(queue.writeLeadingBytes { bytes in
            let outcome = small.write(bytes)
            small.full = true
            return outcome
        } == .blocked)
        #expect(queue.hasPartialMessage, "5 of 6 bytes")
        small.full = false
        #expect(queue.writeLeadingBytes { small.write($0) } == .done)
        #expect(!queue.hasPartialMessage && queue.isEmpty)
    }

    @Test("A failed socket stops writing, and removing everything returns the hand-offs that never left")
    func failure() {
        var queue = OutgoingQueue<String>()
        queue.append(bytes: [1, 2, 3])
        queue.append(handOff: "a")
        queue.append(bytes: [4])
        queue.append(handOff: "b")
        #expect(queue.writeLeadingBytes { _ in .failed(32) } == .failed(32))
        #expect(queue.removeAll() == ["a", "b"])
        #expect(queue.isEmpty && queue.byteCount == 0)
    }
}
