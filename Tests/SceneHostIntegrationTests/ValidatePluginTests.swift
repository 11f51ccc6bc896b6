import Foundation
import Testing

/// `scene-host validate-plugin`, run as a plugin author's CI step would.
@Suite("scene-host validate-plugin")
struct ValidatePluginTests {
    static func validate(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) async throws
        -> ExternalProcess.Outcome
    {
        // The plugin's limit scales like every other hang guard: under a sanitizer on a busy machine a
        // refused plugin's child took 17 s to start and more than the default 30 s to load (proof P104).
        let limit = ["--timeout", "\(Int(SanitizedRun.seconds(30)))"]
        return try await ExternalProcess([buildFolder() + "/scene-host", "validate-plugin"] + arguments + limit, environment: environment)
            .finish(timeout: SanitizedRun.seconds(120))
    }

    @Test("A good plugin passes: its metadata is checked, each control is tapped and what it did is reported, exit status 0")
    func goodPlugin() async throws {
        let run = try await Self.validate([buildFolder() + "/libGallery.so"])
        #expect(run.status == 0, "\(run)")
        for line in [
            "ok    metadata: name 'Gallery' matches the file libGallery.so", "ok    scene: connected with 2 windows",
            "ok    tap Button 'show-alert' in window 'Gallery'", "actions: showAlert", "log: alert shown",
            "ok    tap Button 'ok' in window 'Alert'", "ok    scene: disconnected", "PASSED: Gallery 1.0.0",
        ] {
            #expect(run.stdout.contains(line), "missing '\(line)' in:\n\(run.stdout)")
        }
    }

    @Test(
        "A plugin that crashes in an action handler fails with the signal, the step, and a symbolicated backtrace naming its file and line",
        .disabled(if: SanitizedRun.cannotBacktrace, SanitizedRun.cannotBacktraceReason))
    func crashInHandler() async throws {
        let run = try await Self.validate(
            [buildFolder() + "/libFixtureCrashInHandler.so"], environment: SanitizedRun.forSwiftBacktrace(ProcessInfo.processInfo.environment))
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("FAIL  the plugin crashed with signal 4 (SIGILL"), "\(run.stdout)")
        #expect(run.stdout.contains("while tapping Button 'crash' in window 'Crash'"), "\(run.stdout)")
        #expect(run.stdout.contains("Fatal error: FixtureCrashInHandler: deliberately crashing in the button's action handler"))
        #expect(run.stdout.contains("in the plugin (libFixtureCrashInHandler.so):"))
        #expect(run.stdout.contains("crashDeliberately() at ") && run.stdout.contains("FixtureCrashInHandler/CrashInHandlerDelegate.swift:46:5"), "the plugin's file and line: \(run.stdout)")
        #expect(run.stdout.contains("FAILED: 1 check failed"))
    }

    @Test("A refused plugin fails with the loader's reason; --json gives the checks")
    func refusedPlugin() async throws {
        let run = try await Self.validate([buildFolder() + "/libFixtureNewerCore.so", "--json"])
        #expect(run.status == 1, "\(run)")
        let outcome = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let checks = outcome?["checks"] as? [[String: Any]] ?? []
        let failed = checks.filter { $0["status"] as? String == "failure" }.compactMap { $0["title"] as? String }
        #expect(failed.count == 1)
        #expect(failed.first?.contains("load: refused (coreTooOld): it needs SceneCore 99.0.0 or newer") == true, "\(failed)")
    }

    @Test("A missing file fails naming it; an empty path is a usage error")
    func badPaths() async throws {
        let missing = try await Self.validate(["/nonexistent/libNope.so"])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("FAIL  file: file not found: '/nonexistent/libNope.so'"), "\(missing)")
        let empty = try await Self.validate([""])
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("the plugin path '' is empty"), "\(empty)")
    }

    @Test(
        "Under --diagnostics plugins the host logs a crashed probe's backtrace with the plugin's file and line",
        .disabled(if: SanitizedRun.cannotBacktrace, SanitizedRun.cannotBacktraceReason))
    func hostLogsProbeBacktrace() async throws {
        let config = try temporaryFile("crash.yaml", "scenes:\n  - name: crash\n    plugin: FixtureCrashInScene\n")
        defer { try? FileManager.default.removeItem(atPath: config) }
        // Swift's backtracer symbolicates the crash before the probe ends, which takes longer than
        // a probe usually may.
        let host = try HostProcess(
            arguments: ["--config", config, "--diagnostics", "plugins", "--probe-timeout", "60", "--isolation", "none"],
            environment: SanitizedRun.swiftBacktraceOverrides)
        #expect(await host.line(containing: "host ready"))
        #expect(host.log.contains { $0.contains("(probeCrashed)") && $0.contains("in CrashingDelegate.scene(_:willConnectWith:) at ") })
        let backtrace = host.log.drop { !$0.contains("probe crash backtrace:") }
        #expect(backtrace.contains { $0.contains("libFixtureCrashInScene.so at ") && $0.contains("FixtureCrashInScene/CrashingDelegate.swift:6") }, "\(host.log)")
        host.signal(SIGTERM)
        #expect(await host.exitStatus() == 0)
    }
}
