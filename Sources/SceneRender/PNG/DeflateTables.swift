/// The fixed-Huffman code words of DEFLATE (RFC 1951 §3.2.6), bit-reversed for an LSB-first stream,
/// and the precomputed words for the only match the encoder emits: "repeat the previous byte".
enum DeflateTables {
    /// One code word: `bits` holds the value to OR into the stream at the current bit position.
    struct Word {
        var bits: UInt32
        var count: UInt32
    }

    /// Literal bytes 0…255.
    static let literals: [Word] = (0..<256).map { literal(UInt32($0)) }

    /// End of block (symbol 256).
    static let endOfBlock = literal(256)

    /// A match of length 3…258 at distance 1, indexed by length: length symbol, its extra bits, and
    /// distance code 0 (five zero bits).
    static let repeatPrevious: [Word] = (0...258).map { length in
        guard length >= 3 else { return Word(bits: 0, count: 0) }
        var symbol = 0
        while symbol + 1 < lengthBases.count && lengthBases[symbol + 1] <= length { symbol += 1 }
        let code = literal(UInt32(257 + symbol))
        let extraCount = lengthExtraBits[symbol]
        let extra = UInt32(length - lengthBases[symbol])
        return Word(bits: code.bits | extra << code.count, count: code.count + extraCount + 5)
    }

    private static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    private static let lengthExtraBits: [UInt32] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]

    /// The fixed code of literal/length symbol `symbol` (0…287), reversed.
    private static func literal(_ symbol: UInt32) -> Word {
        let (code, count): (UInt32, UInt32) =
            switch symbol {
            case 0...143: (0x30 + symbol, 8)
            case 144...255: (0x190 + symbol - 144, 9)
            case 256...279: (symbol - 256, 7)
            default: (0xC0 + symbol - 280, 8)
            }
        var reversed: UInt32 = 0
        for bit in 0..<count where code & (1 << bit) != 0 {
            reversed |= 1 << (count - 1 - bit)
        }
        return Word(bits: reversed, count: count)
    }
}
