import BenchSupport
import Glibc

// Repeated runs (BENCHMARKS.md "Method"): a figure counts by the median and the worst of several
// runs, each a separate process, never by one lucky run. `SceneBench all` (by default 5 runs) starts
// itself once per run with `--child`; each child measures the timed sections and prints, besides its
// markdown, one `@figure` line per figure; the parent prints the first run's report, then a summary
// table per section with the median and the worst of the runs and the verdict on the median.

/// What a figure measures.
enum FigureUnit: String {
    case ns
    case ratio
}

/// Which way a figure is better.
enum Better: String {
    case lower
    case higher
}

/// A figure's target: met when the value is at most / at least the bound.
enum Target {
    case atMost(Double)
    case atLeast(Double)

    func isMet(by value: Double) -> Bool {
        switch self {
        case .atMost(let bound): value <= bound
        case .atLeast(let bound): value >= bound
        }
    }

    func text(_ unit: FigureUnit) -> String {
        switch self {
        case .atMost(let bound): "≤ " + FigureUnit.format(bound, unit)
        case .atLeast(let bound): "≥ " + FigureUnit.format(bound, unit)
        }
    }

    fileprivate var wire: String {
        switch self {
        case .atMost(let bound): "le \(bound)"
        case .atLeast(let bound): "ge \(bound)"
        }
    }

    fileprivate init?(wire: Substring) {
        let parts = wire.split(separator: " ")
        guard parts.count == 2, let bound = Double(parts[1]) else { return nil }
        switch parts[0] {
        case "le": self = .atMost(bound)
        case "ge": self = .atLeast(bound)
        default: return nil
        }
    }
}

extension FigureUnit {
    static func format(_ value: Double, _ unit: FigureUnit) -> String {
        switch unit {
        case .ns: Format.ns(value) + " ns"
        case .ratio: Format.ratio(value)
        }
    }
}

/// The figures of this process's run.
@MainActor
enum Figures {
    /// True in a child run: each figure is also printed as an `@figure` line for the parent, and a
    /// missed target is left to the parent's verdict on the median (wrong results still fail the run).
    static var isChild = false

    /// Records one figure of this run.
    static func record(
        _ section: String, _ label: String, _ value: Double, unit: FigureUnit, better: Better, target: Target? = nil
    ) {
        guard isChild else { return }
        let fields = [section, label, unit.rawValue, better.rawValue, target?.wire ?? "-", "\(value)"]
        print("@figure\t" + fields.joined(separator: "\t"))
        fflush(nil)
    }

    /// A target missed in this run: a failure of a single run; in a child run, left to the summary.
    static func missed(_ text: String) {
        if isChild {
            Report.shared.line("(target missed in this run: \(text))")
        } else {
            Report.shared.fail(text)
        }
    }
}

/// One figure over all runs.
private struct FigureRuns {
    let section: String
    let label: String
    let unit: FigureUnit
    let better: Better
    let target: Target?
    var values: [Double]

    var median: Double { Stats.median(values) }
    var worst: Double {
        switch better {
        case .lower: values.max() ?? .nan
        case .higher: values.min() ?? .nan
        }
    }
}

/// Runs `arguments` in `runs` child processes of this executable and prints the first run's report
/// and the summary over the runs. Returns the number of failures (wrong results in any run, missed
/// targets on the median).
@MainActor
func runRepeated(arguments: [String], runs: Int) -> Int {
    let report = Report.shared
    var figures: [FigureRuns] = []
    var failures = 0
    for run in 1...runs {
        report.progress("run \(run) of \(runs): SceneBench \(arguments.joined(separator: " ")) --child")
        guard let (output, status) = runChild(arguments + ["--child"]) else {
            report.fail("run \(run): could not start the child process")
            failures += 1
            continue
        }
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("@figure\t") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count == 7, let unit = FigureUnit(rawValue: String(fields[3])),
                    let better = Better(rawValue: String(fields[4])), let value = Double(fields[6])
                else { continue }
                let section = String(fields[1]), label = String(fields[2])
                if let index = figures.firstIndex(where: { $0.section == section && $0.label == label }) {
                    figures[index].values.append(value)
                } else {
                    figures.append(
                        FigureRuns(
                            section: section, label: label, unit: unit, better: better,
                            target: Target(wire: fields[5]), values: [value]))
                }
            } else if run == 1 {
                report.line(String(line))
            } else if line.hasPrefix("**FAIL:**") {
                report.line("run \(run): " + line)
            }
        }
        if status != 0 {
            report.fail("run \(run) exited with status \(status): a result differed from the reference (see above)")
            failures += 1
        }
    }

    report.heading("Summary over \(runs) runs (median and worst of the runs)")
    report.line(
        """
        Each run is a separate process (`SceneBench \(arguments.joined(separator: " ")) --child`); each figure \
        is that run's median trial. "worst" is the slowest run (the smallest ratio where higher is better). \
        Targets are judged on the median of the runs; the worst is shown beside it.

        """)
    var sections: [String] = []
    for figure in figures where !sections.contains(figure.section) { sections.append(figure.section) }
    for section in sections {
        report.line("### \(section)\n")
        var rows: [[String]] = []
        for figure in figures where figure.section == section {
            let medianMet = figure.target.map { $0.isMet(by: figure.median) }
            let worstMet = figure.target.map { $0.isMet(by: figure.worst) }
            if medianMet == false {
                report.fail("\(section), \(figure.label): median \(FigureUnit.format(figure.median, figure.unit)) misses \(figure.target!.text(figure.unit))")
                failures += 1
            }
            rows.append([
                figure.label,
                FigureUnit.format(figure.median, figure.unit),
                FigureUnit.format(figure.worst, figure.unit),
                figure.values.map { FigureUnit.format($0, figure.unit) }.joined(separator: ", "),
                figure.target?.text(figure.unit) ?? "",
                medianMet.map { Format.pass($0) } ?? "",
                worstMet.map { $0 ? "met" : "missed" } ?? "",
            ])
        }
        report.table(["figure", "median", "worst", "runs, in order", "target", "result (median)", "worst"], rows)
    }
    return failures
}

/// Runs this executable with `arguments`; returns its standard output and exit status. Its standard
/// error (progress) goes to ours.
@MainActor
private func runChild(_ arguments: [String]) -> (String, Int32)? {
    var path = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &path, path.count - 1)
    guard length > 0 else { return nil }
    let executable = String(decoding: path.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let command = ([executable] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
    guard let pipe = popen(command, "r") else { return nil }
    var output = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), pipe) != nil {
        output += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    let status = pclose(pipe)
    // pclose returns a wait status.
    let exitStatus = (status >> 8) & 0xFF
    return (output, exitStatus)
}
