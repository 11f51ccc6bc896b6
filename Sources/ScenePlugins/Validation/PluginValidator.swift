import Foundation
import Glibc
import SceneCore

/// `scene-host validate-plugin PATH`: runs a plugin through what the host would do with it, in a
/// child process with Swift's backtracer on, and says what passed, what is questionable and what
/// failed — with a symbolicated backtrace (the plugin's file and line) when the plugin crashes.
///
/// Checks, in order: the file (found, a regular file, owned and protected as the host requires); the
/// load (the host's loader: ELF, `dlopen` with missing symbols demangled, entry points, magic, ABI,
/// build configuration, minimum core version, a descriptor of this core); the metadata (a name that
/// matches the file name, a version, a description); the scene (connected on a manual clock, with at
/// least one window); one tap on each control (the touch must reach it; actions and log lines are
/// reported); the disconnection.
public enum PluginValidator {
    /// One line of the report.
    public struct Check: Codable, Sendable, Equatable {
        public enum Status: String, Codable, Sendable {
            case ok, warning, failure, skipped
        }

        public var status: Status
        public var title: String
        public var details: [String] = []
    }

    /// Everything the validator found.
    public struct Outcome: Codable, Sendable, Equatable {
        public var plugin: String
        public var checks: [Check]
        public var report: ValidationReport?

        /// No check failed.
        public var passed: Bool { !checks.contains { $0.status == .failure } }
    }

    /// Validates `path` with `executable` (this `scene-host`) as the probe child. Blocks the calling
    /// thread for up to `timeout` seconds (a command-line tool's main thread; never the host's).
    public static func validate(path: String, executable: String, timeout: Double) -> Outcome {
        var checks: [Check] = []
        let file: PluginFile
        do {
            file = try PluginFile.inspect(path, plugin: path)
        } catch {
            return Outcome(plugin: path, checks: [Check(status: .failure, title: "file: \(error.message)")])
        }
        do {
            try PluginFileSecurity.check(file, plugin: path, hostUID: getuid())
            checks.append(Check(status: .ok, title: "file: \(file.realPath), \(file.size) bytes, owned and protected as the host requires"))
        } catch {
            checks.append(Check(status: .failure, title: "file: \(error.message)"))
        }

        let outcome: ChildOutcome
        do {
            outcome = try ChildProcess.run(
                executable: executable, arguments: ["--probe", path, "--probe-validate"], timeout: timeout,
                environment: ProbeBacktrace.environment)
        } catch {
            checks.append(Check(status: .failure, title: "cannot start the validation child \(executable): \(error)"))
            return Outcome(plugin: path, checks: checks)
        }
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        let lastStep = lines.last { $0.hasPrefix(PluginValidation.stepPrefix) }.map { String($0.dropFirst(PluginValidation.stepPrefix.count)) }
        let report = lines.last { $0.hasPrefix(PluginValidation.reportPrefix) }.flatMap {
            try? JSONDecoder().decode(ValidationReport.self, from: Data($0.dropFirst(PluginValidation.reportPrefix.count).utf8))
        }
        switch outcome.termination {
        case .timedOut(.crashing(let crashedAfter)):
            var check = crash(signal: nil, while: lastStep, stderr: outcome.stderr, library: (file.realPath as NSString).lastPathComponent)
            check.details.append(
                "its crash report was still being written \(ChildDeadline.startLimit(for: timeout).compactDescription) s after the crash (at \(crashedAfter.compactDescription) s): killed")
            checks.append(check)
            return Outcome(plugin: path, checks: checks, report: report)
        case .timedOut(let stage):
            checks.append(Check(
                status: .failure,
                title: "the plugin hung while \(lastStep ?? "starting") (killed after \(timeout.compactDescription) s \(stage.description))"))
            return Outcome(plugin: path, checks: checks, report: report)
        case .signaled(let signal):
            checks.append(crash(signal: signal, while: lastStep, stderr: outcome.stderr, library: (file.realPath as NSString).lastPathComponent))
            return Outcome(plugin: path, checks: checks, report: report)
        case .exited(let status):
            guard let report else {
                let tail = outcome.stderr.split(separator: "\n").suffix(5).map(String.init)
                checks.append(Check(status: .failure, title: "the validation child exited with status \(status) without a report", details: tail))
                return Outcome(plugin: path, checks: checks)
            }
            checks += Self.checks(of: report, file: file)
            return Outcome(plugin: path, checks: checks, report: report)
        }
    }

    /// The failed check of a crash: by `signal`, or (nil) a crash whose report was cut off.
    private static func crash(signal: Int32?, while step: String?, stderr: String, library: String) -> Check {
        var details: [String] = []
        let backtrace = ProbeBacktrace(stderr: stderr)
        if let fatal = backtrace?.fatalError ?? stderr.split(separator: "\n").first(where: { $0.contains("Fatal error") }).map(String.init) {
            details.append(fatal)
        }
        let own = backtrace?.frames(in: library) ?? []
        if !own.isEmpty {
            details.append("in the plugin (\(library)):")
            details += own.map { "  \($0)" }
        }
        if let backtrace, !backtrace.frames.isEmpty {
            details.append("backtrace:")
            details += backtrace.frames.map { "  \($0)" }
        }
        return Check(
            status: .failure,
            title: "the plugin crashed\(signal.map { " with signal \($0) (\(PluginProbe.signalName($0)))" } ?? "") while \(step ?? "starting")",
            details: details)
    }

    static func checks(of report: ValidationReport, file: PluginFile) -> [Check] {
        if let code = report.errorCode {
            var message = report.errorMessage ?? ""
            if code == PluginLoadError.Code.loadFailed.name { message = SymbolDemangler.annotate(message) }
            return [Check(status: .failure, title: "load: refused (\(code)): \(message)")]
        }
        var checks: [Check] = []
        let build = report.debugBuild == true ? "debug" : "release"
        let minimum = report.minimumCoreVersion.map { "needs SceneCore \($0) or newer" } ?? "names no minimum SceneCore version"
        checks.append(Check(
            status: .ok,
            title: "load: plugin ABI \(report.abiVersion.map(String.init) ?? "?"), \(build) build, \(minimum); this host runs SceneCore \(report.hostCoreVersion)"))
        let name = report.name ?? ""
        let expectedFile = "lib\(name).so"
        let fileName = (file.path as NSString).lastPathComponent
        if name.isEmpty {
            checks.append(Check(status: .failure, title: "metadata: the plugin has no name"))
        } else if fileName != expectedFile {
            checks.append(Check(
                status: .warning,
                title: "metadata: the plugin is called '\(name)' but its file is \(fileName); the host finds it by name only as \(expectedFile)"))
        } else {
            checks.append(Check(status: .ok, title: "metadata: name '\(name)' matches the file \(fileName)"))
        }
        let version = report.version ?? ""
        if version.isEmpty {
            checks.append(Check(status: .warning, title: "metadata: no version"))
        } else if CoreVersion(version.split(separator: "-").first.map(String.init) ?? version) == nil {
            checks.append(Check(status: .warning, title: "metadata: version '\(version)' is not major.minor.patch"))
        } else {
            checks.append(Check(status: .ok, title: "metadata: version \(version)"))
        }
        if let description = report.description, !description.isEmpty {
            checks.append(Check(status: .ok, title: "metadata: description \"\(description)\""))
        } else {
            checks.append(Check(
                status: .warning, title: "metadata: no description (ScenePluginInfo.describe(…, description:)); scenectl plugins shows it"))
        }
        if report.windows == 0 {
            checks.append(Check(status: .failure, title: "scene: connected, but it shows no window"))
        } else {
            checks.append(Check(status: .ok, title: "scene: connected with \(report.windows) window\(report.windows == 1 ? "" : "s") and \(report.views) views"))
        }
        if report.taps.isEmpty && report.skipped.isEmpty {
            checks.append(Check(status: .ok, title: "controls: none to tap"))
        }
        for tap in report.taps {
            let place = "\(tap.type) '\(tap.control)' in window '\(tap.window)' at (\(tap.x.compactDescription), \(tap.y.compactDescription))"
            var details: [String] = []
            if !tap.actions.isEmpty { details.append("actions: \(tap.actions.joined(separator: ", "))") }
            details += tap.logs.map { "log: \($0)" }
            if tap.reachedControl {
                checks.append(Check(status: .ok, title: "tap \(place)", details: details))
            } else {
                let hit = tap.hit.isEmpty ? "no view" : "'\(tap.hit)'"
                checks.append(Check(
                    status: .warning, title: "tap \(place): the touch hit \(hit), not the control (covered, or outside its window)",
                    details: details))
            }
        }
        for skipped in report.skipped {
            checks.append(Check(status: .skipped, title: "tap \(skipped)"))
        }
        checks.append(Check(status: report.disconnected ? .ok : .failure, title: report.disconnected ? "scene: disconnected" : "scene: not disconnected"))
        return checks
    }

    /// The report as text: one line per check (`ok`, `warn`, `FAIL`, `skip`), details indented, and a
    /// verdict.
    public static func render(_ outcome: Outcome) -> String {
        var text = "validate-plugin \(outcome.plugin)\n"
        for check in outcome.checks {
            let mark =
                switch check.status {
                case .ok: "ok  "
                case .warning: "warn"
                case .failure: "FAIL"
                case .skipped: "skip"
                }
            text += "  \(mark)  \(check.title)\n"
            for detail in check.details { text += "        \(detail)\n" }
        }
        let failures = outcome.checks.filter { $0.status == .failure }.count
        let warnings = outcome.checks.filter { $0.status == .warning }.count
        let name = [outcome.report?.name, outcome.report?.version].compactMap { $0 }.joined(separator: " ")
        if failures == 0 {
            text += "PASSED\(name.isEmpty ? "" : ": \(name)")\(warnings > 0 ? " (\(warnings) warning\(warnings == 1 ? "" : "s"))" : "")\n"
        } else {
            text += "FAILED: \(failures) check\(failures == 1 ? "" : "s") failed\n"
        }
        return text
    }
}
