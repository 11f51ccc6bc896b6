import BenchSupport
import CAllocCounter
import Glibc

// SceneBench: hit testing, touch dispatch, gesture and heap benchmarks of SceneCore against the naive
// UIKit clone (NaiveUIKit). Prints a markdown report on stdout (progress on stderr) and exits
// non-zero when a target is missed (on the median of the runs) or a result differs from the reference.
// See BENCHMARKS.md.
//
//     SceneBench [all|hit|dispatch|gestures|memory] [--runs N] [--quick] [--tree NAME]

let usage = """
    usage: SceneBench [all|hit|dispatch|gestures|memory] [--runs N] [--quick] [--tree NAME]
      --runs N     measure in N separate processes and print the median and the worst of them (default 5;
                   1 prints one run's report only)
      --quick      3 shorter trials per figure and 1 run, for a smoke test
      --tree NAME  hit-test only this tree (\(Trees.names.joined(separator: ", ")))
    """
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
// `--child`: one run of the timed sections for a parent that runs several (see Runs.swift).
Figures.isChild = arguments.contains("--child")
// `--tree NAME` limits the hit-test section to one tree (for development; the report is then partial).
var treeFilter: String?
var runs = quick ? 1 : 5
var remaining: [String] = []
var badArgument = false
var argumentIndex = 0
while argumentIndex < arguments.count {
    let argument = arguments[argumentIndex]
    if argument == "--tree" || argument == "--runs", argumentIndex + 1 < arguments.count {
        let value = arguments[argumentIndex + 1]
        if argument == "--tree" {
            treeFilter = value
        } else if let count = Int(value), count >= 1 {
            runs = count
        } else {
            badArgument = true
        }
        argumentIndex += 2
    } else {
        remaining.append(argument)
        argumentIndex += 1
    }
}
let commands = remaining.filter { !$0.hasPrefix("--") }
let command = commands.first ?? "all"
guard !badArgument, commands.count <= 1, ["all", "timed", "hit", "dispatch", "gestures", "memory"].contains(command),
    remaining.allSatisfy({ $0 == "--quick" || $0 == "--child" || !$0.hasPrefix("--") }),
    treeFilter.map({ Trees.names.contains($0) }) ?? true
else {
    Report.shared.progress(usage)
    exit(2)
}
let config: MeasureConfig = quick ? .quick : .full
let report = Report.shared
let timedSections = command != "memory"
let repeated = !Figures.isChild && runs > 1 && timedSections

report.line("# SceneBench \(command)\(quick ? " --quick" : "")\(repeated ? ", \(runs) runs" : "")")
report.line("")
report.line("- date: \(utcTimestamp())")
report.line("- load average at start (1, 5, 15 min): \(loadAverage())")
if repeated {
    report.line("- command: `swift run -c release --package-path Benchmarks SceneBench \(arguments.joined(separator: " "))`")
    report.line("- \(runs) runs of the timed sections, each a separate process; the first run's report follows, then the summary over the runs")
    report.line("")
    report.heading("Run 1 of \(runs) (full report)")
    var childArguments = [command == "all" ? "timed" : command]
    if quick { childArguments.append("--quick") }
    if let treeFilter { childArguments += ["--tree", treeFilter] }
    let failures = runRepeated(arguments: childArguments, runs: runs)
    if command == "all" { runMemorySection() }
    report.line("")
    report.line("- load average at end (1, 5, 15 min): \(loadAverage())")
    if failures == 0 && report.failures.isEmpty {
        report.line("- result: every target met on the median of \(runs) runs, every result identical to the reference")
        exit(0)
    }
    report.line("- result: failures:")
    for failure in report.failures { report.line("  - \(failure)") }
    exit(1)
}
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

// "timed": every section but memory (what a child run of `all` measures).
let every = command == "all" || command == "timed"
if every || command == "hit" { runHitSection(config: config, only: treeFilter) }
if every || command == "dispatch" { runDispatchSection(config: config) }
if every || command == "gestures" { runGestureSection(config: config) }
if command == "all" || command == "memory" { runMemorySection() }

report.finish(passed: "every target met, every result identical to the reference")
