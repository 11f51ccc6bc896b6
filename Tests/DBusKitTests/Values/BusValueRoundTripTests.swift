import DBusKit
import Glibc
import Testing

/// Writes values into a fresh message and decodes them again.
func roundTrip(_ values: [BusValue]) throws -> [BusValue] {
    let message = BusMessage.signal(path: "/org/example/Test", interface: "org.example.Test1", member: "Values")
    try message.append(values)
    return message.arguments
}

@Suite("Every BusValue survives a message round trip")
struct BusValueRoundTripTests {
    static let basics: [BusValue] = [
        .byte(0), .byte(255), .bool(true), .bool(false), .int16(.min), .int16(.max), .uint16(.max),
        .int32(.min), .int32(-1), .uint32(.max), .int64(.min), .int64(.max), .uint64(.max), .double(-0.5),
        .double(.infinity), .double(1e-300), .string(""), .string("héllo wörld ✓ 🎉"), .objectPath("/"),
        .objectPath("/org/scenehost/window/3"), .signature(""), .signature("a{sv}"),
    ]

    @Test("Basic values round-trip with their exact type", arguments: basics)
    func basic(_ value: BusValue) throws {
        #expect(try roundTrip([value]) == [value])
    }

    @Test("A message body keeps the order and the signature of its values")
    func body() throws {
        let message = BusMessage.methodCall(destination: nil, path: "/a", interface: nil, member: "M")
        try message.append(Self.basics)
        #expect(message.signature.rawValue == Self.basics.map(\.signature.rawValue).joined())
        #expect(message.arguments == Self.basics)
    }

    @Test(
        "Empty arrays keep their element type",
        arguments: [Signature.string, .int32, .objectPath, .variant, "(ii)", "as", "a{sv}", .byte, .double])
    func emptyArrays(_ element: Signature) throws {
        let value = BusValue.array(element: element, [])
        let decoded = try roundTrip([value])
        #expect(decoded == [value])
        #expect(decoded[0].signature == Signature.array(of: element))
    }

    @Test("Nested arrays, structs and variants round-trip")
    func nestedContainers() throws {
        let values: [BusValue] = [
            .array(element: "ai", [.array(element: .int32, [.int32(1), .int32(2)]), .array(element: .int32, [])]),
            .structure([.uint64(7), .objectPath("/w"), .structure([.string("inner"), .double(2.5)])]),
            .variant(.structure([.string("a"), .uint32(1)])),
            .variant(.variant(.variant(.int16(-3)))),
            .array(element: .variant, [.variant(.string("x")), .variant(.array(element: .byte, [.byte(1)]))]),
            .array(element: "(tos)", [.structure([.uint64(1), .objectPath("/a"), .string("s")])]),
        ]
        let decoded = try roundTrip(values)
        #expect(decoded == values)
        #expect(decoded.map(\.signature) == ["aai", "(to(sd))", "v", "v", "av", "a(tos)"])
    }

    @Test("Dictionaries a{sv} and a{oa{sa{sv}}} round-trip, empty or not, in entry order")
    func dictionaries() throws {
        let properties = BusValue.variantDictionary([("Name", .string("scene")), ("Count", .uint32(3)), ("Empty", .stringArray([]))])
        let managed = BusValue.dictionary(
            key: .objectPath, value: "a{sa{sv}}",
            [
                .init(.objectPath("/org/example/a"), .dictionary(key: .string, value: "a{sv}", [
                    .init(.string("org.example.I"), properties),
                    .init(.string("org.example.Empty"), .dictionary(key: .string, value: .variant, [])),
                ])),
                .init(.objectPath("/org/example/b"), .dictionary(key: .string, value: "a{sv}", [])),
            ])
        let empty = BusValue.dictionary(key: .uint32, value: .string, [])
        let decoded = try roundTrip([properties, managed, empty])
        #expect(decoded == [properties, managed, empty])
        #expect(decoded.map(\.signature) == ["a{sv}", "a{oa{sa{sv}}}", "a{us}"])
        #expect(decoded[0]["Count"] == .uint32(3))
        #expect(decoded[0]["Missing"] == nil)
    }

    @Test("A Unix file descriptor is duplicated into the message and read back as a new descriptor")
    func unixFD() throws {
        var pipeEnds: [Int32] = [-1, -1]
        #expect(pipe(&pipeEnds) == 0)
        defer {
            close(pipeEnds[0])
            close(pipeEnds[1])
        }
        let decoded = try roundTrip([.unixFD(pipeEnds[0])])
        guard case .unixFD(let received) = decoded.first else {
            Issue.record("expected a unixFD, got \(decoded)")
            return
        }
        defer { close(received) }
        #expect(received != pipeEnds[0])
        var original = stat()
        var copy = stat()
        fstat(pipeEnds[0], &original)
        fstat(received, &copy)
        #expect(original.st_ino == copy.st_ino)
    }

    @Test("A large array round-trips")
    func largeArray() throws {
        let value = BusValue.array(element: .uint32, (0..<10_000).map { .uint32(UInt32($0)) })
        #expect(try roundTrip([value]) == [value])
    }
}
