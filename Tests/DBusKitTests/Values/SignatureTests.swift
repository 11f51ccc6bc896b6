import DBusKit
import Testing

@Suite("Signatures follow the D-Bus type grammar")
struct SignatureTests {
    @Test(
        "Valid signatures are accepted",
        arguments: [
            "", "y", "ybnqiuxtdsogvh", "as", "a{sv}", "a{oa{sa{sv}}}", "(tosdd)", "a(ii)", "aai", "v", "a{ys}",
            "(a{sv}as)", "totsddsdu",
        ])
    func validSignatures(_ text: String) throws {
        #expect(try Signature(text).rawValue == text)
    }

    @Test(
        "Invalid signatures are rejected naming the value, the offset and the rule",
        arguments: [
            ("z", "'z' at offset 0 is not a D-Bus type code"),
            ("a", "no element type"),
            ("ai(", "never closed"),
            ("i)", "closes a struct that was never opened"),
            ("()", "empty"),
            ("{sv}", "not directly inside an array"),
            ("a{vs}", "keys must be basic types"),
            ("a{(i)s}", "keys must be basic types"),
            ("a{s}", "a key but no value type"),
            ("a{svs}", "more than two types"),
            ("a{sa{sv}", "never closed"),
            ("(i{ss})", "not directly inside an array"),
            ("a)", "no element type"),
        ])
    func invalidSignatures(_ text: String, _ reason: String) {
        #expect {
            try Signature(text)
        } throws: { error in
            let busError = error as! BusError
            return busError.code == .invalidSignature && busError.name == .invalidSignature
                && busError.message.contains("'\(text)'") && busError.message.contains(reason)
        }
    }

    @Test("Arrays nest at most 32 deep")
    func arrayDepth() throws {
        let deepest = String(repeating: "a", count: 32) + "i"
        #expect(try Signature(deepest).rawValue == deepest)
        #expect {
            try Signature("a" + deepest)
        } throws: { error in
            (error as! BusError).message.contains("more than 32 arrays")
        }
        // Arrays separated by structs still count as nested arrays.
        let interleaved = String(repeating: "a(", count: 33) + "i" + String(repeating: ")", count: 33)
        #expect(throws: BusError.self) { try Signature(interleaved) }
    }

    @Test("Structs and dict entries together nest at most 32 deep")
    func structDepth() throws {
        let deepest = String(repeating: "(", count: 32) + "i" + String(repeating: ")", count: 32)
        #expect(try Signature(deepest).rawValue == deepest)
        let tooDeep = "(" + deepest + ")"
        #expect {
            try Signature(tooDeep)
        } throws: { error in
            (error as! BusError).message.contains("more than 32 structs")
        }
        let withDictEntries = String(repeating: "a{s", count: 17) + "i" + String(repeating: "}", count: 17)
        let structs = String(repeating: "(", count: 16) + withDictEntries + String(repeating: ")", count: 16)
        #expect(throws: BusError.self) { try Signature(structs) }
    }

    @Test("Signatures are at most 255 bytes long")
    func length() throws {
        #expect(try Signature(String(repeating: "i", count: 255)).rawValue.count == 255)
        #expect {
            try Signature(String(repeating: "i", count: 256))
        } throws: { error in
            (error as! BusError).message.contains("256 bytes long")
        }
    }

    @Test("A signature splits into its complete types")
    func completeTypes() throws {
        let signature: Signature = "sa{sv}(ii)aav"
        #expect(signature.completeTypes == ["s", "a{sv}", "(ii)", "aav"])
        #expect(Signature.empty.completeTypes == [])
        #expect(Signature("a{sv}").isSingleCompleteType)
        #expect(!Signature("ss").isSingleCompleteType)
        #expect(!Signature.empty.isSingleCompleteType)
    }

    @Test("Container signatures expose their parts")
    func containerParts() throws {
        #expect(Signature("as").arrayElement == .string)
        #expect(Signature("a{oa{sv}}").dictionaryTypes?.key == .objectPath)
        #expect(Signature("a{oa{sv}}").dictionaryTypes?.value == "a{sv}")
        #expect(Signature("(tos)").structFields == ["t", "o", "s"])
        #expect(Signature.string.arrayElement == nil)
        #expect(Signature("as").dictionaryTypes == nil)
        #expect(Signature.array(of: "(ii)") == "a(ii)")
        #expect(Signature.dictionary(key: .string, value: .variant) == "a{sv}")
        #expect(Signature.structure([.uint64, .objectPath]) == "(to)")
        #expect(try Signature(concatenating: ["s", "a{sv}"]) == "sa{sv}")
    }
}
