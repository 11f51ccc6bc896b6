import DBusKit
import SceneErrors
import Testing

/// A family of errors that answers D-Bus calls, for the test.
enum LockFailure: BusErrorDomain {
    static func busErrorName(for code: ErrorCode<LockFailure>) -> ErrorName {
        code == .held ? ErrorName(unchecked: "org.example.Error.Held") : .failed
    }
}

extension ErrorCode where Domain == LockFailure {
    static var held: Self { Self("Held") }
    static var broken: Self { Self("Broken") }
}

@Suite("BusErrorDomain: a coded error as the D-Bus error a client receives")
struct BusErrorDomainTests {
    @Test("The domain names the error; the message travels unchanged; the code is failed")
    func busError() {
        let held = CodedError<LockFailure>(code: .held, message: "lock 'printer' is held by :1.42; wait for LockReleased").busError
        #expect(held.name.rawValue == "org.example.Error.Held")
        #expect(held.message == "lock 'printer' is held by :1.42; wait for LockReleased")
        #expect(held.code == .failed)
        #expect(held.description == "org.example.Error.Held: lock 'printer' is held by :1.42; wait for LockReleased")
        #expect(CodedError<LockFailure>(code: .broken, message: "m").busError.name == .failed)
    }
}
