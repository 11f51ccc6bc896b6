import Glibc

/// Where a differential test's randomness comes from: a fresh seed per run, so that every CI run
/// tries new cases, unless `SCENECORE_DIFFERENTIAL_SEED` names one (decimal or `0x` hex) to replay a
/// failure. A failing test prints the seed and the command that replays it.
enum DifferentialSeed {
    /// The environment variable that fixes the seed.
    static let variable = "SCENECORE_DIFFERENTIAL_SEED"
    /// The environment variable that scales the number of cases (a positive factor, default 1).
    static let scaleVariable = "SCENECORE_DIFFERENTIAL_SCALE"

    /// The run's base seed.
    static func base() -> UInt64 {
        if let text = getenv(variable).map({ String(cString: $0) }), let seed = parse(text) { return seed }
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }

    /// `cases` times the factor in `SCENECORE_DIFFERENTIAL_SCALE` (for a longer local run).
    static func scaled(_ cases: Int) -> Int {
        guard let text = getenv(scaleVariable).map({ String(cString: $0) }), let factor = Double(text), factor > 0 else {
            return cases
        }
        return Swift.max(1, Int(Double(cases) * factor))
    }

    /// How to replay a run, for failure messages.
    static func replay(_ seed: UInt64, filter: String) -> String {
        "seed \(seed) — replay with \(variable)=\(seed) swift test --filter '\(filter)'"
    }

    private static func parse(_ text: String) -> UInt64? {
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }
}

/// SplitMix64: small, fast and good enough to draw test cases from.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in [low, high).
    mutating func range(_ low: Double, _ high: Double) -> Double { low + unit() * (high - low) }

    /// Uniform in low...high.
    mutating func int(_ low: Int, _ high: Int) -> Int { low + Int(next() % UInt64(high - low + 1)) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// One of `choices`, uniformly.
    mutating func pick<T>(_ choices: [T]) -> T { choices[int(0, choices.count - 1)] }
}
