import DBusKit
import Testing

@Suite("MessageReader reads typed values in order and reports mismatches")
struct MessageReaderTests {
    private func touchMessage() throws -> BusMessage {
        let message = BusMessage.signal(path: "/a", interface: "org.example.Touch1", member: "Touch")
        try message.append([
            .uint64(11), .objectPath("/w/2"), .string("began"), .double(3.5),
            .array(element: "(su)", [.structure([.string("x"), .uint32(1)]), .structure([.string("y"), .uint32(2)])]),
            .variantDictionary([("force", .double(0.5))]), .variant(.uint32(9)),
        ])
        return message
    }

    @Test("Typed reads return the values in order")
    func typedReads() throws {
        let message = try touchMessage()
        let result = try message.read { reader in
            let sequence = try reader.readUInt64()
            let window = try reader.readObjectPath()
            let phase = try reader.readString()
            let x = try reader.readDouble()
            let pairs = try reader.readArray { reader in
                try reader.readStruct { reader in (try reader.readString(), try reader.readUInt32()) }
            }
            let options = try reader.readDictionary { reader in (try reader.readString(), try reader.readVariant()) }
            let inner = try reader.readVariant { reader in try reader.readUInt32() }
            let atEnd = reader.isAtEnd
            #expect(atEnd)
            return (sequence, window, phase, x, pairs, options, inner)
        }
        #expect(result.0 == 11)
        #expect(result.1 == "/w/2")
        #expect(result.2 == "began")
        #expect(result.3 == 3.5)
        #expect(result.4.map(\.0) == ["x", "y"])
        #expect(result.4.map(\.1) == [1, 2])
        #expect(result.5.first?.0 == "force")
        #expect(result.5.first?.1 == .double(0.5))
        #expect(result.6 == 9)
    }

    @Test("A type mismatch names the position, both types and the body signature, and does not advance")
    func mismatch() throws {
        let message = try touchMessage()
        try message.read { reader in
            _ = try reader.readUInt64()
            #expect {
                try reader.readString()
            } throws: { error in
                let busError = error as! BusError
                return busError.code == .typeMismatch && busError.message.contains("argument 1")
                    && busError.message.contains("expected string ('s')")
                    && busError.message.contains("found object path ('o')")
                    && busError.message.contains("'tosda(su)a{sv}v'")
            }
            #expect(try reader.readObjectPath() == "/w/2")
        }
    }

    @Test("Reading past the end throws instead of inventing a value")
    func pastTheEnd() throws {
        let message = BusMessage.signal(path: "/a", interface: "org.example.I", member: "M")
        try message.append([.uint32(1)])
        try message.read { reader in
            _ = try reader.readUInt32()
            let atEnd = reader.isAtEnd
            let next = reader.nextSignature
            #expect(atEnd)
            #expect(next == nil)
            #expect(throws: BusError.self) { try reader.readUInt32() }
            #expect(throws: BusError.self) { try reader.readValue() }
        }
    }

    @Test("The next value's signature can be inspected before reading it")
    func peek() throws {
        let message = try touchMessage()
        try message.read { reader in
            let first = reader.nextSignature
            #expect(first == .uint64)
            try reader.skip()
            try reader.skip()
            try reader.skip()
            try reader.skip()
            let fifth = reader.nextSignature
            #expect(fifth == "a(su)")
            #expect(try reader.readValue().signature == "a(su)")
            #expect(try reader.readAll().count == 2)
        }
    }

    @Test("An array element reader that reads nothing is reported instead of looping forever")
    func elementReaderMustConsume() throws {
        let message = try touchMessage()
        try message.read { reader in
            for _ in 0..<4 { try reader.skip() }
            #expect {
                try reader.readArray { _ in 0 }
            } throws: { error in
                (error as! BusError).code == .invalidState
            }
        }
    }
}
