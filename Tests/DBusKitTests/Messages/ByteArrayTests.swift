import DBusKit
import Testing

@Suite("Byte arrays ('ay') are written and read in one copy")
struct ByteArrayTests {
    @Test("Bytes written with append(bytes:) read back unchanged, as 'ay', empty included", arguments: [0, 1, 7, 100_000])
    func roundTrip(count: Int) throws {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let message = BusMessage.signal(path: "/a", interface: "org.example.Bytes1", member: "Data")
        try message.write { writer in
            try writer.append(UInt32(5))
            try writer.append(bytes: bytes)
            try writer.append("after")
        }
        #expect(message.signature == "uays")
        let read = try message.read { reader in (try reader.readUInt32(), try reader.readBytes(), try reader.readString()) }
        #expect(read.0 == 5 && read.1 == bytes && read.2 == "after")
        #expect(message.arguments[1] == .array(element: .byte, bytes.map { .byte($0) }))
    }

    @Test("readBytes refuses an array of another type and names it")
    func mismatch() throws {
        let message = BusMessage.signal(path: "/a", interface: "org.example.Bytes1", member: "Data")
        try message.append([.array(element: .uint32, [.uint32(1)])])
        do {
            _ = try message.read { reader in try reader.readBytes() }
            Issue.record("an 'au' was read as bytes")
        } catch let error as BusError {
            #expect(error.message.contains("byte array") && error.message.contains("uint32"), "\(error.message)")
        }
    }
}
