internal import CDBus

/// Reads a message body value by value, in order, with typed accessors.
///
/// A reader exists only inside the closure of ``BusMessage/read(_:)`` or
/// ``MethodCall/read(_:)``; it cannot be copied or kept. Every `read…` call checks the type of
/// the next value first and throws ``BusError`` with code
/// ``BusError/Code-swift.struct/typeMismatch`` naming the position, the expected type and the
/// actual type; the reader does not advance in that case.
///
/// ```swift
/// let (sequence, path) = try message.read { reader in
///     (try reader.readUInt64(), try reader.readObjectPath())
/// }
/// ```
///
/// Containers are read with closures that see the reader positioned inside them:
/// ``readArray(_:)`` calls its closure once per element, ``readStruct(_:)`` once for all
/// fields, ``readDictionary(_:)`` once per entry (read the key, then the value).
public struct MessageReader: ~Copyable {
    private var stack: IteratorStack
    private var depth = 0
    /// The index of the next top-level argument, for error messages.
    private var argumentIndex = 0
    /// Values consumed at each depth, used to detect element closures that read nothing.
    private var consumed = 0
    private let message: OpaquePointer

    init(message: OpaquePointer, inlineStorage: UnsafeMutablePointer<DBusMessageIter>) {
        self.message = message
        self.stack = IteratorStack(inline: inlineStorage)
        dbus_message_iter_init(message, stack.iterator(0))
    }

    private var current: UnsafeMutablePointer<DBusMessageIter> {
        mutating get { stack.iterator(depth) }
    }

    /// Whether every value at the current level has been read (the end of the body, or of the
    /// container being read).
    public var isAtEnd: Bool {
        mutating get { dbus_message_iter_get_arg_type(current) == TypeCode.invalid }
    }

    /// The type code of the next value, `TypeCode.invalid` at the end.
    var nextTypeCode: Int32 {
        mutating get { dbus_message_iter_get_arg_type(current) }
    }

    /// The complete type of the next value, or `nil` at the end.
    public var nextSignature: Signature? {
        mutating get {
            guard !isAtEnd, let raw = dbus_message_iter_get_signature(current) else {
                return nil
            }
            defer { dbus_free(raw) }
            return Signature(uncheckedComposite: String(cString: raw))
        }
    }

    // MARK: Basic values

    /// Reads a byte (`y`).
    public mutating func readByte() throws -> UInt8 {
        try readFixed(TypeCode.byte, UInt8(0))
    }

    /// Reads a boolean (`b`).
    public mutating func readBool() throws -> Bool {
        try readFixed(TypeCode.boolean, dbus_bool_t(0)) != 0
    }

    /// Reads a signed 16-bit integer (`n`).
    public mutating func readInt16() throws -> Int16 {
        try readFixed(TypeCode.int16, Int16(0))
    }

    /// Reads an unsigned 16-bit integer (`q`).
    public mutating func readUInt16() throws -> UInt16 {
        try readFixed(TypeCode.uint16, UInt16(0))
    }

    /// Reads a signed 32-bit integer (`i`).
    public mutating func readInt32() throws -> Int32 {
        try readFixed(TypeCode.int32, Int32(0))
    }

    /// Reads an unsigned 32-bit integer (`u`).
    public mutating func readUInt32() throws -> UInt32 {
        try readFixed(TypeCode.uint32, UInt32(0))
    }

    /// Reads a signed 64-bit integer (`x`).
    public mutating func readInt64() throws -> Int64 {
        try readFixed(TypeCode.int64, Int64(0))
    }

    /// Reads an unsigned 64-bit integer (`t`).
    public mutating func readUInt64() throws -> UInt64 {
        try readFixed(TypeCode.uint64, UInt64(0))
    }

    /// Reads a double (`d`).
    public mutating func readDouble() throws -> Double {
        try readFixed(TypeCode.double, Double(0))
    }

    /// Reads a string (`s`).
    public mutating func readString() throws -> String {
        try readString(TypeCode.string)
    }

    /// Reads an object path (`o`).
    ///
    /// Unchecked is safe here: libdbus validates every object path and signature in the body of a
    /// message it parses or demarshals (a string that is not one ends the peer's connection), and
    /// a message built locally holds only typed, validated ones.
    public mutating func readObjectPath() throws -> ObjectPath {
        ObjectPath(validated: try readString(TypeCode.objectPath))
    }

    /// Reads a type signature value (`g`).
    public mutating func readSignature() throws -> Signature {
        Signature(uncheckedComposite: try readString(TypeCode.signature))
    }

    /// Reads a Unix file descriptor (`h`). The result is a new descriptor owned by the caller,
    /// who must `close` it; each read of the same message returns another duplicate.
    public mutating func readUnixFD() throws -> Int32 {
        try readFixed(TypeCode.unixFD, Int32(-1))
    }

    /// Skips the next value, whatever its type.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/typeMismatch`` at the end.
    public mutating func skip() throws {
        try requireValue("skip a value")
        advance()
    }

    private mutating func readFixed<T>(_ code: Int32, _ initial: T) throws -> T {
        try expect(code)
        var value = initial
        withUnsafeMutablePointer(to: &value) { dbus_message_iter_get_basic(current, $0) }
        advance()
        return value
    }

    private mutating func readString(_ code: Int32) throws -> String {
        try expect(code)
        var pointer: UnsafePointer<CChar>? = nil
        dbus_message_iter_get_basic(current, &pointer)
        advance()
        guard let pointer else {
            return ""
        }
        return String(cString: pointer)
    }

    // MARK: Containers

    /// Reads an array, calling `element` once per element with the reader positioned on it.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/typeMismatch`` when the next
    ///   value is not an array; ``BusError/Code-swift.struct/invalidState`` when `element`
    ///   returns without reading anything (which would loop forever); anything `element` throws.
    public mutating func readArray<T>(_ element: (inout MessageReader) throws -> T) throws -> [T] {
        try expect(TypeCode.array)
        try enter()
        var result: [T] = []
        do {
            while !isAtEnd {
                let before = consumed
                result.append(try element(&self))
                if consumed == before {
                    throw BusError(
                        code: .invalidState,
                        name: .failed,
                        message: "the readArray element closure returned without reading the element; "
                            + "read one complete value per call"
                    )
                }
            }
        } catch {
            leave()
            throw error
        }
        leave()
        return result
    }

    /// Reads a byte array (`ay`) in one copy, however long (a PNG, a file).
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/typeMismatch`` when the next
    ///   value is not an array of bytes.
    public mutating func readBytes() throws -> [UInt8] {
        try expect(TypeCode.array)
        let elementType = dbus_message_iter_get_element_type(current)
        guard elementType == TypeCode.byte else {
            throw mismatch(expected: "a byte array ('ay')", actual: "an array of \(TypeCode.describe(elementType))")
        }
        try enter()
        let iterator = current
        var base: UnsafeRawPointer? = nil
        var count: Int32 = 0
        withUnsafeMutablePointer(to: &base) { dbus_message_iter_get_fixed_array(iterator, $0, &count) }
        let bytes = base.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(count))) } ?? []
        leave()
        return bytes
    }

    /// Reads a dictionary (`a{KV}`), calling `entry` once per entry with the reader positioned
    /// on the key; `entry` reads the key and then the value.
    public mutating func readDictionary<T>(_ entry: (inout MessageReader) throws -> T) throws -> [T] {
        try expect(TypeCode.array)
        guard dbus_message_iter_get_element_type(current) == TypeCode.dictEntry else {
            throw mismatch(expected: "dictionary ('a{…}')", actual: "an array of \(TypeCode.describe(dbus_message_iter_get_element_type(current)))")
        }
        return try readArray { reader in
            try reader.readContainer(TypeCode.dictEntry, entry)
        }
    }

    /// Reads a struct, calling `fields` once with the reader positioned on its first field.
    /// Fields that `fields` does not read are skipped.
    public mutating func readStruct<T>(_ fields: (inout MessageReader) throws -> T) throws -> T {
        try readContainer(TypeCode.structure, fields)
    }

    /// Reads a variant, calling `contents` once with the reader positioned on the inner value.
    public mutating func readVariant<T>(_ contents: (inout MessageReader) throws -> T) throws -> T {
        try readContainer(TypeCode.variant, contents)
    }

    /// Reads a variant and returns its inner value (not wrapped in `.variant`).
    public mutating func readVariant() throws -> BusValue {
        try readVariant { reader in try reader.readValue() }
    }

    private mutating func readContainer<T>(_ code: Int32, _ body: (inout MessageReader) throws -> T) throws -> T {
        try expect(code)
        try enter()
        let result: T
        do {
            result = try body(&self)
        } catch {
            leave()
            throw error
        }
        leave()
        return result
    }

    // MARK: BusValue

    /// Reads the next value, whatever its type, as a ``BusValue``.
    public mutating func readValue() throws -> BusValue {
        try requireValue("read a value")
        return try decodeValue()
    }

    /// Reads every remaining value at the current level.
    public mutating func readAll() throws -> [BusValue] {
        var values: [BusValue] = []
        while !isAtEnd {
            values.append(try decodeValue())
        }
        return values
    }

    private mutating func decodeValue() throws -> BusValue {
        let code = dbus_message_iter_get_arg_type(current)
        switch code {
        case TypeCode.byte: return .byte(try readByte())
        case TypeCode.boolean: return .bool(try readBool())
        case TypeCode.int16: return .int16(try readInt16())
        case TypeCode.uint16: return .uint16(try readUInt16())
        case TypeCode.int32: return .int32(try readInt32())
        case TypeCode.uint32: return .uint32(try readUInt32())
        case TypeCode.int64: return .int64(try readInt64())
        case TypeCode.uint64: return .uint64(try readUInt64())
        case TypeCode.double: return .double(try readDouble())
        case TypeCode.string: return .string(try readString())
        case TypeCode.objectPath: return .objectPath(try readObjectPath())
        case TypeCode.signature: return .signature(try readSignature())
        case TypeCode.unixFD: return .unixFD(try readUnixFD())
        case TypeCode.variant:
            return .variant(try readVariant())
        case TypeCode.structure:
            return .structure(try readStruct { reader in try reader.readAll() })
        case TypeCode.array:
            let elementCode = dbus_message_iter_get_element_type(current)
            if elementCode == TypeCode.dictEntry {
                guard let full = nextSignature, let types = full.dictionaryTypes else {
                    throw mismatch(expected: "a dictionary signature", actual: "an unreadable signature")
                }
                let entries = try readDictionary { reader in
                    BusValue.DictionaryEntry(try reader.decodeValue(), try reader.decodeValue())
                }
                return .dictionary(key: types.key, value: types.value, entries)
            }
            let element: Signature
            if elementCode != TypeCode.array && elementCode != TypeCode.structure && elementCode != TypeCode.variant {
                element = Signature(uncheckedComposite: String(Character(Unicode.Scalar(UInt8(truncatingIfNeeded: elementCode)))))
            } else if elementCode == TypeCode.variant {
                element = .variant
            } else {
                guard let full = nextSignature else {
                    throw mismatch(expected: "an array signature", actual: "an unreadable signature")
                }
                element = Signature(uncheckedComposite: String(full.rawValue.dropFirst()))
            }
            let elements = try readArray { reader in try reader.decodeValue() }
            return .array(element: element, elements)
        default:
            throw mismatch(expected: "a value", actual: TypeCode.describe(code))
        }
    }

    // MARK: Bookkeeping

    private mutating func expect(_ code: Int32) throws {
        let actual = dbus_message_iter_get_arg_type(current)
        guard actual == code else {
            throw mismatch(expected: TypeCode.describe(code), actual: TypeCode.describe(actual))
        }
    }

    private mutating func requireValue(_ action: String) throws {
        if isAtEnd {
            throw mismatch(expected: "a value to \(action)", actual: TypeCode.describe(TypeCode.invalid))
        }
    }

    private func mismatch(expected: String, actual: String) -> BusError {
        let place = depth == 0 ? "argument \(argumentIndex)" : "a value inside argument \(argumentIndex)"
        let body = dbus_message_get_signature(message).map { String(cString: $0) } ?? ""
        return BusError(
            code: .typeMismatch,
            name: .invalidArgs,
            message: "expected \(expected) at \(place) but found \(actual); the message signature is '\(body)'"
        )
    }

    private mutating func advance() {
        dbus_message_iter_next(current)
        consumed += 1
        if depth == 0 {
            argumentIndex += 1
        }
    }

    private mutating func enter() throws {
        guard depth + 1 < IteratorStack.maximumLevels else {
            throw mismatch(expected: "at most 64 nested containers", actual: "deeper nesting")
        }
        let parent = stack.iterator(depth)
        let child = stack.iterator(depth + 1)
        dbus_message_iter_recurse(parent, child)
        depth += 1
    }

    private mutating func leave() {
        depth -= 1
        advance()
    }
}
