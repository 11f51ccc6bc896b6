import DBusKit
import Foundation
import Glibc
import SceneHostKit
import SceneProcesses
import TestProcesses
import Testing

/// A `scenectl` process started like a user would: with the host's `XDG_RUNTIME_DIR` and no session
/// bus, so it must find the host's published private bus by itself. An ``ExternalProcess`` (output in
/// files), whose waits hold no thread.
final class ScenectlProcess: Sendable {
    private let client: ExternalProcess
    var process: SpawnedProcess { client.process }

    /// Starts `scenectl arguments`.
    ///
    /// - Parameters:
    ///   - runtimeFolder: `XDG_RUNTIME_DIR` (where a host publishes its private bus address).
    ///   - environment: Extra variables; a value of "" removes the variable.
    init(_ arguments: [String], runtimeFolder: String, environment: [String: String] = [:]) throws {
        var env = headlessEnvironment
        env["XDG_RUNTIME_DIR"] = runtimeFolder
        env["DBUS_SESSION_BUS_ADDRESS"] = nil
        env["SCENEHOST_BUS_ADDRESS"] = nil
        for (key, value) in environment { env[key] = value.isEmpty ? nil : value }
        client = try ExternalProcess([buildFolder() + "/scenectl"] + arguments, environment: env)
    }

    var stdout: String { client.stdout }
    var stderr: String { client.stderr }

    /// Waits until stderr contains `fragment`; false on timeout or exit. Polls the output file
    /// asynchronously, holding no thread.
    func stderr(contains fragment: String, timeout: Double = 60) async -> Bool {
        await client.stderr(contains: fragment, timeout: timeout)
    }

    /// Waits for the exit, holding no thread; the status, or nil (after killing it) on timeout.
    func exitStatus(timeout: Double = 60) async -> Int32? {
        await client.finish(timeout: timeout).status
    }

    /// ``stderr(contains:timeout:)`` that blocks its thread: only on a thread of its own
    /// (``offPool(_:)``), never on the cooperative pool or the main actor.
    func waitForStderr(containing fragment: String, timeout: Double = 60) -> Bool {
        waitForStderr(timeout: timeout) { $0.contains(fragment) }
    }

    /// Blocks until what the process wrote to stderr so far satisfies `condition`, it exits, or
    /// `timeout` seconds pass; returns whether the condition held. Only on a thread of its own.
    func waitForStderr(timeout: Double = 60, until condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(stderr) { return true }
            if !process.isRunning { return condition(stderr) }
            usleep(20_000)  // polling another process's output, on a thread of its own
        }
        return false
    }

    /// ``exitStatus(timeout:)`` that blocks its thread: only on a thread of its own (``offPool(_:)``).
    func waitForExit(timeout: Double = 60) -> Int32? {
        client.finishBlocking(timeout: timeout).status
    }

    /// The outcome of one finished `scenectl` run.
    struct Outcome: CustomStringConvertible {
        var status: Int32?
        var stdout: String
        var stderr: String

        var lines: [String] { stdout.split(separator: "\n").map(String.init) }

        var description: String { "status \(status.map(String.init) ?? "timeout")\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }

        /// Whether stderr looks like a crash rather than an expected error.
        var crashed: Bool {
            stderr.contains("Fatal error") || stderr.contains("Backtrace") || stderr.contains("Crash")
        }
    }
}

@Suite("scenectl against the real scene-host", .serialized)
struct ScenectlTests {
    /// The demo scenes, with a probe timeout generous enough for a machine busy with builds.
    private static let configuration = """
        plugins:
          probe-timeout: 30
        scenes:
          - name: findview
            plugin: FindView
          - name: gesturelab
            plugin: GestureLab
          - name: gallery
            plugin: Gallery
            size-restrictions: {minimum: [320, 480]}
        """

    /// Starts a host on the demo scenes and waits until it is ready.
    /// The host of ``configuration``; `isolation` `process` runs each scene in a process of its own.
    private func startHost(environment: [String: String] = [:], isolation: String = "none") async throws -> HostProcess {
        // Named even for `none`, so that the test does not depend on the default.
        let isolated = "\nisolation:\n  mode: \(isolation)\n\(SanitizedRun.isolationTimeouts)"
        let config = try temporaryFile("scenectl-\(isolation).yaml", Self.configuration + isolated)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let host = try HostProcess(arguments: ["--config", config], environment: environment)
        try #require(await host.line(containing: "host ready"), "the host did not start: \(host.log)")
        let ready = host.log.first { $0.contains("host ready") } ?? ""
        try #require(
            ["findview", "gesturelab", "gallery"].allSatisfy { ready.contains("\"\($0)\"") },
            "a demo scene is missing: \(host.log.joined(separator: "\n"))")
        return host
    }

    /// Runs `scenectl arguments` against `host` (found with no flags) and waits for it.
    @discardableResult
    private func scenectl(
        _ arguments: [String], host: HostProcess, environment: [String: String] = [:], timeout: Double = 60
    ) async throws -> ScenectlProcess.Outcome {
        try await run(arguments, runtimeFolder: host.runtimeFolder, environment: environment, timeout: timeout)
    }

    private func run(
        _ arguments: [String], runtimeFolder: String, environment: [String: String] = [:], timeout: Double = 60
    ) async throws -> ScenectlProcess.Outcome {
        let process = try ScenectlProcess(arguments, runtimeFolder: runtimeFolder, environment: environment)
        let status = await process.exitStatus(timeout: timeout)
        return ScenectlProcess.Outcome(status: status, stdout: process.stdout, stderr: process.stderr)
    }

    /// Stops the host and waits for it to exit, holding no thread.
    private func stop(_ host: HostProcess) async {
        host.signal(SIGTERM)
        _ = await host.exitStatus()
    }

    /// Whether `lines` has `scene` exactly, or, with scenes in processes of their own, `scene` followed
    /// by its process's state: `, process running (pid N)`.
    private func hasSceneLine(_ lines: [String], _ scene: String, isolation: String) -> Bool {
        isolation == "none" ? lines.contains(scene) : lines.contains { $0.hasPrefix(scene + ", process running (pid ") && $0.hasSuffix(")") }
    }

    @Test(
        "status finds the host's private bus with no flags and lists the three scenes and their windows; with scenes in processes of their own, each scene's process",
        arguments: ["none", "process"])
    func status(isolation: String) async throws {
        let host = try await startHost(isolation: isolation)
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        let text = try await scenectl(["status"], host: host)
        #expect(text.status == 0, "\(text)")
        #expect(text.lines.first?.hasPrefix("scene-host \(HostVersion.busVersion) on the private bus published in \(host.runtimeFolder)/scenehost/bus-address") == true)
        for line in [
            "scene findview: foreground-active, plugin FindView, key window 1, frame (0, 0, 390, 844)",
            "scene gesturelab: foreground-active, plugin GestureLab, key window 2, frame (400, 0, 390, 844)",
            "scene gallery: foreground-active, plugin Gallery, key window 4, frame (800, 0, 390, 844)",
        ] {
            #expect(hasSceneLine(text.lines, line, isolation: isolation), "\(text)")
        }
        for line in [
            "  window 1 \"FindView\": level 0, frame (0, 0, 390, 844), visible, key, first responder (none)",
            "  window 4 \"Alert\": level 2000, frame (845, 300, 300, 200), visible, key, first responder (none)",
        ] {
            #expect(text.lines.contains(line), "\(text)")
        }
        let json = try await scenectl(["status", "--json"], host: host)
        #expect(json.status == 0, "\(json)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let scenes = try #require(document["scenes"] as? [[String: Any]])
        #expect(scenes.compactMap { $0["name"] as? String } == ["findview", "gesturelab", "gallery"])
        #expect(document["version"] as? String == HostVersion.busVersion)
        #expect((scenes[2]["windows"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Gallery", "Alert"])
        let processes = scenes.map { $0["process"] as? [String: Any] }
        if isolation == "none" {
            #expect(processes.map { $0?["state"] as? String } == ["in-host", "in-host", "in-host"], "\(scenes)")
        } else {
            #expect(processes.map { $0?["state"] as? String } == ["running", "running", "running"], "\(scenes)")
            let pids = processes.compactMap { $0?["pid"] as? Int }
            #expect(pids.count == 3 && Set(pids).count == 3 && pids.allSatisfy { kill(pid_t($0), 0) == 0 }, "three live processes: \(pids)")
        }
    }

    @Test("tree shows FindView's gray, red, blue and yellow views, nested, and --json is the host's document")
    func tree() async throws {
        let host = try await startHost()
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        let run = try await scenectl(["tree", "findview"], host: host)
        #expect(run.status == 0, "\(run)")
        #expect(run.lines.first == "window 1 \"FindView\": screen (0, 0, 390, 844), level 0, visible, key, first responder (none)")
        #expect(run.lines.contains("    gray  GrayView  (50, 100, 260, 200)  panel"), "\(run)")
        #expect(run.lines.contains("      red  RedView  (50, 100, 120, 100)  panel"), "\(run)")
        #expect(run.lines.contains("      blue  BlueView  (190, 200, 100, 100)  panel"), "\(run)")
        #expect(run.lines.contains("    yellow  YellowView  (50, 360, 200, 200)  panel"), "\(run)")
        let json = try await scenectl(["tree", "1", "--json"], host: host)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((document["window"] as? [String: Any])?["title"] as? String == "FindView")
        let lab = try await scenectl(["tree", "gesturelab"], host: host)
        #expect(lab.lines.contains { $0.hasPrefix("    canvas  View \"Canvas\"") && $0.hasSuffix("gestures: pan, pinch, rotation") }, "\(lab)")
        #expect(lab.lines.contains { $0.contains("button  TouchLoggingButton \"Button\"") && $0.hasSuffix("control: enabled") }, "\(lab)")
        #expect(lab.lines.contains { $0.contains("table-taps  Switch \"Let the table have its taps\"") && $0.hasSuffix("control: enabled, off") }, "\(lab)")
        #expect(lab.lines.contains { $0.hasPrefix("        row-3  GestureLabRowCell \"Row 3\"") && $0.hasSuffix("table-cell") }, "\(lab)")
    }

    @Test("tap in window points prints the view hit, and the plugin sees the touch")
    func tap() async throws {
        let host = try await startHost()
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        let run = try await scenectl(["tap", "240", "250", "--window", "findview"], host: host)
        #expect(run.status == 0 && run.stdout == "blue\n", "\(run)")
        #expect(await host.line(containing: "BlueView.touchesEnded"))
        let nothing = try await scenectl(["tap", "5000", "5000", "--window", "findview"], host: host)
        #expect(nothing.status == 0 && nothing.stdout == "(nothing)\n", "\(nothing)")
    }

    @Test("touch runs its steps on one connection in screen points, and a finger left down is cancelled at exit")
    func touchSteps() async throws {
        let host = try await startHost()
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        let run = try await scenectl(["touch", "down", "0", "240", "250", "move", "0", "245", "250", "up", "0"], host: host)
        #expect(run.status == 0, "\(run)")
        let line = try #require(run.lines.first)
        #expect(line.hasPrefix("slot 0: touch ") && line.hasSuffix(" in /org/scenehost/SceneHost/window/1 on blue"), "\(run)")
        #expect(await host.line(containing: "BlueView.touchesMoved"))
        #expect(await host.line(containing: "BlueView.touchesEnded"))

        let json = try await scenectl(["touch", "down", "3", "640", "670", "--json"], host: host)
        #expect(json.status == 0, "\(json)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["slot"] as? Int == 3 && object["view"] as? String == "canvas")
        #expect(object["window"] as? String == "/org/scenehost/SceneHost/window/2")

        let held = try await scenectl(["touch", "down", "0", "240", "250"], host: host)
        #expect(held.status == 0, "\(held)")
        #expect(await host.line(containing: "BlueView.touchesCancelled"), "the host cancels a finger its client left down")

        let unknown = try await scenectl(["touch", "up", "7"], host: host)
        #expect(unknown.status == 1 && unknown.stderr.contains("(org.scenehost.Error.UnknownSlot)"), "\(unknown)")
    }

    @Test("tap-view taps a view by reference; an unknown reference is UnknownView with status 1")
    func tapView() async throws {
        let host = try await startHost()
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        let run = try await scenectl(["tap-view", "red", "--window", "findview"], host: host)
        #expect(run.status == 0 && run.stdout == "red\n", "\(run)")
        #expect(await host.line(containing: "RedView.touchesEnded"))
        let unknown = try await scenectl(["tap-view", "purple", "--window", "findview"], host: host)
        #expect(unknown.status == 1, "\(unknown)")
        #expect(unknown.stderr.hasPrefix("scenectl: no view 'purple' in window 'FindView'"), "\(unknown)")
        #expect(unknown.stderr.contains("(org.scenehost.Error.UnknownView)") && !unknown.crashed, "\(unknown)")
    }

    @Test("long-press holds a finger too long for the background's tap, so the row sees it end and is selected")
    func longPress() async throws {
        let host = try await startHost()
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        let run = try await scenectl(["long-press", "100", "150", "--window", "gesturelab"], host: host)
        #expect(run.status == 0 && run.stdout == "row-3\n", "\(run)")
        #expect(await host.line(containing: "Row 3 touches ended"))
        #expect(await host.line(containing: "Selected Row 3"))
        #expect(!host.log.contains { $0.contains("Background tap") })
        let tooLong = try await scenectl(["long-press", "100", "150", "--seconds", "61", "--window", "gesturelab"], host: host)
        #expect(tooLong.status == 1 && tooLong.stderr.contains("(org.scenehost.Error.LimitsExceeded)"), "\(tooLong)")
    }

    @Test("swipe pans and pinch zooms GestureLab's canvas")
    func swipeAndPinch() async throws {
        let host = try await startHost()
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        let swipe = try await scenectl(["swipe", "100", "600", "250", "650", "--window", "gesturelab"], host: host)
        #expect(swipe.status == 0 && swipe.stdout == "canvas\n", "\(swipe)")
        #expect(await host.line(containing: "pan ended translation=(150, 50)"))
        let pinch = try await scenectl(["pinch", "200", "670", "60", "120", "--window", "gesturelab"], host: host)
        #expect(pinch.status == 0 && pinch.stdout == "canvas\n", "\(pinch)")
        #expect(await host.line(containing: "pinch ended scale=2"))
    }

    @Test("remote play and shake reach GestureLab's player once a tap made it first responder")
    func remoteAndShake() async throws {
        let host = try await startHost()
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        #expect(try await scenectl(["tap", "280", "440", "--window", "gesturelab"], host: host).stdout == "player\n")
        let remote = try await scenectl(["remote", "play"], host: host)
        #expect(remote.status == 0 && remote.stdout == "player\n", "\(remote)")
        #expect(await host.line(containing: "remote: play"))
        let shake = try await scenectl(["shake"], host: host)
        #expect(shake.status == 0 && shake.lines == ["began: player", "ended: player"], "\(shake)")
        #expect(await host.line(containing: "shake ended"))
        let cancelled = try await scenectl(["shake", "--phase", "cancelled"], host: host)
        #expect(cancelled.lines == ["cancelled: player"], "\(cancelled)")
        let bad = try await scenectl(["remote", "rewind"], host: host)
        #expect(bad.status == 64 && bad.stderr.contains("'rewind'"), "\(bad)")
    }

    @Test(
        "resize gives a scene a new size and the covering window follows; a size outside the restrictions is the host's error, a non-number scenectl's",
        arguments: ["none", "process"])
    func resize(isolation: String) async throws {
        let host = try await startHost(isolation: isolation)
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        let run = try await scenectl(["resize", "gallery", "600", "700.5"], host: host)
        #expect(run.status == 0 && run.stdout == "scene gallery: 600×700.5\n", "\(run)")
        let status = try await scenectl(["status"], host: host)
        #expect(
            hasSceneLine(status.lines, "scene gallery: foreground-active, plugin Gallery, key window 4, frame (800, 0, 600, 700.5)", isolation: isolation),
            "\(status)")
        #expect(status.lines.contains { $0.hasPrefix("  window 3 \"Gallery\": level 0, frame (800, 0, 600, 700.5)") }, "\(status)")
        let small = try await scenectl(["resize", "gallery", "300", "700"], host: host)
        #expect(small.status == 1 && small.stderr.contains("the size 300×700 is outside the scene's size restrictions 320×480…unbounded"), "\(small)")
        #expect(small.stderr.contains("(org.scenehost.Error.InvalidValue)"), "\(small)")
        let nan = try await scenectl(["resize", "gallery", "nan", "700"], host: host)
        #expect(nan.status == 64 && nan.stderr.contains("WIDTH 'nan'"), "\(nan)")
        let unknown = try await scenectl(["resize", "galery", "400", "700"], host: host)
        #expect(unknown.status == 64 && unknown.stderr.contains("no scene named 'galery'"), "\(unknown)")
    }

    @Test("key makes a window the application's key window, which then is the default for --window")
    func key() async throws {
        let host = try await startHost()
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        let run = try await scenectl(["key", "findview"], host: host)
        #expect(run.status == 0 && run.stdout == "window 1 (findview/FindView) is the key window\n", "\(run)")
        let status = try await scenectl(["status"], host: host)
        #expect(status.lines.contains("key window: window 1 (findview/FindView), first responder: (none)"), "\(status)")
        #expect(try await scenectl(["tap", "240", "250"], host: host).stdout == "blue\n")
        let byTitle = try await scenectl(["key", "gallery/Gallery"], host: host)
        #expect(byTitle.status == 0 && byTitle.stdout.hasPrefix("window 3 (gallery/Gallery)"), "\(byTitle)")
    }

    @Test("type puts text into the Gallery field after --window made its window key; press edits it, Tab moves the focus and a bad key is status 1 naming it")
    func typeAndPress() async throws {
        let host = try await startHost()
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        #expect(try await scenectl(["tap-view", "field", "--window", "gallery/Gallery"], host: host).stdout == "field\n")
        let typed = try await scenectl(["type", "hellp", "--window", "gallery/Gallery"], host: host)
        #expect(typed.status == 0 && typed.stdout == "field\n", "\(typed)")
        #expect(try await scenectl(["press", "BackSpace"], host: host).stdout == "field\n")
        #expect(try await scenectl(["type", "o!\\n"], host: host).stdout == "field\n")
        #expect(await host.line(containing: "field return: hello!"))
        let tab = try await scenectl(["press", "tab"], host: host)
        #expect(tab.status == 0 && tab.stdout == "Application\n", "\(tab)")
        #expect(await host.line(containing: "field editing ended"))
        #expect(try await scenectl(["press", "a", "--phase", "ended"], host: host).stdout == "nobody\n", "a key that is not down")
        let bad = try await scenectl(["press", "control+hyper"], host: host)
        #expect(bad.status == 1 && bad.stderr.contains("'control+hyper'") && bad.stderr.contains("InvalidName"), "\(bad)")
        let nowhere = try await scenectl(["type", "x", "--window", "findview"], host: host)
        #expect(nowhere.status == 0 && nowhere.stdout == "nobody\n", "\(nowhere)")
    }

    @Test("load connects a plugin as a new scene; the same name again is SceneExists")
    func load() async throws {
        let host = try await startHost()
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        let run = try await scenectl(["load", "FindView", "--scene", "second"], host: host)
        #expect(run.status == 0 && run.stdout == "/org/scenehost/SceneHost/scene/second\n", "\(run)")
        #expect(try await scenectl(["status"], host: host).lines.contains { $0.hasPrefix("scene second: foreground-active, plugin FindView") })
        #expect(try await scenectl(["tap", "240", "250", "--window", "second"], host: host).stdout == "blue\n")
        let again = try await scenectl(["load", "FindView"], host: host)
        #expect(again.status == 1 && again.stderr.contains("(org.scenehost.Error.SceneExists)"), "\(again)")
        let missing = try await scenectl(["load", "NoSuchPlugin"], host: host)
        #expect(missing.status == 1 && missing.stderr.contains("(org.scenehost.Error.PluginRefused)"), "\(missing)")
    }

    @Test("watch --json prints every signal of another scenectl's taps, in seq order, then exits after --count")
    func watchJSON() async throws {
        let host = try await startHost()
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        let count = 20
        let watch = try ScenectlProcess(["watch", "--json", "--count", "\(count)", "--ready"], runtimeFolder: host.runtimeFolder)
        #expect(await watch.stderr(contains: "scenectl: watching org.scenehost.SceneHost"), "\(watch.stderr)")
        var taps = 0
        while watch.process.isRunning && taps < 10 {
            #expect(try await scenectl(["tap", "240", "250", "--window", "findview"], host: host).stdout == "blue\n")
            taps += 1
        }
        #expect(await watch.exitStatus() == 0, "\(watch.stderr)")
        let lines = watch.stdout.split(separator: "\n")
        #expect(lines.count == count)
        let objects = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        let sequence = objects.compactMap { $0["seq"] as? Int }
        #expect(sequence.count == count)
        #expect(zip(sequence, sequence.dropFirst()).allSatisfy { $1 == $0 + 1 }, "\(sequence)")
        let touch = try #require(objects.first { $0["signal"] as? String == "Touch" })
        #expect(touch["window"] as? String == "/org/scenehost/SceneHost/window/1")
        #expect(touch["phase"] as? String == "began" && touch["view"] as? String == "blue")
        #expect(touch["x"] as? Double == 240 && touch["y"] as? Double == 250 && touch["tapCount"] as? Int == 1)
        #expect(Set(touch.keys) == ["signal", "seq", "window", "touch", "phase", "x", "y", "view", "timestamp", "tapCount"])
        #expect(objects.contains { $0["signal"] as? String == "Log" && ($0["line"] as? String)?.contains("BlueView") == true })
        #expect(!watch.stderr.contains("lost"), "\(watch.stderr)")
    }

    @Test("watch prints text lines, exits 0 after --timeout, and with --no-reconnect exits 69 when the host's bus goes away")
    func watchTextTimeoutAndBusLoss() async throws {
        let host = try await startHost()
        let text = try ScenectlProcess(["watch", "--count", "2", "--ready"], runtimeFolder: host.runtimeFolder)
        #expect(await text.stderr(contains: "watching"))
        _ = try await scenectl(["remote", "pause"], host: host)
        _ = try await scenectl(["remote", "stop"], host: host)
        #expect(await text.exitStatus() == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix("#") && $0.contains(" RemoteControlDelivered ") }, "\(lines)")
        #expect(lines.first?.hasSuffix(" RemoteControlDelivered pause handled by nobody") == true, "\(lines)")

        let quiet = try await scenectl(["watch", "--timeout", "0.3"], host: host)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(quiet)")

        let orphan = try ScenectlProcess(["watch", "--ready", "--no-reconnect"], runtimeFolder: host.runtimeFolder)
        #expect(await orphan.stderr(contains: "watching"))
        await stop(host)
        #expect(await orphan.exitStatus() == 69, "\(orphan.stderr)")
        #expect(orphan.stderr.contains("scenectl: the host's bus went away"), "\(orphan.stderr)")
    }

    @Test("An unknown window is status 64 with the windows listed; NaN is refused before the call")
    func usageErrors() async throws {
        let host = try await startHost()
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        let unknown = try await scenectl(["tap", "1", "1", "--window", "nowhere"], host: host)
        #expect(unknown.status == 64, "\(unknown)")
        #expect(unknown.stderr.hasPrefix("scenectl: unknown window 'nowhere'"), "\(unknown)")
        #expect(unknown.stderr.contains("  2  gesturelab/GestureLab") && unknown.stderr.contains("  4  gallery/Alert"), "\(unknown)")
        let number = try await scenectl(["tree", "99"], host: host)
        #expect(number.status == 64 && number.stderr.contains("no window 99"), "\(number)")
        let nan = try await scenectl(["tap", "nan", "250", "--window", "findview"], host: host)
        #expect(nan.status == 64 && nan.stderr.contains("x 'nan' is not a finite number"), "\(nan)")
        for run in [unknown, number, nan] {
            #expect(!run.crashed && run.stdout.isEmpty, "\(run)")
        }
    }

    @Test("A hidden window refuses gestures with InvalidState")
    func hiddenWindow() async throws {
        let host = try await startHost()
        defer { host.signal(SIGTERM) }  // reaped by SpawnedProcess
        #expect(try await scenectl(["tap-view", "ok", "--window", "gallery/Alert"], host: host).stdout == "ok\n")
        #expect(await host.line(containing: "alert hidden"))
        let run = try await scenectl(["tap", "10", "10", "--window", "gallery/Alert"], host: host)
        #expect(run.status == 1 && run.stderr.contains("(org.scenehost.Error.InvalidState)"), "\(run)")
    }

    @Test("With no host anywhere scenectl exits 69, says what it tried and how to start a host")
    func noHost() async throws {
        let folder = scratchPath("scenectl-nohost")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await run(["status"], runtimeFolder: folder)
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.hasPrefix("scenectl: no scene-host found"), "\(result)")
        #expect(result.stderr.contains("\(folder)/scenehost/bus-address") && result.stderr.contains("Start one with `scene-host`"), "\(result)")
        #expect(!result.crashed && result.stdout.isEmpty)

        let daemon = try await offPool { try BusDaemon() }
        defer { daemon.stop() }
        let empty = try await run(["tap", "1", "1"], runtimeFolder: folder, environment: ["DBUS_SESSION_BUS_ADDRESS": daemon.address])
        #expect(empty.status == 69, "\(empty)")
        #expect(empty.stderr.contains("the session bus (\(daemon.address)): nobody owns org.scenehost.SceneHost there"), "\(empty)")
        let explicit = try await run(["status", "--address", "unix:path=\(folder)/missing"], runtimeFolder: folder)
        #expect(explicit.status == 69 && explicit.stderr.contains("on --address (unix:path=\(folder)/missing)"), "\(explicit)")
    }

    @Test("A session bus without a host falls through to the private bus; a host on the session bus is found there")
    func discoveryOrder() async throws {
        let daemon = try await offPool { try BusDaemon() }
        defer { daemon.stop() }
        let privateHost = try await startHost()
        let fallThrough = try await scenectl(["status"], host: privateHost, environment: ["DBUS_SESSION_BUS_ADDRESS": daemon.address])
        #expect(fallThrough.status == 0, "\(fallThrough)")
        #expect(fallThrough.lines.first?.contains("on the private bus published in") == true, "\(fallThrough)")
        let published = try #require(
            String(data: try Data(contentsOf: URL(fileURLWithPath: privateHost.runtimeFolder + "/scenehost/bus-address")), encoding: .utf8))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let explicit = try await run(["tap", "240", "250", "--window", "findview", "--address", published], runtimeFolder: "/nonexistent")
        #expect(explicit.status == 0 && explicit.stdout == "blue\n", "\(explicit)")
        let environment = try await run(["status"], runtimeFolder: "/nonexistent", environment: ["SCENEHOST_BUS_ADDRESS": published])
        #expect(environment.lines.first?.contains("on SCENEHOST_BUS_ADDRESS") == true, "\(environment)")
        await stop(privateHost)

        let sessionHost = try await startHost(environment: ["DBUS_SESSION_BUS_ADDRESS": daemon.address])
        defer { sessionHost.signal(SIGTERM) }
        let onSession = try await scenectl(["status"], host: sessionHost, environment: ["DBUS_SESSION_BUS_ADDRESS": daemon.address])
        #expect(onSession.status == 0, "\(onSession)")
        #expect(onSession.lines.first == "scene-host \(HostVersion.busVersion) on the session bus (\(daemon.address))", "\(onSession)")
    }
}
