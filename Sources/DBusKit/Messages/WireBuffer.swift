/// D-Bus wire-format marshalling of basic values, little-endian, into a byte buffer (the D-Bus
/// specification, "Marshaling (Wire Format)").
///
/// Alignment is relative to the start of the buffer, so a buffer that becomes a message body must be
/// placed at an 8-aligned offset of the message (the header is always padded to 8).
struct WireBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 128) {
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    /// Zero bytes up to the next multiple of `boundary` (a power of two).
    mutating func pad(to boundary: Int) {
        let remainder = bytes.count & (boundary - 1)
        if remainder != 0 { bytes.append(contentsOf: repeatElement(0, count: boundary - remainder)) }
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func uint16(_ value: UInt16) {
        pad(to: 2)
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func uint32(_ value: UInt32) {
        pad(to: 4)
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func uint64(_ value: UInt64) {
        pad(to: 8)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// Overwrites 4 bytes at `offset` (a length written before its contents were known).
    mutating func patchUInt32(_ value: UInt32, at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt32(index * 8)) }
    }

    /// `s` or `o`: UINT32 length, the UTF-8 bytes, NUL.
    mutating func string(_ utf8: some Collection<UInt8>) {
        uint32(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    /// `g`: BYTE length, the bytes, NUL.
    mutating func signature(_ utf8: some Collection<UInt8>) {
        bytes.append(UInt8(utf8.count))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    mutating func append(contentsOf other: [UInt8]) {
        bytes.append(contentsOf: other)
    }
}
