import DBusKit
import Foundation
import SceneBusContract
import ScenePlugins
import Testing

/// Issue 26's crash and hang tests: scenes whose button's action ends their process in each way a
/// plugin bug does (a bad pointer, a Swift trap, `abort`), or never returns, tapped while another
/// client taps FindView in a loop. The host, FindView and the other client notice nothing but the
/// signals.
@MainActor
@Suite("A crash or a hang under another client's taps", .serialized)
struct IsolatedSceneCrashTests {
    /// A crashing scene, the screen x of its button's centre, the way its process ends, what the
    /// Swift runtime said before (a trap's file, line and message), and the plugin's function on
    /// the crashed stack, as `SceneCrashed` gives them.
    struct Crasher {
        let name: String
        let kind: String
        let x: Double
        let exit: String
        var fatalError: String? = nil
        let function: String

        /// The reason up to the frame's offset in the plugin's file (which the build decides); the
        /// whole reason, without the frame, under ThreadSanitizer (``SanitizedRun/crashesNameNoFrame``).
        var reason: String {
            let frame = SanitizedRun.crashesNameNoFrame ? [] : ["in \(function) (libFixtureCrashInHandler.so+0x"]
            return ([exit] + [fatalError].compactMap { $0 } + frame).joined(separator: "; ")
        }

        /// Whether `reason` is this crasher's.
        func isReason(_ reason: String) -> Bool {
            SanitizedRun.crashesNameNoFrame ? reason == self.reason : reason.hasPrefix(self.reason) && reason.hasSuffix(")")
        }
    }

    static let crashers = [
        Crasher(name: "segv", kind: "segv", x: 500, exit: "killed by signal 11 (SIGSEGV)", function: "FixtureCrashInHandler.crash(Swift.String) -> Swift.Never"),
        Crasher(
            name: "trap", kind: "trap", x: 900, exit: "killed by signal 4 (SIGILL)",
            fatalError: "FixtureCrashInHandler/CrashInHandlerDelegate.swift:46: Fatal error: FixtureCrashInHandler: deliberately crashing in the button's action handler",
            function: "FixtureCrashInHandler.crashDeliberately() -> Swift.Never"),
        // abort(3) is the C library's, without frame pointers: the plugin's frame is found on the stack.
        Crasher(name: "abort", kind: "abort", x: 1300, exit: "killed by signal 6 (SIGABRT)", function: "FixtureCrashInHandler.crash(Swift.String) -> Swift.Never"),
    ]

    /// FindView at x = 0 and the three crashers beside it, 400 points apart, each in its process.
    static func host() throws -> HostProcess {
        var yaml = "isolation:\n  mode: process\n\(SanitizedRun.isolationTimeouts)\nscenes:\n"
        yaml += "  - name: findview\n    plugin: FindView\n    frame: [0, 0, 390, 844]\n"
        for crasher in crashers {
            yaml += "  - name: \(crasher.name)\n    plugin: FixtureCrashInHandler\n    frame: [\(Int(crasher.x) - 100), 0, 390, 844]\n"
            yaml += "    options:\n      crash: \(crasher.kind)\n"
        }
        let config = try temporaryFile("crash-under-taps.yaml", yaml)
        return try HostProcess(
            arguments: ["--config", config], environment: SnapshotFonts.environment.merging(sanitizersLetSegvKill) { _, own in own },
            scenes: .embeddedDefault)
    }

    /// Under a sanitizer, the sanitizer's own SIGSEGV handler would report the bad store and exit
    /// with status 1: `handle_segv=0` leaves the signal to end the scene process, as it does a
    /// plain build's. Empty in a plain run.
    static var sanitizersLetSegvKill: [String: String] {
        guard SanitizedRun.sanitizer != nil else { return [:] }
        let environment = ProcessInfo.processInfo.environment
        var overrides: [String: String] = [:]
        for name in ["ASAN_OPTIONS", "TSAN_OPTIONS"] {
            overrides[name] = (environment[name].map { $0 + ":" } ?? "") + "handle_segv=0"
        }
        return overrides
    }

    /// Another client's taps on FindView's blue view, one after the other until told to stop.
    @MainActor
    final class TapLoop {
        private(set) var taps = 0
        private(set) var failures: [String] = []
        private(set) var window = ""
        private var stopping = false
        private var task: Task<Void, Never>?

        func start(_ client: HostBusClient) {
            task = Task { @MainActor in
                while !stopping {
                    do {
                        let down = try await client.host("TouchDown", [.uint32(7)] + doubles(240, 250))
                        if down.count == 3, "\(down[2])".contains("blue") {
                            window = down[1].objectPathValue?.rawValue ?? ""
                        } else {
                            failures.append("tap \(taps + 1) hit \(down)")
                        }
                        _ = try await client.host("TouchUp", [.uint32(7)])
                        taps += 1
                    } catch {
                        failures.append("tap \(taps + 1): \(error)")
                        return
                    }
                }
            }
        }

        /// Ends the loop after its tap in flight.
        func stop() async {
            stopping = true
            await task?.value
        }
    }

    @Test("While another client taps FindView in a loop, a crash in a button's action of each kind (SIGSEGV, a Swift trap, abort) ends only its scene: SceneCrashed names the signal and the plugin's function on the crashed stack, the scene restarts, and every tap on FindView is answered and delivered, began to ended")
    func crashesUnderAnotherClientsTaps() async throws {
        let host = try Self.host()
        let tapper = try await HostBusClient(host: host)
        defer { tapper.close() }
        let crasher = try await HostBusClient(host: host)
        defer { crasher.close() }
        _ = try await crasher.host("WaitForIdle", [.double(SanitizedRun.seconds(60))])

        let loop = TapLoop()
        loop.start(tapper)
        for crashing in Self.crashers {
            let path = SceneBusContract.scenePath(crashing.name).rawValue
            let tapsBefore = loop.taps
            crasher.clear()
            let down = try await crasher.host("TouchDown", [.uint32(0)] + doubles(crashing.x, 62))
            #expect(down.count == 3 && "\(down[2])".contains("crash"), "\(crashing.name): \(down)")
            #expect(
                await crasher.errorName { _ = try await crasher.host("TouchUp", [.uint32(0)]) } == SceneBusContract.ErrorNames.sceneCrashed.rawValue,
                "\(crashing.name): the lift that crashed the scene fails with SceneCrashed")
            try await crasher.waitForSignals("\(crashing.name) crashed") { signals in
                signals.contains { $0.member == "SceneCrashed" && $0.string(1) == path }
            }
            let crashed = try #require(crasher.signals(named: "SceneCrashed").first { $0.string(1) == path })
            #expect(crashed.string(2) == "FixtureCrashInHandler")
            #expect(crashing.isReason(crashed.string(3)), "\(crashed)")
            #expect(crashed.string(4) == "restarting", "the first crash of \(crashing.name) restarts it: \(crashed)")
            try await crasher.waitForSignals("\(crashing.name) restarted") { signals in
                signals.contains { $0.member == "SceneStarted" && $0.string(1) == path }
            }
            // The restarted scene answers, and the loop went on through the crash and the restart.
            let again = try await crasher.host("TouchDown", [.uint32(0)] + doubles(crashing.x, 62))
            #expect("\(again[2])".contains("crash"), "\(crashing.name) after its restart: \(again)")
            _ = try await crasher.host("TouchCancel", [.uint32(0)])
            try await tapper.waitForSignals("a tap on FindView after \(crashing.name)'s restart") { _ in loop.taps > tapsBefore }
        }
        await loop.stop()

        #expect(loop.failures.isEmpty, "\(loop.failures)")
        #expect(loop.taps >= Self.crashers.count, "taps: \(loop.taps)")
        // Every tap reached FindView's blue view: a touch that began and ended there, once each.
        let window = loop.window
        let taps = loop.taps
        try await tapper.waitForSignals("\(taps) taps' touches on FindView") { signals in
            signals.filter { $0.member == "Touch" && $0.string(1) == window && $0.string(3) == "ended" }.count >= taps
        }
        let touches = tapper.signals(named: "Touch").filter { $0.string(1) == window }
        var phases: [UInt64: [String]] = [:]
        for touch in touches { phases[touch.arguments[2].uint64Value ?? 0, default: []].append(touch.string(3)) }
        #expect(phases.count == taps, "one touch per tap: \(phases.count) touches for \(taps) taps")
        #expect(phases.values.allSatisfy { $0 == ["began", "ended"] }, "\(phases.filter { $0.value != ["began", "ended"] })")
        #expect(touches.allSatisfy { $0.string(6) == "blue" }, "\(touches.filter { $0.string(6) != "blue" })")
        #expect(tapper.sequenceIsContiguous, "one gapless seq through three crashes and restarts")
        for crashing in Self.crashers {
            #expect(await host.line(containing: "[\(crashing.name)] scene process crashed (\(crashing.reason)"), "\(crashing.name): \(host.log)")
            // What the scene process wrote to its standard error is in the host's log, as its own.
            if let fatalError = crashing.fatalError {
                #expect(host.log.contains { $0.contains("[\(crashing.name)] \(fatalError)") }, "\(crashing.name): \(host.log)")
            }
        }
    }

    @Test("While another client taps FindView in a loop, a scene whose button's action never returns is not responding at its timeout: its caller fails with SceneNotResponding, input queued behind it is dropped when FindView is touched, the signal and its Process property say so, FindView's taps are served meanwhile, and Reload kills and restarts it")
    func hangUnderAnotherClientsTaps() async throws {
        let timeout = Int(SanitizedRun.seconds(2))
        let config = try temporaryFile(
            "hang-under-taps.yaml",
            """
            isolation:
              mode: process
              response-timeout: \(timeout)
              start-timeout: \(Int(SanitizedRun.seconds(60)))
            scenes:
              - name: findview
                plugin: FindView
                frame: [0, 0, 390, 844]
              - name: hanging
                plugin: FixtureHangInHandler
                frame: [400, 0, 390, 844]

            """)
        let host = try HostProcess(arguments: ["--config", config], environment: SnapshotFonts.environment, scenes: .embeddedDefault)
        let tapper = try await HostBusClient(host: host)
        defer { tapper.close() }
        let hanger = try await HostBusClient(host: host)
        defer { hanger.close() }
        let hanging = SceneBusContract.scenePath("hanging")
        _ = try await hanger.host("WaitForIdle", [.double(SanitizedRun.seconds(60))])

        let loop = TapLoop()
        loop.start(tapper)
        let down = try await hanger.host("TouchDown", [.uint32(0)] + doubles(500, 62))
        #expect(down.count == 3 && "\(down[2])".contains("hang"), "\(down)")
        let tapsBefore = loop.taps
        let began = ContinuousClock.now
        let lift = Task { @MainActor in await busFailure { _ = try await hanger.host("TouchUp", [.uint32(0)]) } }
        // Queued behind the lift that never returns: dropped when FindView is touched, as Android
        // drops a busy window's queued input when another window is touched.
        // (Started after the lift's task: the main actor runs them in order, so the lift is sent first.)
        let queued = await Task { @MainActor in await busFailure { _ = try await hanger.host("TouchDown", [.uint32(1)] + doubles(600, 62)) } }.value
        #expect(queued?.name == SceneBusContract.ErrorNames.sceneNotResponding, "\(String(describing: queued))")
        #expect(queued?.message.contains("waited behind a busy scene and was dropped when another scene was touched") == true, "\(String(describing: queued))")
        #expect(ContinuousClock.now - began < .seconds(timeout), "the queued touch was dropped before the busy scene's timeout")
        let lifted = await lift.value
        #expect(lifted?.name == SceneBusContract.ErrorNames.sceneNotResponding, "the lift whose action never returns: \(String(describing: lifted))")
        #expect(lifted?.message == "scene 'hanging' did not answer in time (not responding)", "\(String(describing: lifted))")
        #expect(ContinuousClock.now - began >= .seconds(timeout), "it failed at the response timeout, not before")
        #expect(loop.taps > tapsBefore, "FindView's taps were served while the scene hung: \(tapsBefore) → \(loop.taps)")
        try await hanger.waitForSignals("SceneNotResponding") { signals in
            signals.contains { $0.member == "SceneNotResponding" && $0.string(1) == hanging.rawValue }
        }
        let process = try await hanger.property(hanging, SceneBusContract.sceneInterface, "Process").structFields ?? []
        #expect(process.first == .string("not-responding"), "\(process)")
        #expect(
            await hanger.errorName { _ = try await hanger.host("TouchDown", [.uint32(2)] + doubles(500, 62)) }
                == SceneBusContract.ErrorNames.sceneNotResponding.rawValue,
            "input to the hung scene fails at once")

        hanger.clear()
        _ = try await hanger.scene("hanging", "Reload")
        try await hanger.waitForSignals("hanging restarted") { signals in
            signals.contains { $0.member == "SceneStarted" && $0.string(1) == hanging.rawValue }
        }
        let again = try await hanger.host("TouchDown", [.uint32(0)] + doubles(500, 62))
        #expect("\(again[2])".contains("hang"), "the reloaded scene answers: \(again)")
        _ = try await hanger.host("TouchCancel", [.uint32(0)])
        let running = try await hanger.property(hanging, SceneBusContract.sceneInterface, "Process").structFields ?? []
        #expect(running.first == .string("running"), "\(running)")
        await loop.stop()
        #expect(loop.failures.isEmpty, "\(loop.failures)")
        #expect(tapper.sequenceIsContiguous)
    }

    @Test(
        "Without the sandbox a crash goes on to Swift's backtracer after the scene process's own report: its backtrace is in the host's log under the scene's name, and SceneCrashed names the plugin's function as with the sandbox",
        .disabled(if: SanitizedRun.cannotBacktrace, SanitizedRun.cannotBacktraceReason))
    func unsandboxedCrashKeepsSwiftsBacktrace() async throws {
        let config = try temporaryFile(
            "crash-unsandboxed.yaml",
            "isolation:\n  mode: process\n  sandbox: off\n\(SanitizedRun.isolationTimeouts)\nscenes:\n  - name: crashy\n    plugin: FixtureCrashInHandler\n    frame: [0, 0, 390, 844]\n")
        let host = try HostProcess(
            arguments: ["--config", config],
            environment: ProbeBacktrace.environment.merging(SanitizedRun.swiftBacktraceOverrides) { _, override in override }, scenes: .embeddedDefault)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        _ = try await client.host("TouchDown", [.uint32(0)] + doubles(100, 62))
        _ = await client.errorName { _ = try await client.host("TouchUp", [.uint32(0)]) }
        try await client.waitForSignals("SceneCrashed") { $0.contains { $0.member == "SceneCrashed" } }
        let crashed = try #require(client.signals(named: "SceneCrashed").first)
        #expect(
            crashed.string(3).hasPrefix("killed by signal 4 (SIGILL); FixtureCrashInHandler/CrashInHandlerDelegate.swift:46: Fatal error: ")
                && crashed.string(3).contains("; in FixtureCrashInHandler.crashDeliberately() -> Swift.Never (libFixtureCrashInHandler.so+0x"),
            "\(crashed)")
        // Swift's backtrace of the crashed thread, line by line in the host's log, the plugin's frames
        // named with their file and line.
        #expect(await host.line(containing: "[crashy] *** Program crashed: Illegal instruction at"), "\(host.log)")
        #expect(
            host.log.contains { $0.contains("[crashy]") && $0.contains("crashDeliberately()") && $0.contains("CrashInHandlerDelegate.swift:46") },
            "\(host.log.filter { $0.contains("[crashy]") })")
    }
}
