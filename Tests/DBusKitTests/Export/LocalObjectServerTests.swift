import DBusKit
import Testing

/// A connection forwards a subtree's calls to a ``LocalObjectServer`` (as the host forwards a scene
/// process's accessible objects) and emits its signals; a client sees one object.
@Suite("Forwarded objects are served by a local object server", .tags(.needsBus))
@MainActor
struct LocalObjectServerTests {
    let bus: BusFixture
    let host: BusConnection
    let client: BusConnection
    let service = TestService()
    /// What the local server sent, in order (replies and signals, as wire bytes).
    let sent = Recorder<[UInt8]>()
    let local: LocalObjectServer
    /// The forwarded calls waiting for the local server's answer, by serial.
    let waiting = Recorder<ForwardedCall>()

    init() async throws {
        bus = try await BusFixture()
        host = try await bus.connect()
        client = try await bus.connect()
        let sent = sent
        local = LocalObjectServer { bytes in sent.record(bytes) }
        let interfaces = CompiledInterfaces(service.interfaces)
        try local.exportSubtree(at: "/org/example/far") { _ in interfaces }
    }

    /// Forwards every call below `/org/example/far` to the local server, and its answers back: a reply
    /// to the forwarded call it answers, a signal onto the bus.
    func forwardAll() throws {
        var calls: [UInt32: ForwardedCall] = [:]
        let local = local
        let host = host
        var delivered = 0
        try host.exportForwardingSubtree(at: "/org/example/far") { call in
            calls[call.message.serial] = call
            do {
                try local.receive(wire: try call.message.marshalled())
            } catch {
                call.fail(error)
            }
            // What the local server answered now.
            Self.route(self.sent.values.dropFirst(delivered), calls: &calls, host: host)
            delivered = self.sent.values.count
        }
    }

    static func route(_ messages: some Sequence<[UInt8]>, calls: inout [UInt32: ForwardedCall], host: BusConnection) {
        for bytes in messages {
            guard let message = try? BusMessage(wireBytes: bytes) else {
                Issue.record("the local server sent bytes that are not a message")
                continue
            }
            switch message.kind {
            case .signal:
                #expect(throws: Never.self) { try host.emitSignal(forwarding: bytes) }
            case .methodReturn, .error:
                guard let call = calls.removeValue(forKey: message.replySerial) else {
                    Issue.record("a reply to serial \(message.replySerial), which nobody waits for")
                    continue
                }
                #expect(throws: Never.self) { try call.reply(forwarding: bytes) }
            case .methodCall:
                Issue.record("the local server sent a method call")
            }
        }
    }

    @Test("a call through the forwarding subtree is answered by the local server's tables, with their errors and properties")
    func callsAreAnswered() async throws {
        try forwardAll()
        let reply = try await client.call(
            destination: host.uniqueName, path: "/org/example/far/1", interface: TestService.interfaceName, member: "Add",
            arguments: [.int32(40), .int32(2)])
        #expect(reply.arguments == [.int32(42)])
        let who = try await client.call(destination: host.uniqueName, path: "/org/example/far/7", interface: TestService.interfaceName, member: "WhoAmI")
        #expect(who.arguments == [.string(client.uniqueName?.rawValue ?? "?"), .objectPath("/org/example/far/7")])
        let name = try await client.call(
            destination: host.uniqueName, path: "/org/example/far/1", interface: .properties, member: "Get",
            arguments: [.string(TestService.interfaceName.rawValue), .string("Name")])
        #expect(name.arguments == [.variant(.string("scene"))])
        let refused = try await bus.expectError(
            from: client, destination: host.uniqueName, path: "/org/example/far/1", interface: TestService.interfaceName, member: "Fail",
            arguments: [.string("far away says no")])
        #expect(refused.name.rawValue == "org.example.Test1.Error.Refused")
        #expect(refused.message == "far away says no")
        let missing = try await bus.expectError(
            from: client, destination: host.uniqueName, path: "/org/example/far/1", interface: TestService.interfaceName, member: "Nothing")
        #expect(missing.name == .unknownMethod)
        let wrongArguments = try await bus.expectError(
            from: client, destination: host.uniqueName, path: "/org/example/far/1", interface: TestService.interfaceName, member: "Add",
            arguments: [.string("forty")])
        #expect(wrongArguments.name == .invalidArgs)
    }

    @Test("a signal the local server emits reaches the bus's clients from the forwarding connection")
    func signalsAreEmitted() async throws {
        let ticks = Recorder<BusMessage>()
        _ = try await client.addMatch(.signal(interface: TestService.interfaceName, member: "Tick")) { ticks.record($0) }
        try local.emitSignal(path: "/org/example/far/3", interface: TestService.interfaceName, member: "Tick") { try $0.append(UInt64(9)) }
        var calls: [UInt32: ForwardedCall] = [:]
        Self.route(sent.values, calls: &calls, host: host)
        let tick = try await ticks.wait(for: 1, "Tick")[0]
        #expect(tick.sender == host.uniqueName)
        #expect(tick.path == "/org/example/far/3")
        #expect(tick.arguments == [.uint64(9)])
    }

    @Test("an answer that is no message fails the forwarded call with Failed naming the problem")
    func wrongAnswersAreRefused() async throws {
        try host.exportForwardingSubtree(at: "/org/example/far") { call in
            #expect(throws: BusError.self) { try call.reply(forwarding: [1, 2, 3]) }
        }
        let error = try await bus.expectError(
            from: client, destination: host.uniqueName, path: "/org/example/far/1", interface: TestService.interfaceName, member: "Add",
            arguments: [.int32(1), .int32(2)])
        #expect(error.name == .failed)
        #expect(error.message.contains("3 wire bytes"))
    }

    @Test("a forwarded call dropped without an answer fails with Failed instead of waiting for the timeout")
    func droppedCallsFail() async throws {
        try host.exportForwardingSubtree(at: "/org/example/far") { _ in }
        let error = try await bus.expectError(
            from: client, destination: host.uniqueName, path: "/org/example/far/1", interface: TestService.interfaceName, member: "Add",
            arguments: [.int32(1), .int32(2)], timeout: .seconds(20))
        #expect(error.name == .failed)
        #expect(error.message.contains("dropped without an answer"))
    }

    @Test("the local server refuses bytes that are not a method call")
    func refusesNonCalls() throws {
        #expect(throws: BusError.self) { try local.receive(wire: [0, 1, 2]) }
    }
}
