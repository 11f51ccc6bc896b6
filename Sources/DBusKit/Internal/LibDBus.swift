internal import CDBus

/// The one place where libdbus failures become ``BusError``s, plus the constants that libdbus
/// defines as cast macros (and Swift therefore does not import).
enum LibDBus {
    /// Calls `dbus_threads_init_default()` exactly once per process, before any connection is made.
    ///
    /// A `static let` initializer runs once, guarded by the runtime's one-time initialization.
    static let threadsInitialized: Bool = dbus_threads_init_default() != 0

    /// Runs `body` with a fresh `DBusError`; when the error is set afterwards, throws it as a
    /// ``BusError`` whose message starts with `context`.
    ///
    /// `body` returns the result of the libdbus call, or `nil` when it reports failure. A failure
    /// without a set `DBusError` (libdbus does that only when out of memory) becomes
    /// ``BusError/Code-swift.struct/noMemory``.
    static func call<T>(
        _ context: @autoclosure () -> String,
        code: BusError.Code,
        _ body: (UnsafeMutablePointer<DBusError>) -> T?
    ) throws -> T {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let result = body(&error)
        if dbus_error_is_set(&error) != 0 {
            throw busError(from: &error, context: context(), code: code)
        }
        guard let result else {
            throw BusError(code: .noMemory, name: .noMemory, message: "\(context()): libdbus ran out of memory")
        }
        return result
    }

    /// The name and message of a `DBusError` that libdbus set.
    struct ErrorDetails {
        var name: ErrorName
        var message: String
    }

    /// Runs `body` with a fresh `DBusError` and returns its result together with the error
    /// libdbus set, for callers that map errors themselves (blocking calls keep the peer's
    /// error name and message unchanged).
    static func capturingError<T>(
        _ body: (UnsafeMutablePointer<DBusError>) -> T?
    ) -> (result: T?, error: ErrorDetails?) {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let result = body(&error)
        guard dbus_error_is_set(&error) != 0 else {
            return (result, nil)
        }
        let rawName = error.name.map { String(cString: $0) } ?? ErrorName.failed.rawValue
        let text = error.message.map { String(cString: $0) } ?? ""
        return (result, ErrorDetails(name: (try? ErrorName(rawName)) ?? .failed, message: text))
    }

    /// Converts a set `DBusError` into a ``BusError``.
    static func busError(
        from error: UnsafeMutablePointer<DBusError>,
        context: String,
        code: BusError.Code
    ) -> BusError {
        let rawName = error.pointee.name.map { String(cString: $0) } ?? ErrorName.failed.rawValue
        let name = (try? ErrorName(rawName)) ?? .failed
        let text = error.pointee.message.map { String(cString: $0) } ?? "no message"
        var finalCode = code
        if name == .noMemory {
            finalCode = .noMemory
        } else if name == .noReply || name == .timedOut {
            finalCode = .timedOut
        } else if name == .disconnected {
            finalCode = .disconnected
        }
        return BusError(code: finalCode, name: name, message: "\(context): \(text)")
    }

    /// This machine's D-Bus machine ID (`/etc/machine-id` or `/var/lib/dbus/machine-id`), the
    /// answer to `org.freedesktop.DBus.Peer.GetMachineId`.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/failed`` saying why libdbus
    ///   could not read it (no machine ID file).
    static func localMachineID() throws -> String {
        let raw = try call("cannot read the machine ID", code: .failed) { error in dbus_try_get_local_machine_id(error) }
        defer { dbus_free(raw) }
        return String(cString: raw)
    }

    /// The error for an operation on a connection that is closed or was disconnected.
    static func disconnectedError(_ operation: String) -> BusError {
        BusError(
            code: .disconnected,
            name: .disconnected,
            message: "cannot \(operation): the connection is closed or the bus went away; open a new BusConnection"
        )
    }

    /// The error for a libdbus allocation failure.
    static func outOfMemory(_ operation: String) -> BusError {
        BusError(code: .noMemory, name: .noMemory, message: "\(operation): libdbus ran out of memory")
    }

    /// Allocates a libdbus message; libdbus returns `NULL` only when out of memory, which is fatal
    /// here as it is for Swift's own allocations.
    static func allocated(_ message: OpaquePointer?, _ what: StaticString) -> OpaquePointer {
        guard let message else {
            fatalError("libdbus could not allocate \(what) (out of memory)")
        }
        return message
    }
}

/// D-Bus type codes as `Int32`, the type libdbus's iterator API uses.
///
/// The `DBUS_TYPE_*` macros are written as casts (`((int) 's')`) and are not imported into Swift.
enum TypeCode {
    static let invalid: Int32 = 0
    static let byte = Int32(UInt8(ascii: "y"))
    static let boolean = Int32(UInt8(ascii: "b"))
    static let int16 = Int32(UInt8(ascii: "n"))
    static let uint16 = Int32(UInt8(ascii: "q"))
    static let int32 = Int32(UInt8(ascii: "i"))
    static let uint32 = Int32(UInt8(ascii: "u"))
    static let int64 = Int32(UInt8(ascii: "x"))
    static let uint64 = Int32(UInt8(ascii: "t"))
    static let double = Int32(UInt8(ascii: "d"))
    static let string = Int32(UInt8(ascii: "s"))
    static let objectPath = Int32(UInt8(ascii: "o"))
    static let signature = Int32(UInt8(ascii: "g"))
    static let unixFD = Int32(UInt8(ascii: "h"))
    static let array = Int32(UInt8(ascii: "a"))
    static let variant = Int32(UInt8(ascii: "v"))
    static let structure = Int32(UInt8(ascii: "r"))
    static let dictEntry = Int32(UInt8(ascii: "e"))

    /// A readable name for a type code, e.g. `uint32 ('u')`, for error messages.
    static func describe(_ code: Int32) -> String {
        let name: String
        switch code {
        case invalid: return "nothing (the end of the values)"
        case byte: name = "byte"
        case boolean: name = "boolean"
        case int16: name = "int16"
        case uint16: name = "uint16"
        case int32: name = "int32"
        case uint32: name = "uint32"
        case int64: name = "int64"
        case uint64: name = "uint64"
        case double: name = "double"
        case string: name = "string"
        case objectPath: name = "object path"
        case signature: name = "signature"
        case unixFD: name = "Unix file descriptor"
        case array: name = "array"
        case variant: name = "variant"
        case structure: return "struct ('(…)')"
        case dictEntry: return "dict entry ('{…}')"
        default: name = "unknown type"
        }
        let scalar = Unicode.Scalar(UInt8(truncatingIfNeeded: code))
        return "\(name) ('\(Character(scalar))')"
    }
}

/// Iterator storage shared by ``MessageWriter`` and ``MessageReader``: a caller-provided inline
/// buffer for shallow nesting (on the stack), and a heap buffer allocated only when values nest
/// deeper than that. Frees the heap buffer when it goes away.
struct IteratorStack: ~Copyable {
    /// Levels kept in the inline buffer; 12 × 72 bytes stays within the stack-allocation
    /// fast path of `withUnsafeTemporaryAllocation` (1 KiB).
    static let inlineLevels = 12
    /// Deepest level allowed: the D-Bus limit of 64 nested containers, plus the top level.
    static let maximumLevels = 66

    private let inline: UnsafeMutablePointer<DBusMessageIter>
    private var overflow: UnsafeMutablePointer<DBusMessageIter>?

    init(inline: UnsafeMutablePointer<DBusMessageIter>) {
        self.inline = inline
        self.overflow = nil
    }

    deinit {
        overflow?.deallocate()
    }

    /// The iterator for nesting level `level` (0 = the message body).
    mutating func iterator(_ level: Int) -> UnsafeMutablePointer<DBusMessageIter> {
        if level < IteratorStack.inlineLevels {
            return inline + level
        }
        if overflow == nil {
            let count = IteratorStack.maximumLevels - IteratorStack.inlineLevels
            let buffer = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: count)
            buffer.initialize(repeating: DBusMessageIter(), count: count)
            overflow = buffer
        }
        return overflow! + (level - IteratorStack.inlineLevels)
    }

    /// Runs `body` with inline iterator storage on the stack, valid only during the call.
    static func withInlineStorage<R>(_ body: (UnsafeMutablePointer<DBusMessageIter>) throws -> R) rethrows -> R {
        try withUnsafeTemporaryAllocation(of: DBusMessageIter.self, capacity: inlineLevels) { buffer in
            try body(buffer.baseAddress!)
        }
    }
}
