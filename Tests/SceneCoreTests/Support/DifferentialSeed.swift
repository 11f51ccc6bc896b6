import Glibc
import TestSupport

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

    /// True under scripts/test-sanitizers (`SCENEHOST_SANITIZER` set), where code runs several times
    /// slower: the longest differential tests run fewer cases there, the plain run covering the rest.
    static var isSanitized: Bool {
        guard let value = getenv("SCENEHOST_SANITIZER") else { return false }
        return value.pointee != 0
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

/// The differential tests' generator (see ``DifferentialSeed`` for where its seed comes from).
typealias SeededGenerator = SplitMix64

extension SplitMix64 {
    /// Uniform in [low, high).
    mutating func range(_ low: Double, _ high: Double) -> Double { low + unit() * (high - low) }

    /// Uniform in low...high.
    mutating func int(_ low: Int, _ high: Int) -> Int { low + below(high - low + 1) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// One of `choices`, uniformly.
    mutating func pick<T>(_ choices: [T]) -> T { choices[int(0, choices.count - 1)] }
}
