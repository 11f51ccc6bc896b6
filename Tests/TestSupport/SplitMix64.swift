/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast generator whose whole state is one 64-bit
/// word, so a test that prints its seed replays exactly. The test targets draw their random cases
/// from it (differential tests, the bus fuzzer, the render cases); each adds the draws it needs in an
/// extension of its own.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), from the top 53 bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A number in `0..<bound` (`bound` > 0); the modulo bias is negligible for test-sized bounds.
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
