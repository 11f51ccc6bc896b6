@testable import DBusKit
import SceneErrors
import SceneLoop
import SceneProcesses
import Testing

@Suite("What a turn of the main loop sends leaves in one write", .tags(.needsBus))
@MainActor
struct TurnWriteTests {
    let interface: InterfaceName = "org.example.Turn1"
    let path: ObjectPath = "/org/example/Turn"

    @Test("Signals sent during a turn, outside the connection's own callbacks, wait for its end and then leave in one write; outside a turn each leaves at once")
    func aTurnLeavesInOneWrite() async throws {
        let (bus, watches, sender, listener, received) = try await senderAndListener()
        defer { withExtendedLifetime((bus, listener)) {} }
        let before = sender.outputStatistics

        watches.beginTurn()
        for seq in UInt32(0)..<5 { try emit(seq, from: sender) }
        #expect(sender.outputStatistics.writeCount == before.writeCount, "nothing is written before the turn ends")
        #expect(sender.outputStatistics.queuedBytes > 0)
        #expect(watches.deferredCount == 1, "one write is asked for, however many messages wait")
        watches.endTurn()
        let afterTurn = sender.outputStatistics
        #expect(afterTurn.writeCount == before.writeCount + 1)
        #expect(afterTurn.messageCount == before.messageCount + 5)
        #expect(afterTurn.queuedBytes == 0)

        try emit(5, from: sender)
        #expect(sender.outputStatistics.writeCount == afterTurn.writeCount + 1, "outside a turn a message leaves at once")
        #expect(watches.deferredCount == 0)
        #expect(try await received.wait(for: 6, "signals") == [0, 1, 2, 3, 4, 5])
    }

    @Test("A libdbus-built message sent during the turn waits behind the bytes sent before it, and everything arrives in the order sent")
    func libdbusMessagesKeepTheirPlace() async throws {
        let (bus, watches, sender, listener, received) = try await senderAndListener()
        defer { withExtendedLifetime((bus, listener)) {} }

        watches.beginTurn()
        try emit(0, from: sender)
        let built = BusMessage.signal(path: path, interface: interface, member: "Built")
        try built.append([.uint32(1)])
        try sender.send(built)
        try emit(2, from: sender)
        #expect(sender.transport.hasPendingOutput, "all three wait for the turn's end")
        watches.endTurn()
        #expect(try await received.wait(for: 3, "signals") == [0, 1, 2])
        #expect(!sender.transport.hasPendingOutput)
    }

    /// A bus; a sender served by hand-turned watches; a listener on another connection, and what it
    /// receives of the sender's signals (their first argument).
    private func senderAndListener() async throws -> (BusFixture, HandTurnedWatches, BusConnection, BusConnection, Recorder<UInt32>) {
        let bus = try await BusFixture()
        let watches = HandTurnedWatches()
        let sender = try await BusConnection.connect(to: .address(bus.daemon.address), watches: watches)
        let listener = try await bus.connect()
        let received = Recorder<UInt32>()
        _ = try await listener.addMatch(.signal(sender: sender.uniqueName, interface: interface)) { message in
            received.record((try? message.read { try $0.readUInt32() }) ?? .max)
        }
        return (bus, watches, sender, listener, received)
    }

    /// A Swift-built signal carrying `seq`.
    private func emit(_ seq: UInt32, from sender: BusConnection) throws {
        try sender.emitBasicSignal(path: path, interface: interface, member: "Basic") { $0.append(seq) }
    }
}

/// Libdispatch watches with turns the test begins and ends by hand: an action deferred to the end of a
/// turn waits here until ``endTurn()``, as the main loop keeps it until its turn's handlers ran.
@MainActor
final class HandTurnedWatches: DescriptorWatching {
    private let sources = DispatchDescriptorWatches()
    private var isInTurn = false
    private var deferred: [@MainActor () -> Void] = []

    var deferredCount: Int { deferred.count }

    func watch(
        _ descriptor: Int32, for readiness: DescriptorReadiness, owner: (any Sendable)?, handler: @escaping @MainActor () -> Void
    ) throws(EventLoopError) -> any DescriptorWatch {
        try sources.watch(descriptor, for: readiness, owner: owner, handler: handler)
    }

    func deferToEndOfTurn(_ action: @escaping @MainActor () -> Void) -> Bool {
        guard isInTurn else { return false }
        deferred.append(action)
        return true
    }

    func beginTurn() { isInTurn = true }

    func endTurn() {
        let actions = deferred
        deferred.removeAll()
        actions.forEach { $0() }
        isInTurn = false
    }
}
