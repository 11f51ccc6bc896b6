import DBusKit
import Testing

@Suite("Method dispatch is fair to every sender", .tags(.needsBus))
@MainActor
struct FairDispatchTests {
    let bus: BusFixture
    let server: BusConnection
    let service = TestService()

    init() async throws {
        bus = try await BusFixture()
        server = try await bus.connect()
        try server.export(service, at: TestService.path)
    }

    private func add(_ a: Int32, _ b: Int32, on client: BusConnection) async throws -> Int32? {
        try await client.call(
            destination: server.uniqueName, path: TestService.path, interface: TestService.interfaceName, member: "Add",
            arguments: [.int32(a), .int32(b)], timeout: .seconds(120)
        ).arguments.first?.int32Value
    }

    @Test("A sender with 32 calls under way (deferred) waits for one to be answered before its next call is served; other senders are served meanwhile")
    func answersPerSender() async throws {
        let limit = server.dispatchPolicy.answersPerSender
        #expect(limit == 32)
        let busy = try await bus.connect()
        let other = try await bus.connect()
        var later: [Task<UInt32?, any Error>] = []
        for value in 0..<UInt32(limit) {
            later.append(Task { @MainActor in
                try await busy.call(
                    destination: server.uniqueName, path: TestService.path, interface: TestService.interfaceName, member: "Later",
                    arguments: [.uint32(value)], timeout: .seconds(120)
                ).arguments.first?.uint32Value
            })
        }
        let held = try await service.deferred.wait(for: limit, timeout: .seconds(120), "deferred calls under way")
        var next: Int32?
        let blocked = Task { @MainActor in
            next = try await add(20, 22, on: busy)
        }
        // Another sender is served while the busy one waits, several times over.
        for round in Int32(0)..<5 {
            #expect(try await add(round, 1, on: other) == round + 1)
        }
        #expect(next == nil, "the busy sender's next call waits in its lane")
        held[0].reply([.uint32(100)])
        try await blocked.value
        #expect(next == 42)
        #expect(try await later[0].value == 100)
        for (index, reply) in held.enumerated().dropFirst() { reply.reply([.uint32(UInt32(index))]) }
        for (index, task) in later.enumerated().dropFirst() {
            #expect(try await task.value == UInt32(index))
        }
    }

    @Test("A deferred reply that is dropped unanswered releases its sender's slot too")
    func droppedRepliesRelease() async throws {
        server.dispatchPolicy = DispatchPolicy(answersPerSender: 1)
        let client = try await bus.connect()
        let error = try await bus.expectError(
            from: client, destination: server.uniqueName, path: TestService.path, interface: TestService.interfaceName, member: "Drop")
        #expect(error.name == .failed)
        #expect(try await add(1, 2, on: client) == 3)
    }
}
