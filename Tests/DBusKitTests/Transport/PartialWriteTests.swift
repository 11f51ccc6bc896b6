@testable import DBusKit
import Glibc
import SceneProcesses
import Testing

@Suite("A connection whose socket takes only part of what is sent", .tags(.needsBus))
@MainActor
struct PartialWriteTests {
    let interface: InterfaceName = "org.example.Order1"
    let path: ObjectPath = "/org/example/Order"

    @Test("With the bus stopped, sending returns at once, what the socket refuses waits in order and is counted, and every message arrives whole once the bus resumes")
    func stoppedBus() async throws {
        let bus = try await BusFixture()
        let sender = try await bus.connect()
        let listener = try await bus.connect()
        let received = Recorder<String>()
        _ = try await listener.addMatch(.signal(sender: sender.uniqueName, interface: interface)) { message in
            let seq = (try? message.read { try $0.readUInt32() }) ?? .max
            received.record("\(message.member?.rawValue ?? "?")-\(seq)")
        }
        // A small send buffer: the kernel takes a few KiB, then refuses.
        let socket = try #require(sender.transport.socketDescriptor)
        var size: Int32 = 4096
        #expect(setsockopt(socket, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size)) == 0)
        let backpressure = Recorder<OutputBackpressure>()
        sender.outputBackpressureHandler = { backpressure.record($0) }
        kill(bus.daemon.processID, SIGSTOP)
        var resumed = false
        defer { if !resumed { kill(bus.daemon.processID, SIGCONT) } }

        // The stopped daemon never reads: were sending to wait for the socket, this loop would not end.
        let padding = String(repeating: "x", count: 20_000)
        var expected: [String] = []
        var sawPartial = false
        for seq in UInt32(0)..<300 {
            switch seq % 3 {
            case 0:
                // Swift-built wire bytes (BasicBodyWriter), large enough to be cut by the socket.
                try sender.emitBasicSignal(path: path, interface: interface, member: "Basic") { writer in
                    writer.append(seq)
                    try writer.append(seq % 30 == 0 ? padding : "short")
                }
                expected.append("Basic-\(seq)")
            case 1:
                // A libdbus-built message (an array is not flat basic): handed to libdbus in its turn.
                try sender.emitSignal(path: path, interface: interface, member: "Built") { writer in
                    try writer.append(seq)
                    try writer.appendArray(of: .uint32) { try $0.append(seq) }
                }
                expected.append("Built-\(seq)")
            default:
                let message = BusMessage.signal(path: path, interface: interface, member: "Sent")
                try message.append([.uint32(seq)])
                try sender.send(message)
                expected.append("Sent-\(seq)")
            }
            sawPartial = sawPartial || sender.transport.hasPartialMessage
        }
        // A call made now leaves after all of them, and its reply comes once the bus runs again.
        let reply = Task { @MainActor in
            try await sender.call(
                destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetId", timeout: .seconds(60)
            ).arguments.first?.stringValue
        }
        #expect(sawPartial, "the socket took part of a message")
        let waiting = sender.outputStatistics
        #expect(waiting.queuedBytes > 100_000, "what the socket refused waits in the queue")
        #expect(waiting.peakQueuedBytes >= waiting.queuedBytes)
        #expect(waiting.socketFullCount == 1, "one spell of a full socket")
        #expect(backpressure.values.count == 1)
        if case .socketFull(let bytes) = backpressure.values.first { #expect(bytes > 0) } else { Issue.record("\(backpressure.values)") }
        #expect(received.values.isEmpty)

        kill(bus.daemon.processID, SIGCONT)
        resumed = true
        #expect(try await reply.value?.count == 32)
        let values = try await received.wait(for: 300, timeout: .seconds(60), "signals")
        #expect(values == expected)
        #expect(!sender.transport.hasPendingOutput)
        #expect(sender.outputStatistics.queuedBytes == 0)
        #expect(backpressure.values.last == .drained(peakBytes: sender.outputStatistics.peakQueuedBytes), "\(backpressure.values)")
    }

    @Test("close(flushingWithin:) writes what waits before it closes, without blocking")
    func closeAfterFlushing() async throws {
        let bus = try await BusFixture()
        let sender = try await bus.connect()
        let listener = try await bus.connect()
        let received = Recorder<UInt32>()
        _ = try await listener.addMatch(.signal(sender: sender.uniqueName, interface: interface)) { message in
            received.record((try? message.read { try $0.readUInt32() }) ?? .max)
        }
        kill(bus.daemon.processID, SIGSTOP)
        var resumed = false
        defer { if !resumed { kill(bus.daemon.processID, SIGCONT) } }
        let padding = String(repeating: "y", count: 50_000)
        for seq in UInt32(0)..<40 {
            try sender.emitBasicSignal(path: path, interface: interface, member: "Basic") { writer in
                writer.append(seq)
                try writer.append(padding)
            }
        }
        #expect(sender.transport.hasPendingOutput)
        let closed = Recorder<Bool>()
        sender.close(flushingWithin: .seconds(60)) { closed.record(true) }
        #expect(closed.values.isEmpty && sender.isConnected, "still writing")
        kill(bus.daemon.processID, SIGCONT)
        resumed = true
        _ = try await closed.wait(for: 1, timeout: .seconds(60), "the close")
        #expect(!sender.isConnected)
        #expect(try await received.wait(for: 40, timeout: .seconds(60), "signals") == Array(0..<40))
    }
}
