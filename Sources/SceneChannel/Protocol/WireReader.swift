public import SceneErrors

/// Reads the protocol's little-endian fields from a packet, failing with a ``ChannelError`` of code
/// `malformed` that names the field and the offset when the packet ends too soon.
public struct WireReader {
    private let bytes: [UInt8]
    public private(set) var offset: Int
    /// What is being read, for error messages (`"frame"`).
    public let context: String

    /// Reads `bytes` from `offset`; `context` names what they are in error messages.
    public init(_ bytes: [UInt8], from offset: Int = 0, context: String) {
        self.bytes = bytes
        self.offset = offset
        self.context = context
    }

    public var remaining: Int { bytes.count - offset }

    /// The next `count` bytes. `field` is made only for the error (a length's name is interpolated).
    private mutating func take(_ count: Int, _ field: @autoclosure () -> String) throws(ChannelError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else {
            throw ChannelError(
                code: .malformed,
                message: "\(context) packet of \(bytes.count) bytes ends at \(offset) inside its \(field()) (\(count) bytes wanted, \(remaining) left)")
        }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// The little-endian integer in the next `width` bytes. A plain loop over indices: the reader
    /// runs for every field of every packet, and generic iteration is slow in debug builds.
    private mutating func littleEndian(_ width: Int, _ field: @autoclosure () -> String) throws(ChannelError) -> UInt64 {
        let start = try take(width, field()).startIndex
        var value: UInt64 = 0
        var index = 0
        while index < width {
            value |= UInt64(bytes[start + index]) << UInt64(8 * index)
            index += 1
        }
        return value
    }

    public mutating func u8(_ field: String) throws(ChannelError) -> UInt8 {
        try take(1, field).first!
    }

    public mutating func u16(_ field: String) throws(ChannelError) -> UInt16 {
        let slice = try take(2, field)
        return UInt16(slice[slice.startIndex]) | UInt16(slice[slice.startIndex + 1]) << 8
    }

    public mutating func u32(_ field: String) throws(ChannelError) -> UInt32 {
        UInt32(truncatingIfNeeded: try littleEndian(4, field))
    }

    public mutating func u64(_ field: String) throws(ChannelError) -> UInt64 {
        try littleEndian(8, field)
    }

    public mutating func i32(_ field: String) throws(ChannelError) -> Int32 { Int32(bitPattern: try u32(field)) }

    /// A finite double; NaN and infinities are refused (no coordinate or time is either).
    public mutating func f64(_ field: String) throws(ChannelError) -> Double {
        let value = Double(bitPattern: try u64(field))
        guard value.isFinite else {
            throw ChannelError(code: .malformed, message: "\(context) packet's \(field) is \(value); it must be a finite number")
        }
        return value
    }

    /// A 32-bit length and that many bytes.
    public mutating func lengthPrefixed(_ field: String) throws(ChannelError) -> [UInt8] {
        let count = try littleEndian(4, "\(field)'s length")
        return Array(try take(Int(count), field))
    }

    public mutating func string(_ field: String) throws(ChannelError) -> String {
        let raw = try lengthPrefixed(field)
        guard let text = String(validating: raw, as: UTF8.self) else {
            throw ChannelError(code: .malformed, message: "\(context) packet's \(field) is not UTF-8 (\(raw.count) bytes)")
        }
        return text
    }

    /// Fails unless every byte was read: a packet with trailing bytes is not this version's.
    public func finish() throws(ChannelError) {
        guard remaining == 0 else {
            throw ChannelError(code: .malformed, message: "\(context) packet of \(bytes.count) bytes has \(remaining) bytes after its last field")
        }
    }
}
