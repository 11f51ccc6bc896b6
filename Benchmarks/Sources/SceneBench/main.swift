import BenchSupport
import CAllocCounter
import Glibc

// SceneBench: hit testing, touch dispatch, gesture and heap benchmarks of SceneCore against the naive
// UIKit clone (NaiveUIKit). Prints a markdown report on stdout (progress on stderr) and exits
// non-zero when a target is missed or a result differs from the reference. See BENCHMARKS.md.
//
//     SceneBench [all|hit|dispatch|gestures|memory] [--quick]

let usage = "usage: SceneBench [all|hit|dispatch|gestures|memory] [--quick] [--tree wide|deep|balanced|realistic]"
let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "memory-probe" {
    // Internal: one memory measurement in this fresh process (see runMemorySection).
    guard arguments.count == 3 else { exit(2) }
    exit(runMemoryProbe(implementation: arguments[1], tree: arguments[2]))
}

if arguments.first == "profile" {
    // Internal: one workload alone, for perf or callgrind.
    guard arguments.count >= 2 else { exit(2) }
    exit(runProfile(arguments[1], operations: arguments.count >= 3 ? Int(arguments[2]) ?? 100_000 : 100_000))
}

let quick = arguments.contains("--quick")
// `--tree NAME` limits the hit-test section to one tree (for development; the report is then partial).
var treeFilter: String?
var remaining: [String] = []
var argumentIndex = 0
while argumentIndex < arguments.count {
    if arguments[argumentIndex] == "--tree", argumentIndex + 1 < arguments.count {
        treeFilter = arguments[argumentIndex + 1]
        argumentIndex += 2
    } else {
        remaining.append(arguments[argumentIndex])
        argumentIndex += 1
    }
}
let commands = remaining.filter { !$0.hasPrefix("--") }
let command = commands.first ?? "all"
guard commands.count <= 1, ["all", "hit", "dispatch", "gestures", "memory"].contains(command),
    remaining.allSatisfy({ !$0.hasPrefix("--") || $0 == "--quick" }),
    treeFilter.map({ Trees.names.contains($0) }) ?? true
else {
    Report.shared.progress(usage)
    exit(2)
}
let config: MeasureConfig = quick ? .quick : .full
let report = Report.shared

report.line("# SceneBench \(command)\(quick ? " --quick" : "")")
report.line("")
report.line("- date: \(utcTimestamp())")
report.line("- load average at start (1, 5, 15 min): \(loadAverage())")
report.line("- trials: \(config.trials) per figure, each ≥ \(Format.fixed(config.minimumTrialSeconds, 2)) s of CPU time, after one warm-up pass; candidates' trials interleaved; figure = median")

// The allocation counter must really count, or the allocation figures mean nothing.
let selfTestC = alloc_counter_self_test() == 1
let beforeSwift = alloc_counter_allocations()
let probeBuffer = UnsafeMutablePointer<Int>.allocate(capacity: 1000)
probeBuffer.deallocate()
let selfTestSwift = alloc_counter_allocations() > beforeSwift
report.line("- allocation counter: \(selfTestC && selfTestSwift ? "verified (a test malloc and a Swift allocation were counted)" : "NOT COUNTING")")
if !(selfTestC && selfTestSwift) {
    report.fail("CAllocCounter does not see allocations (C: \(selfTestC), Swift: \(selfTestSwift))")
}

if command == "all" || command == "hit" { runHitSection(config: config, only: treeFilter) }
if command == "all" || command == "dispatch" { runDispatchSection(config: config) }
if command == "all" || command == "gestures" { runGestureSection(config: config) }
if command == "all" || command == "memory" { runMemorySection() }

report.line("")
report.line("- load average at end (1, 5, 15 min): \(loadAverage())")
if report.failures.isEmpty {
    report.line("- result: every target met, every result identical to the reference")
    exit(0)
} else {
    report.line("- result: \(report.failures.count) failure(s):")
    for failure in report.failures { report.line("  - \(failure)") }
    exit(1)
}
