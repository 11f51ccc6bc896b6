import DBusKit
import Testing

@Suite("Signals and replies marshalled in Swift", .tags(.needsBus))
@MainActor
final class BasicBodyWriterTests: EmitterAndListener {
    let interface: InterfaceName = "org.example.Wire1"
    let path: ObjectPath = "/org/example/Wire"

    /// Every basic type, with strings of lengths 0…8 around them so that every padding case occurs.
    static func bodies() -> [[BusValue]] {
        var bodies: [[BusValue]] = [
            [.uint64(1), .objectPath("/org/example/window/1"), .uint64(7), .string("moved"), .double(1.5), .double(-2.25),
             .string("button"), .double(0.5), .uint32(3)],
            [.byte(0xFF), .bool(true), .int16(-2), .uint16(65_535), .int32(-70_000), .uint32(4_000_000_000),
             .int64(.min), .uint64(.max), .double(.pi), .string("naïve ✓ 日本"), .objectPath("/"), .signature("a{sv}")],
            [.bool(false), .byte(1), .double(-0.0), .byte(2), .uint64(3)],
            [],
        ]
        for length in 0...8 {
            bodies.append([.byte(9), .string(String(repeating: "x", count: length)), .uint16(1), .double(2), .string("y")])
        }
        return bodies
    }

    @Test("A signal built in Swift arrives byte for byte as libdbus would have built it (serial aside)")
    func sameBytesAsLibdbus() async throws {
        let received = Recorder<[UInt8]>()
        _ = try await listener.addMatch(.signal(sender: emitter.uniqueName, interface: interface)) { message in
            received.record((try? message.marshalled()) ?? [])
        }
        let bodies = Self.bodies()
        for body in bodies {
            // The BusValue overload takes the Swift path for flat basic bodies; the writer overload is
            // libdbus's. Members of one length, so the two differ in one character of the header.
            try emitter.emitSignal(path: path, interface: interface, member: "FromSwift", arguments: body)
            try emitter.emitSignal(path: path, interface: interface, member: "FromDBus1") { writer in try writer.append(contentsOf: body) }
        }
        let messages = try await received.wait(for: bodies.count * 2, "signals")
        for index in bodies.indices {
            let swift = messages[2 * index]
            let libdbus = messages[2 * index + 1]
            #expect(swift.count == libdbus.count, "body \(index)")
            let differing = zip(swift, libdbus).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            // Only the serial (bytes 8…11) and the member's text may differ.
            let memberStart = try #require(Self.offset(of: Array("FromSwift".utf8), in: swift))
            #expect(differing.allSatisfy { (8..<12).contains($0) || (memberStart..<memberStart + 9).contains($0) }, "body \(index): \(differing)")
        }
    }

    static func offset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<$0 + needle.count]) == needle }
    }

    @Test("Values written with the basic writer are read back unchanged, with the right signature")
    func roundTrip() async throws {
        let received = Recorder<BusMessage>()
        _ = try await listener.addMatch(.signal(sender: emitter.uniqueName, interface: interface, member: "Flat")) { received.record($0) }
        try emitter.emitBasicSignal(path: path, interface: interface, member: "Flat") { writer in
            writer.append(UInt64(42))
            writer.append(ObjectPath("/org/example/window/3"))
            try writer.append("ended")
            writer.append(-1.5)
            writer.append(true)
            writer.append(Int32(-7))
            writer.append(Signature("as"))
        }
        let message = try #require(try await received.wait(for: 1, "the signal").first)
        #expect(message.signature.rawValue == "tosdbig")
        #expect(message.arguments == [.uint64(42), .objectPath("/org/example/window/3"), .string("ended"), .double(-1.5), .bool(true), .int32(-7), .signature("as")])
        #expect(message.path == path)
        #expect(message.member == "Flat")
    }

    @Test("A string with a NUL character is refused and names the string; nothing is sent")
    func nulRefused() throws {
        #expect {
            try emitter.emitBasicSignal(path: path, interface: interface, member: "Flat") { writer in
                try writer.append("a\u{0}b")
            }
        } throws: { error in
            let error = error as? BusError
            return error?.code == .invalidValue && error?.message.contains("\"a\\0b\"") == true
        }
    }

    @Test("Corrupt wire bytes are refused with libdbus's reason")
    func corruptBytes() throws {
        let message = BusMessage.signal(path: path, interface: interface, member: "Flat")
        var bytes = try message.marshalled()
        #expect(throws: BusError.self) { try BusMessage(wireBytes: bytes) }  // serial 0: "Bad serial"
        bytes[8] = 1
        let parsed = try BusMessage(wireBytes: bytes)
        #expect(parsed.member == "Flat")
        #expect(parsed.path == path)
    }
}
