import Foundation
import SceneWebDriver
import Testing

@Suite("JSON values: what requests carry and responses answer")
struct JSONTests {
    @Test("Encoding escapes what JSON requires and keeps members in order")
    func encoding() {
        let value = JSON.object([
            ("b", .string("quote \" slash \\ line\n tab\t bell\u{7} é")), ("a", .array([.number(1), .number(2.5), .bool(true), .null])),
        ])
        #expect(String(decoding: value.encoded(), as: UTF8.self) == #"{"b":"quote \" slash \\ line\n tab\t bell\u0007 é","a":[1,2.5,true,null]}"#)
    }

    @Test("Parsing keeps booleans apart from numbers, and a bad body names what is wrong")
    func parsing() throws {
        let value = try JSON.parse(Data(#"{"ok": true, "n": 1, "s": "x", "list": [null]}"#.utf8))
        #expect(value["ok"] == .bool(true))
        #expect(value["n"] == .number(1))
        #expect(value["s"] == .string("x"))
        #expect(value["list"] == .array([.null]))
        #expect(throws: WebDriverError.self) { try JSON.parse(Data("{\"using\": ".utf8)) }
        do {
            _ = try JSON.parse(Data("{\"using\": ".utf8))
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("not valid JSON"))
            #expect(error.message.contains("{\"using\": "))
        }
    }
}
