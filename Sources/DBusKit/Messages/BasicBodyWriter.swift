/// Writes a message body made only of basic values (`y b n q i u x t d s o g`), marshalled in Swift.
///
/// The fast path for high-rate signals and replies with flat arguments: libdbus rewrites the
/// message's signature header field after every top-level argument appended through
/// ``MessageWriter``, which makes a nine-argument signal cost about 17 µs to build; this writer
/// builds the same bytes in well under a microsecond, and the message is then handed to libdbus
/// whole (`dbus_message_demarshal`, which validates it). Containers, variants and file
/// descriptors need ``MessageWriter``.
public struct BasicBodyWriter {
    var body = WireBuffer()
    var signature: [UInt8] = []

    init() {}

    /// A writer holding `values`, or nil when one of them is not basic.
    init?(basic values: [BusValue]) throws {
        for value in values {
            guard try appendIfBasic(value) else { return nil }
        }
    }

    // One overload per D-Bus basic type, deliberately alike (and alike MessageWriter's, which
    // `duplicates` pairs with them): each is public API naming its wire type code; a generic over a
    // protocol would move the code away from the type it marshals and lose the inlined fast path.
    public mutating func append(_ value: UInt8) {
        body.byte(value)
        signature.append(UInt8(ascii: "y"))
    }

    public mutating func append(_ value: Bool) {
        body.uint32(value ? 1 : 0)
        signature.append(UInt8(ascii: "b"))
    }

    public mutating func append(_ value: Int16) {
        body.uint16(UInt16(bitPattern: value))
        signature.append(UInt8(ascii: "n"))
    }

    public mutating func append(_ value: UInt16) {
        body.uint16(value)
        signature.append(UInt8(ascii: "q"))
    }

    public mutating func append(_ value: Int32) {
        body.uint32(UInt32(bitPattern: value))
        signature.append(UInt8(ascii: "i"))
    }

    public mutating func append(_ value: UInt32) {
        body.uint32(value)
        signature.append(UInt8(ascii: "u"))
    }

    public mutating func append(_ value: Int64) {
        body.uint64(UInt64(bitPattern: value))
        signature.append(UInt8(ascii: "x"))
    }

    public mutating func append(_ value: UInt64) {
        body.uint64(value)
        signature.append(UInt8(ascii: "t"))
    }

    public mutating func append(_ value: Double) {
        body.uint64(value.bitPattern)
        signature.append(UInt8(ascii: "d"))
    }

    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidValue`` when `value`
    ///   contains a NUL character (D-Bus strings cannot).
    public mutating func append(_ value: String) throws {
        var value = value
        try value.withUTF8 { utf8 in
            if utf8.contains(0) {
                throw BusError(
                    code: .invalidValue, name: .invalidArgs,
                    message: "the string \(String(reflecting: String(decoding: utf8, as: UTF8.self))) contains a NUL character, which D-Bus strings cannot carry")
            }
            body.string(utf8)
        }
        signature.append(UInt8(ascii: "s"))
    }

    public mutating func append(_ value: ObjectPath) {
        body.string(value.rawValue.utf8)
        signature.append(UInt8(ascii: "o"))
    }

    public mutating func append(_ value: Signature) {
        body.signature(value.rawValue.utf8)
        signature.append(UInt8(ascii: "g"))
    }

    /// Appends `value` when it is basic; false (and nothing appended) otherwise.
    mutating func appendIfBasic(_ value: BusValue) throws -> Bool {
        switch value {
        case .byte(let value): append(value)
        case .bool(let value): append(value)
        case .int16(let value): append(value)
        case .uint16(let value): append(value)
        case .int32(let value): append(value)
        case .uint32(let value): append(value)
        case .int64(let value): append(value)
        case .uint64(let value): append(value)
        case .double(let value): append(value)
        case .string(let value): try append(value)
        case .objectPath(let value): append(value)
        case .signature(let value): append(value)
        case .unixFD, .array, .dictionary, .structure, .variant: return false
        }
        return true
    }
}
