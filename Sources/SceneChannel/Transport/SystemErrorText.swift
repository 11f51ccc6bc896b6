import Glibc

/// The text of an errno value, for error messages: `errno 11 (Resource temporarily unavailable)`.
enum SystemErrorText {
    /// Thread-safe (`strerror_r`, not `strerror`'s shared buffer).
    static func describe(_ number: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        let text = buffer.withUnsafeMutableBufferPointer { pointer -> String in
            guard strerror_r(number, pointer.baseAddress!, pointer.count) == 0 else { return "unknown error" }
            return String(cString: pointer.baseAddress!)
        }
        return "errno \(number) (\(text))"
    }
}
