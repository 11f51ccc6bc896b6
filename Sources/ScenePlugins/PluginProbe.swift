import Foundation
import Glibc
import SceneCore

/// Runs a plugin in a child process (`scene-host --probe PATH`) before the host loads it, so that a
/// plugin that crashes, hangs or is built against another core is refused with a reason while the
/// host keeps running (the pattern of GStreamer's plugin scanner).
///
/// The child loads the plugin exactly as the host would, connects one scene with the configured name
/// and options in a throw-away application (so the plugin's scene-building code runs), counts what
/// it built, prints a ``ProbeReport`` and exits 0, or 2 when it refused the plugin. The parent drains
/// both pipes, kills the child after the timeout, and classifies the outcome.
public enum PluginProbe {
    /// The child side: what `scene-host --probe` runs. Returns the report and the exit status.
    @MainActor
    public static func runChild(path: String, sceneName: String, options: [String: String]) -> (ProbeReport, Int32) {
        let loaded: LoadedPlugin
        do {
            loaded = try PluginLoader.load(path: path, plugin: path)
        } catch {
            return (ProbeReport(ok: false, plugin: path, errorCode: error.code.name, errorMessage: error.message), 2)
        }
        let application = Application(clock: ManualClock())
        let scene: WindowScene
        do {
            scene = try application.connectScene(
                named: sceneName, pluginName: loaded.name, delegate: loaded.descriptor.makeSceneDelegate(),
                options: options, screenFrame: Rect(x: 0, y: 0, width: 390, height: 844))
        } catch {
            return (ProbeReport(ok: false, plugin: path, errorCode: PluginLoadError.Code.probeFailed.name, errorMessage: error.message), 2)
        }
        scene.activate()
        let views = scene.windows.reduce(0) { $0 + countViews($1) }
        let report = ProbeReport(
            ok: true, plugin: path, name: loaded.name, version: loaded.version, description: loaded.description,
            minimumCoreVersion: loaded.minimumCoreVersion?.description, abiVersion: loaded.abiVersion, debugBuild: loaded.isDebugBuild,
            windows: scene.windows.count, views: views)
        return (report, 0)
    }

    @MainActor
    private static func countViews(_ view: View) -> Int {
        view.subviews.reduce(1) { $0 + countViews($1) }
    }

    /// The parent side: probes `path` in a child process of `executable`.
    ///
    /// Blocks the calling thread for at most `timeout` seconds of the probe running (the process start
    /// and library loading before it are not counted; see ``ChildDeadline``), plus a short grace to
    /// reap the child. A probe that passes that limit may only be slow (a busy machine), so it is run
    /// once more with twice the limit, `slowProbe` saying so; only a second timeout refuses the plugin.
    /// - Throws: ``PluginLoadError`` with `probeCrashed`, `probeTimedOut`, `probeFailed`, or the code
    ///   the child refused the plugin with.
    /// - Parameter backtrace: run the child with Swift's backtracer on, so that a crash comes with a
    ///   symbolicated ``ProbeBacktrace`` (it takes longer to die).
    /// - Parameter slowProbe: told (on the calling thread) when the first attempt ran out of time.
    public static func probe(
        path: String, plugin: String, sceneName: String, options: [String: String], executable: String, timeout: Double,
        backtrace: Bool = false, slowProbe: (String) -> Void = { _ in }
    ) throws(PluginLoadError) -> ProbeReport {
        var arguments = ["--probe", path, "--probe-scene", sceneName]
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            arguments += ["--probe-option", "\(key)=\(value)"]
        }
        var limits: [Double] = []
        var outcome: ChildOutcome
        repeat {
            let limit = limits.isEmpty ? timeout : 2 * timeout
            limits.append(limit)
            do {
                outcome = try ChildProcess.run(
                    executable: executable, arguments: arguments, timeout: limit, environment: backtrace ? ProbeBacktrace.environment : [:])
            } catch {
                throw PluginLoadError(code: .probeFailed, plugin: plugin, message: "cannot start the probe \(executable): \(error)")
            }
            if case .timedOut(.crashing) = outcome.termination { break }  // a crash, not slowness: no second try
            if case .timedOut(let stage) = outcome.termination, limits.count == 1 {
                slowProbe(
                    "the probe of plugin \(plugin) did not finish within \(limit.compactDescription) s \(stage.description) (a busy machine can be that slow); probing once more with \((2 * timeout).compactDescription) s")
                continue
            }
            break
        } while true
        switch outcome.termination {
        case .timedOut(.crashing(let crashedAfter)):
            let fatal = outcome.stderr.split(separator: "\n").first { $0.contains("Fatal error") }
            let detail = fatal.map { ": \($0.trimmingCharacters(in: .whitespaces))" } ?? ""
            throw PluginLoadError(
                code: .probeCrashed, plugin: plugin,
                message: "probe crashed after \(crashedAfter.compactDescription) s\(detail); its crash report was not finished \(ChildDeadline.startLimit(for: limits.last ?? timeout).compactDescription) s later and it was killed",
                backtrace: ProbeBacktrace(stderr: outcome.stderr))
        case .timedOut(let stage):
            throw PluginLoadError(
                code: .probeTimedOut, plugin: plugin,
                message: "probe timed out twice, after \(limits.map { "\($0.compactDescription) s" }.joined(separator: " and then ")) \(stage.description) (the plugin hangs while loading or building its scene); killed")
        case .signaled(let signal):
            let fatal = outcome.stderr.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("fatal") }
            let detail = fatal.map { ": \($0.trimmingCharacters(in: .whitespaces))" } ?? ""
            let report = ProbeBacktrace(stderr: outcome.stderr)
            let library = (path as NSString).lastPathComponent
            let place = report?.frames(in: library).first.map { " in \($0)" } ?? ""
            throw PluginLoadError(
                code: .probeCrashed, plugin: plugin,
                message: "probe crashed with signal \(signal) (\(signalName(signal)))\(detail)\(place)", backtrace: report)
        case .exited(let status):
            let line = outcome.stdout.split(separator: "\n").last.map(String.init) ?? ""
            if let report = try? JSONDecoder().decode(ProbeReport.self, from: Data(line.utf8)) {
                if report.ok && status == 0 { return report }
                let code = report.errorCode.flatMap(PluginLoadError.Code.init(named:)) ?? .probeFailed
                throw PluginLoadError(code: code, plugin: plugin, message: report.errorMessage ?? "refused by the probe")
            }
            let tail = outcome.stderr.split(separator: "\n").suffix(3).joined(separator: " | ")
            throw PluginLoadError(
                code: .probeFailed, plugin: plugin,
                message: "probe exited with status \(status) without a report\(tail.isEmpty ? "" : ": \(tail)")")
        }
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL, a Swift runtime trap such as fatalError"
        case SIGTRAP: "SIGTRAP, a Swift runtime trap"
        case SIGSEGV: "SIGSEGV, invalid memory access"
        case SIGABRT: "SIGABRT, abort"
        case SIGBUS: "SIGBUS"
        case SIGKILL: "SIGKILL"
        default: "signal \(signal)"
        }
    }
}
