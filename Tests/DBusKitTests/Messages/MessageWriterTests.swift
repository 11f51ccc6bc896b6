import DBusKit
import Testing

private func newMessage() -> BusMessage {
    BusMessage.signal(path: "/org/example/Test", interface: "org.example.Test1", member: "Values")
}

private func writeError(_ body: (inout MessageWriter) throws -> Void) -> BusError? {
    do {
        try newMessage().write(body)
        return nil
    } catch {
        return error as? BusError
    }
}

@Suite("MessageWriter writes typed values and refuses values that do not fit")
struct MessageWriterTests {
    @Test("Typed appends produce the same body as the equivalent BusValues")
    func typedAppends() throws {
        let typed = newMessage()
        try typed.write { writer in
            try writer.append(UInt64(42))
            try writer.append(ObjectPath("/w/1"))
            try writer.append(UInt64(7))
            try writer.append("moved")
            try writer.append(1.5)
            try writer.append(-2.5)
            try writer.append("view")
            try writer.append(0.25)
            try writer.append(UInt32(3))
            try writer.append(true)
            try writer.append(UInt8(9))
            try writer.append(Int16(-2))
            try writer.append(UInt16(2))
            try writer.append(Int32(-4))
            try writer.append(Int64(-8))
            try writer.append(Signature("a{sv}"))
        }
        #expect(typed.signature == "totsddsdubynqixg")
        #expect(
            typed.arguments == [
                .uint64(42), .objectPath("/w/1"), .uint64(7), .string("moved"), .double(1.5), .double(-2.5),
                .string("view"), .double(0.25), .uint32(3), .bool(true), .byte(9), .int16(-2), .uint16(2), .int32(-4),
                .int64(-8), .signature("a{sv}"),
            ])
    }

    @Test("Containers are written with closures or with explicit open and close")
    func containers() throws {
        let message = newMessage()
        try message.write { writer in
            try writer.appendArray(of: "(ud)") { writer in
                for index in 0..<3 {
                    try writer.appendStruct { writer in
                        try writer.append(UInt32(index))
                        try writer.append(Double(index) / 2)
                    }
                }
            }
            try writer.appendDictionary(key: .string, value: .variant) { writer in
                try writer.appendDictEntry { writer in
                    try writer.append("Name")
                    try writer.appendVariant(containing: .string) { try $0.append("scene") }
                }
            }
            try writer.openVariant(containing: "as")
            try writer.openArray(of: .string)
            try writer.append("a")
            try writer.close()
            try writer.close()
        }
        #expect(message.signature == "a(ud)a{sv}v")
        #expect(
            message.arguments == [
                .array(element: "(ud)", (0..<3).map { .structure([.uint32(UInt32($0)), .double(Double($0) / 2)]) }),
                .variantDictionary([("Name", .string("scene"))]),
                .variant(.stringArray(["a"])),
            ])
    }

    @Test("An array element of the wrong type is refused, naming both types")
    func wrongArrayElement() {
        let error = writeError { writer in
            try writer.appendArray(of: .uint32) { writer in
                try writer.append(UInt32(1))
                try writer.append("two")
            }
        }
        #expect(error?.code == .invalidValue)
        #expect(error?.message.contains("string ('s')") == true)
        #expect(error?.message.contains("the type there is 'u'") == true)
    }

    @Test("A BusValue array whose elements do not match its element signature is refused")
    func inconsistentBusValueArray() {
        #expect(throws: BusError.self) {
            try newMessage().append([.array(element: .string, [.string("a"), .int32(1)])])
        }
        #expect(throws: BusError.self) {
            try newMessage().append([.dictionary(key: .string, value: .variant, [.init(.string("k"), .string("not a variant"))])])
        }
    }

    @Test("Struct fields inside a typed container must follow the declared order")
    func structFieldOrder() {
        let error = writeError { writer in
            try writer.appendArray(of: "(us)") { writer in
                try writer.appendStruct { writer in
                    try writer.append("wrong first")
                }
            }
        }
        #expect(error?.message.contains("field 1 of a struct '(us)'") == true)
        let missing = writeError { writer in
            try writer.appendArray(of: "(us)") { writer in
                try writer.appendStruct { writer in try writer.append(UInt32(1)) }
            }
        }
        #expect(missing?.message.contains("closed before its fields 's' were written") == true)
    }

    @Test("Strings with NUL characters are refused")
    func nulInString() {
        let error = writeError { writer in try writer.append("a\0b") }
        #expect(error?.code == .invalidValue)
        #expect(error?.message.contains("NUL") == true)
    }

    @Test("Empty structs, empty variants and overfull variants are refused")
    func containerArity() {
        #expect(writeError { try $0.appendStruct { _ in } }?.message.contains("without fields") == true)
        #expect(writeError { try $0.appendVariant(containing: .uint32) { _ in } }?.message.contains("without a value") == true)
        let overfull = writeError { writer in
            try writer.appendVariant(containing: .uint32) { writer in
                try writer.append(UInt32(1))
                try writer.append(UInt32(2))
            }
        }
        #expect(overfull?.message.contains("exactly one value") == true)
    }

    @Test("Unbalanced containers are reported")
    func unbalanced() {
        #expect(writeError { try $0.openArray(of: .string) }?.code == .invalidState)
        #expect(writeError { try $0.close() }?.code == .invalidState)
    }

    @Test("A body signature longer than 255 bytes is refused before libdbus sees it")
    func bodyTooLong() {
        let error = writeError { writer in
            for _ in 0..<256 {
                try writer.append(UInt8(1))
            }
        }
        #expect(error?.code == .invalidValue)
        #expect(error?.message.contains("the limit is 255") == true)
    }

    @Test("Dict entries are only accepted directly inside dictionaries")
    func dictEntryPlacement() {
        #expect(writeError { try $0.openDictEntry() }?.code == .invalidValue)
        #expect(writeError { try $0.appendArray(of: .string) { try $0.openDictEntry() } }?.code == .invalidValue)
    }
}
