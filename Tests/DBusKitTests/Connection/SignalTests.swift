import DBusKit
import Testing

@Suite("Signals and match rules", .tags(.needsBus))
@MainActor
final class SignalTests: EmitterAndListener {
    let interface: InterfaceName = "org.example.Touch1"
    let path: ObjectPath = "/org/example/Touch"

    func emitTouch(_ sequence: UInt64, path: ObjectPath? = nil, member: MemberName = "Touch", on connection: BusConnection? = nil) throws {
        try (connection ?? emitter).emitSignal(path: path ?? self.path, interface: interface, member: member) { writer in
            try writer.append(sequence)
            try writer.append(ObjectPath("/org/example/window/1"))
            try writer.append(sequence &* 1000)
            try writer.append("moved")
            try writer.append(Double(sequence))
            try writer.append(2.5)
            try writer.append("button")
            try writer.append(0.5)
            try writer.append(UInt32(sequence % 10))
        }
    }

    static func sequence(of message: BusMessage) -> UInt64 {
        (try? message.read { try $0.readUInt64() }) ?? .max
    }

    @Test("Signals reach a matching subscription in the order they were emitted")
    func ordered() async throws {
        let received = Recorder<UInt64>()
        _ = try await listener.addMatch(.signal(interface: interface, member: "Touch")) { received.record(Self.sequence(of: $0)) }
        for index in 0..<100 {
            try emitTouch(UInt64(index))
        }
        #expect(try await received.wait(for: 100, "Touch signals") == Array(0..<100))
    }

    @Test("10,000 signals arrive without loss and in order")
    func burst() async throws {
        let received = Recorder<UInt64>()
        _ = try await listener.addMatch(.signal(sender: emitter.uniqueName, interface: interface, member: "Touch", path: path)) {
            received.record(Self.sequence(of: $0))
        }
        for index in 0..<10_000 {
            try emitTouch(UInt64(index))
            if index % 256 == 255 {
                emitter.flush()
            }
        }
        emitter.flush()
        let values = try await received.wait(for: 10_000, timeout: .seconds(60), "Touch signals")
        #expect(values.count == 10_000)
        #expect(values == Array(0..<10_000))
    }

    @Test("A call that emits 20,000 signals gets its reply, and every signal arrives once and in order")
    func heldBurst() async throws {
        // 20,000 Swift-built signals (~2 MB) leave in one write after the reply, more than the socket
        // takes at once; every 500th signal is built by libdbus instead (an array argument), so the
        // batch is split around it and the order must still hold.
        let (path, interface) = (self.path, self.interface)
        try emitter.export(
            [
                InterfaceDescription(
                    "org.example.Burst1",
                    methods: [
                        .method("Emit", inputs: [.init("count", .uint32)], outputs: [.init("emitted", .uint32)]) { call in
                            let count = try call.read { try $0.readUInt32() }
                            for index in 0..<UInt64(count) {
                                if index % 500 == 499 {
                                    try call.connection?.emitSignal(
                                        path: path, interface: interface, member: "Touch",
                                        arguments: [.uint64(index), .array(element: .uint32, [.uint32(1)])])
                                } else {
                                    try call.connection?.emitBasicSignal(path: path, interface: interface, member: "Touch") { writer in
                                        writer.append(index)
                                        try writer.append("moved")
                                    }
                                }
                            }
                            return [.uint32(count)]
                        }
                    ])
            ], at: "/org/example/Burst")
        let received = Recorder<UInt64>()
        _ = try await listener.addMatch(.signal(sender: emitter.uniqueName, interface: interface, member: "Touch", path: path)) {
            received.record(Self.sequence(of: $0))
        }
        let caller = try await bus.connect()
        let reply = try await caller.call(
            destination: emitter.uniqueName, path: "/org/example/Burst", interface: "org.example.Burst1", member: "Emit",
            arguments: [.uint32(20_000)], timeout: .seconds(60))
        #expect(reply.arguments == [.uint32(20_000)])
        let values = try await received.wait(for: 20_000, timeout: .seconds(60), "Touch signals")
        #expect(values == Array(0..<20_000))
        // The connection is still in order afterwards: a plain call is answered.
        let again = try await caller.call(
            destination: emitter.uniqueName, path: "/org/example/Burst", interface: "org.example.Burst1", member: "Emit",
            arguments: [.uint32(3)], timeout: .seconds(60))
        #expect(again.arguments == [.uint32(3)])
    }

    @Test("Each subscription sees only what its own rule selects")
    func ruleSelection() async throws {
        let byMember = Recorder<UInt64>()
        let byPath = Recorder<UInt64>()
        let byNamespace = Recorder<UInt64>()
        let byArgument = Recorder<String>()
        let everything = Recorder<MemberName>()
        _ = try await listener.addMatch(.signal(interface: interface, member: "Lift")) { byMember.record(Self.sequence(of: $0)) }
        _ = try await listener.addMatch(.signal(interface: interface, path: "/org/example/Touch/2")) { byPath.record(Self.sequence(of: $0)) }
        _ = try await listener.addMatch(.signal(interface: interface, pathNamespace: "/org/example/Touch")) {
            byNamespace.record(Self.sequence(of: $0))
        }
        _ = try await listener.addMatch(.signal(interface: "org.example.Names1", arguments: [0: "wanted"])) {
            byArgument.record($0.arguments.first?.stringValue ?? "")
        }
        _ = try await listener.addMatch(.signal(sender: emitter.uniqueName)) { everything.record($0.member!) }
        try emitTouch(1)
        try emitTouch(2, path: "/org/example/Touch/2")
        try emitTouch(3, member: "Lift")
        try emitTouch(4, path: "/org/example/Other")
        try emitter.emitSignal(path: path, interface: "org.example.Names1", member: "Named", arguments: [.string("unwanted")])
        try emitter.emitSignal(path: path, interface: "org.example.Names1", member: "Named", arguments: [.string("wanted")])
        try await everything.wait(for: 6, "signals")
        #expect(byMember.values == [3])
        #expect(byPath.values == [2])
        #expect(byNamespace.values == [1, 2, 3])
        #expect(byArgument.values == ["wanted"])
    }

    @Test("A cancelled subscription stops receiving at once")
    func cancellation() async throws {
        let cancelled = Recorder<UInt64>()
        let kept = Recorder<UInt64>()
        let subscription = try await listener.addMatch(.signal(interface: interface)) { cancelled.record(Self.sequence(of: $0)) }
        _ = try await listener.addMatch(.signal(interface: interface)) { kept.record(Self.sequence(of: $0)) }
        try emitTouch(1)
        try await cancelled.wait(for: 1, "signals before cancelling")
        subscription.cancel()
        #expect(!subscription.isActive)
        try emitTouch(2)
        #expect(try await kept.wait(for: 2, "signals") == [1, 2])
        #expect(cancelled.values == [1])
    }

    @Test("A well-known sender in a rule selects signals from the name's current owner only")
    func wellKnownSender() async throws {
        let name: BusName = "org.example.Emitter1"
        let impostor = try await bus.connect()
        _ = try await emitter.requestName(name)
        let received = Recorder<UInt64>()
        let all = Recorder<UInt64>()
        _ = try await listener.addMatch(.signal(sender: name, interface: interface)) { received.record(Self.sequence(of: $0)) }
        _ = try await listener.addMatch(.signal(interface: interface)) { all.record(Self.sequence(of: $0)) }
        try emitTouch(1, on: impostor)
        try emitTouch(2, on: emitter)
        try await all.wait(for: 2, "signals")
        #expect(received.values == [2])
        _ = try await emitter.releaseName(name)
        _ = try await impostor.requestName(name)
        try emitTouch(3, on: emitter)
        try emitTouch(4, on: impostor)
        try await all.wait(for: 4, "signals")
        #expect(received.values == [2, 4])
    }

    @Test("Signals with BusValue arguments and unicast destinations are delivered")
    func valuesAndUnicast() async throws {
        let received = Recorder<[BusValue]>()
        _ = try await listener.addMatch(.signal(interface: "org.example.Values1")) { received.record($0.arguments) }
        let values: [BusValue] = [.variantDictionary([("x", .double(1))]), .stringArray(["a", "b"])]
        try emitter.emitSignal(
            path: path, interface: "org.example.Values1", member: "Direct", destination: listener.uniqueName,
            arguments: values)
        #expect(try await received.wait(for: 1, "signals") == [values])
    }

    @Test("An inconsistent match rule is refused before reaching the bus")
    func invalidRule() async throws {
        await #expect {
            _ = try await listener.addMatch(MatchRule(path: "/a", pathNamespace: "/a")) { _ in }
        } throws: { error in
            (error as! BusError).name == .matchRuleInvalid
        }
    }
}
