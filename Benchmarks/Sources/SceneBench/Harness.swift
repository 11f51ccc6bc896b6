import BenchSupport
import Glibc

// The measuring harness (BENCHMARKS.md "Method"): calibrate the number of operations so that one trial
// lasts at least `minimumTrialSeconds`, run one warm-up pass, then `trials` timed trials; a figure is
// the median of its trials' ns per operation, taken with CLOCK_THREAD_CPUTIME_ID (wall time with
// CLOCK_MONOTONIC is recorded beside it). Several candidates measured together run their trials
// interleaved (A B A B …), so that a noisy period hits all of them and their ratio stays fair.

/// How long and how often to measure.
struct MeasureConfig {
    var trials: Int
    var minimumTrialSeconds: Double

    static let full = MeasureConfig(trials: 5, minimumTrialSeconds: 0.15)
    static let quick = MeasureConfig(trials: 3, minimumTrialSeconds: 0.04)
}


/// The trials of one candidate.
struct Measurement {
    /// CPU ns per operation, one per trial.
    var cpuNanosPerOp: [Double]
    /// Wall ns per operation, one per trial.
    var wallNanosPerOp: [Double]
    /// Operations per trial.
    var operations: Int

    var median: Double { Stats.median(cpuNanosPerOp) }
    var minimum: Double { cpuNanosPerOp.min() ?? .nan }
    var maximum: Double { cpuNanosPerOp.max() ?? .nan }
    var wallMedian: Double { Stats.median(wallNanosPerOp) }
    /// (max − min) / median of the trials.
    var spread: Double { (maximum - minimum) / median }
}


/// A body that performs `n` operations and returns a checksum, so that the work cannot be removed.
typealias Workload = @MainActor (_ n: Int) -> Int

/// Keeps checksums observable.
@MainActor
enum Sink {
    static var value = 0

    @inline(never)
    static func consume(_ checksum: Int) {
        value &+= checksum
    }
}

extension Format {
    /// "median [min–max]".
    static func spread(_ m: Measurement) -> String {
        "\(ns(m.median)) [\(ns(m.minimum))–\(ns(m.maximum))]"
    }
}

/// Measures the candidates together: each is calibrated and warmed up, then the trials run interleaved.
@MainActor
func measureInterleaved(_ bodies: [Workload], config: MeasureConfig) -> [Measurement] {
    let counts = bodies.map { calibrate($0, minimumSeconds: config.minimumTrialSeconds) }
    for (body, n) in zip(bodies, counts) { Sink.consume(body(n)) }
    var results = counts.map { Measurement(cpuNanosPerOp: [], wallNanosPerOp: [], operations: $0) }
    for _ in 0..<config.trials {
        for index in bodies.indices {
            let n = counts[index]
            let wall0 = Clock.monotonic()
            let cpu0 = Clock.threadCPU()
            let checksum = bodies[index](n)
            let cpu1 = Clock.threadCPU()
            let wall1 = Clock.monotonic()
            Sink.consume(checksum)
            results[index].cpuNanosPerOp.append(Double(cpu1 - cpu0) / Double(n))
            results[index].wallNanosPerOp.append(Double(wall1 - wall0) / Double(n))
        }
    }
    return results
}

/// The smallest power-of-two-ish operation count whose run lasts at least `minimumSeconds`.
@MainActor
private func calibrate(_ body: Workload, minimumSeconds: Double) -> Int {
    let target = UInt64(minimumSeconds * 1e9)
    var n = 1
    while true {
        let start = Clock.threadCPU()
        Sink.consume(body(n))
        let elapsed = Clock.threadCPU() - start
        if elapsed >= target { return n }
        if elapsed < target / 64 {
            n *= 8
        } else {
            // Scale to the target with 10% margin.
            let scaled = Double(n) * Double(target) / Double(Swift.max(elapsed, 1)) * 1.1
            n = Swift.max(n + 1, Int(scaled.rounded(.up)))
        }
    }
}

/// SplitMix64, the generator of the random points.
struct SplitMix64 {
    var state: UInt64

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
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}


