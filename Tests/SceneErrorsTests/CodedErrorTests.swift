import SceneErrors
import Testing

/// Two families of errors for the tests, with a code of the same name in each.
enum ParsingFailure: ErrorDomain {}
enum StorageFailure: ErrorDomain {}

extension ErrorCode where Domain == ParsingFailure {
    static var badToken: Self { Self("BadToken") }
    static var tooDeep: Self { Self("TooDeep") }
}

extension ErrorCode where Domain == StorageFailure {
    static var badToken: Self { Self("BadToken") }
}

@Suite("CodedError: a code of a domain and a message")
struct CodedErrorTests {
    @Test("An error says its message, and its code says its name")
    func descriptions() {
        let error = CodedError<ParsingFailure>(code: .tooDeep, message: "nesting 65 at column 9 is deeper than 64; flatten the input")
        #expect(error.description == "nesting 65 at column 9 is deeper than 64; flatten the input")
        #expect("\(error)" == error.message)
        #expect(error.code.name == "TooDeep" && error.code.description == "TooDeep")
    }

    @Test("Codes compare by name within a domain, and switch like an enumeration's cases")
    func codes() {
        let code = CodedError<ParsingFailure>(code: .badToken, message: "x").code
        #expect(code == .badToken && code != .tooDeep)
        let kind =
            switch code {
            case .tooDeep: "depth"
            case .badToken: "token"
            default: "other"
            }
        #expect(kind == "token")
        #expect(Set([ErrorCode<ParsingFailure>.badToken, .badToken, .tooDeep]).count == 2)
    }

    @Test("Errors are equal when code and message are")
    func equality() {
        let one = CodedError<ParsingFailure>(code: .badToken, message: "'@' at column 3")
        #expect(one == CodedError(code: .badToken, message: "'@' at column 3"))
        #expect(one != CodedError(code: .badToken, message: "'@' at column 4"))
        #expect(one != CodedError(code: .tooDeep, message: "'@' at column 3"))
        // A code of another domain is another type: `CodedError<StorageFailure>` cannot be compared
        // with `one` at all, even where the names are the same.
        #expect(ErrorCode<StorageFailure>.badToken.name == ErrorCode<ParsingFailure>.badToken.name)
    }

    @Test("A typed throw carries the domain's error")
    func typedThrow() {
        func parse(_ text: String) throws(CodedError<ParsingFailure>) -> Int {
            guard let value = Int(text) else { throw CodedError(code: .badToken, message: "'\(text)' is not a number") }
            return value
        }
        #expect(throws: CodedError<ParsingFailure>(code: .badToken, message: "'x' is not a number")) { try parse("x") }
        #expect((try? parse("42")) == 42)
    }
}
