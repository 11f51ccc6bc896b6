@testable import SceneChannel
import SceneErrors
import TestSupport
import Testing

/// The reader's little-endian fields against the plain reference (the value's own bytes in memory),
/// and the errors of a packet that ends too soon.
@Suite("Wire reader")
struct WireReaderTests {
    @Test("Random fields read back from their little-endian bytes, each at its offset", arguments: [1 as UInt64, 2, 3])
    func fieldsAgreeWithTheReference(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<2_000 {
            let wide = random.next()
            let finite = Double(Int64(truncatingIfNeeded: wide)) / 3
            let bytes =
                [UInt8(truncatingIfNeeded: wide)] + WireWriterTests.reference(UInt16(truncatingIfNeeded: wide))
                + WireWriterTests.reference(UInt32(truncatingIfNeeded: wide)) + WireWriterTests.reference(wide)
                + WireWriterTests.reference(Int32(truncatingIfNeeded: wide)) + WireWriterTests.reference(finite.bitPattern)
            var reader = WireReader(bytes, context: "test")
            #expect(try reader.u8("a") == UInt8(truncatingIfNeeded: wide))
            #expect(try reader.u16("b") == UInt16(truncatingIfNeeded: wide))
            #expect(try reader.u32("c") == UInt32(truncatingIfNeeded: wide))
            #expect(reader.offset == 7)
            #expect(try reader.u64("d") == wide)
            #expect(try reader.i32("e") == Int32(truncatingIfNeeded: wide))
            #expect(try reader.f64("f") == finite)
            try reader.finish()
        }
    }

    @Test("A packet that ends inside a field names the field, the offset and what was left")
    func truncatedField() {
        var reader = WireReader([1, 2, 3, 4, 5], context: "frame")
        #expect(throws: ChannelError(code: .malformed, message: "frame packet of 5 bytes ends at 0 inside its window (8 bytes wanted, 5 left)")) {
            try reader.u64("window")
        }
        #expect(reader.offset == 0, "nothing is read from a field that does not fit")
    }

    @Test("A length-prefixed field that ends too soon names its length or its bytes")
    func truncatedLengthPrefixed() {
        var short = WireReader([9, 0], context: "event")
        #expect(throws: ChannelError(code: .malformed, message: "event packet of 2 bytes ends at 0 inside its title's length (4 bytes wanted, 2 left)")) {
            try short.string("title")
        }
        var cut = WireReader(WireWriterTests.reference(UInt32(3)) + [65], context: "event")
        #expect(throws: ChannelError(code: .malformed, message: "event packet of 5 bytes ends at 4 inside its title (3 bytes wanted, 1 left)")) {
            try cut.string("title")
        }
    }
}
