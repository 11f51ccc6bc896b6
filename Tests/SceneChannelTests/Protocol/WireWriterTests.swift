@testable import SceneChannel
import TestSupport
import Testing

/// The writer's little-endian fields against the plain reference: the value's own bytes in memory.
@Suite("Wire writer")
struct WireWriterTests {
    /// `value`'s bytes, least significant first, as memory holds `value.littleEndian`.
    static func reference<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    @Test("Random 16-, 32- and 64-bit fields, signed ones and doubles are written as their little-endian bytes", arguments: [1 as UInt64, 2, 3])
    func fieldsAgreeWithTheReference(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<2_000 {
            let wide = random.next()
            var writer = WireWriter()
            writer.u8(UInt8(truncatingIfNeeded: wide))
            writer.u16(UInt16(truncatingIfNeeded: wide))
            writer.u32(UInt32(truncatingIfNeeded: wide))
            writer.u64(wide)
            writer.i32(Int32(truncatingIfNeeded: wide))
            writer.f64(Double(bitPattern: wide))
            let expected =
                [UInt8(truncatingIfNeeded: wide)] + Self.reference(UInt16(truncatingIfNeeded: wide))
                + Self.reference(UInt32(truncatingIfNeeded: wide)) + Self.reference(wide)
                + Self.reference(Int32(truncatingIfNeeded: wide)) + Self.reference(wide)
            #expect(writer.bytes == expected, "seed \(seed), value \(wide)")
        }
    }

    @Test("A length-prefixed field is its count as 32 bits, then its bytes")
    func lengthPrefixed() {
        var writer = WireWriter()
        writer.string("héllo")
        #expect(writer.bytes == Self.reference(UInt32(6)) + Array("héllo".utf8))
    }
}
