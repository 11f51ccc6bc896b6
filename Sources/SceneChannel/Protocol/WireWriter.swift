/// Appends the protocol's little-endian fields to a byte array: the packets' fields, and the bodies
/// of the layers above (input records, replies, events) in the same encoding.
public struct WireWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 32) {
        bytes.reserveCapacity(capacity)
    }

    public mutating func u8(_ value: UInt8) { bytes.append(value) }

    public mutating func u16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    public mutating func u32(_ value: UInt32) { littleEndian(UInt64(value), 4) }

    public mutating func u64(_ value: UInt64) { littleEndian(value, 8) }

    /// The low `width` bytes of `value`, least significant first. A plain loop: the writer runs for
    /// every field of every packet, and generic iteration (`stride`) is slow in debug builds.
    private mutating func littleEndian(_ value: UInt64, _ width: Int) {
        var index = 0
        while index < width {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * index)))
            index += 1
        }
    }

    public mutating func i32(_ value: Int32) { u32(UInt32(bitPattern: value)) }

    /// A 32-bit length and the bytes.
    public mutating func lengthPrefixed(_ value: some Collection<UInt8>) {
        u32(UInt32(value.count))
        bytes.append(contentsOf: value)
    }

    public mutating func string(_ value: String) { lengthPrefixed(value.utf8) }

    public mutating func f64(_ value: Double) { u64(value.bitPattern) }
}
