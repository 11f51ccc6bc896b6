import DBusKit
import Foundation
import Glibc
import SceneBusContract
import Testing

/// `Host1.LoadPlugin` and `Scene1.Disconnect` with `isolation: process`: a loaded scene runs in a
/// process of its own as a configured one does, and a disconnected one's process ends.
@MainActor
@Suite("LoadPlugin and Disconnect with scenes in processes of their own", .serialized)
struct IsolatedSceneLoadingTests {
    /// Whether a process with `pid` still exists (not yet reaped).
    static func exists(_ pid: UInt32) -> Bool { access("/proc/\(pid)", F_OK) == 0 }

    /// Scene `name`'s `Scene1.Process`: its state and process id.
    static func process(of name: String, _ client: HostBusClient) async throws -> (state: String, pid: UInt32) {
        let fields = try await client.property(SceneBusContract.scenePath(name), SceneBusContract.sceneInterface, "Process").structFields ?? []
        return (fields.first?.stringValue ?? "", fields.count > 1 ? fields[1].uint32Value ?? 0 : 0)
    }

    @Test("LoadPlugin starts the scene in a process of its own, whose window answers hit tests and touches; a plugin whose scene process ends before it lists its windows is refused by name and leaves nothing; Disconnect ends the process and frees the name")
    func loadAndDisconnect() async throws {
        let config = try temporaryFile(
            "isolated-loading.yaml",
            "isolation:\n  mode: process\n\(SanitizedRun.isolationTimeouts)\nscenes:\n  - name: findview\n    plugin: FindView\n    frame: [0, 0, 390, 844]\n")
        let host = try HostProcess(arguments: ["--config", config], environment: SnapshotFonts.environment, scenes: .embeddedDefault)
        let client = try await HostBusClient(host: host)
        defer { client.close() }

        let path = try await client.host("LoadPlugin", [.string("FindView"), .string("second")])
        #expect(path == [.objectPath(SceneBusContract.scenePath("second"))])
        let second = SceneBusContract.scenePath("second")
        try await client.waitForSignals("second's SceneStarted") { signals in
            signals.contains { $0.member == "SceneStarted" && $0.string(1) == second.rawValue }
        }
        let started = try await Self.process(of: "second", client)
        #expect(started.state == "running" && started.pid > 0 && Self.exists(started.pid), "\(started)")
        #expect(started.pid != (try await Self.process(of: "findview", client)).pid, "a process of its own")
        let frame = try await client.property(second, SceneBusContract.sceneInterface, "Frame").structFields?.compactMap(\.doubleValue)
        #expect(frame == [400, 0, 390, 844], "the next place on the row")
        let windows = try await client.property(second, SceneBusContract.sceneInterface, "Windows").arrayElements ?? []
        let window = try #require(windows.first?.objectPathValue)
        // Published as in one process: the scene's activation, its own key window (from none) and the
        // application's (from FindView's), both naming its window — not '/' before its stand-in had it.
        #expect(
            client.signals(named: "SceneActivationChanged").filter { $0.string(1) == second.rawValue }.map { $0.string(2) }
                == ["foreground-inactive", "foreground-active"])
        #expect(
            client.signals(named: "KeyWindowChanged").map { [$0.string(1), $0.string(2)] }
                == [["/", window.rawValue], [SceneBusContract.windowPath(1).rawValue, window.rawValue]])
        let hit = try await client.call(window, SceneBusContract.windowInterface, "HitTest", doubles(240, 250))
        #expect(hit == [.string("blue")], "the scene process hit-tests its window")
        let down = try await client.host("TouchDown", [.uint32(0)] + doubles(640, 250))
        #expect(down.count == 3 && down[1] == .objectPath(window) && down[2] == .string("blue"), "\(down)")
        _ = try await client.host("TouchUp", [.uint32(0)])
        #expect(
            await client.errorName { _ = try await client.host("LoadPlugin", [.string("FindView"), .string("second")]) }
                == SceneBusContract.ErrorNames.sceneExists.rawValue)

        // A plugin whose scene process crashes while it creates its scene: refused, nothing left.
        let broken = await busFailure { _ = try await client.host("LoadPlugin", [.string("FixtureCrashOnCreate"), .string("broken")]) }
        #expect(broken?.name == SceneBusContract.ErrorNames.pluginRefused, "\(String(describing: broken))")
        #expect(
            broken?.message.contains("plugin FixtureCrashOnCreate refused (probeCrashed): its scene process ended before it listed its windows (killed by signal") == true,
            "\(String(describing: broken))")
        let scenes = try await client.property(SceneBusContract.rootPath, SceneBusContract.hostInterface, "Scenes").arrayElements ?? []
        #expect(scenes.map(\.objectPathValue) == [SceneBusContract.scenePath("findview"), second], "\(scenes)")
        #expect(await host.line(containing: "LoadPlugin refused: plugin FixtureCrashOnCreate refused (probeCrashed)"), "\(host.log)")
        // Its name is free again.
        _ = try await client.host("LoadPlugin", [.string("FindView"), .string("broken")])
        _ = try await client.scene("broken", "Disconnect")

        // Disconnect ends the scene's process and frees its name.
        _ = try await client.scene("second", "Disconnect")
        #expect(await client.errorName { _ = try await client.scene("second", "Activate") } == "org.freedesktop.DBus.Error.UnknownObject")
        try await eventually("second's process gone", timeout: SanitizedRun.seconds(30)) { !Self.exists(started.pid) }
        #expect(await host.line(containing: "[second] scene process ended: the scene was disconnected"), "\(host.log)")
        _ = try await client.host("LoadPlugin", [.string("FindView"), .string("second")])
        let again = try await Self.process(of: "second", client)
        #expect(again.state == "running" && again.pid != started.pid, "\(again)")
        #expect(try await client.window(1, "HitTest", doubles(240, 250)) == [.string("blue")], "FindView went on throughout")
        #expect(client.sequenceIsContiguous)
    }

    @Test("A plugin its scene process cannot load is refused in the loader's words, as the host refuses it: LoadPlugin's PluginRefused says what the host's says; a configured one is logged and not restarted while the other scenes run", arguments: ["FixtureNoEntry", "FixtureNewerCore"])
    func refusedPlugins(plugin: String) async throws {
        let inHost = try HostProcess(arguments: ["--isolation", "none"], scenes: .embeddedDefault)
        let plain = try await HostBusClient(host: inHost, subscribe: false)
        defer { plain.close() }
        let expected = await busFailure { _ = try await plain.host("LoadPlugin", [.string(plugin), .string("refused")]) }
        #expect(expected?.name == SceneBusContract.ErrorNames.pluginRefused, "\(String(describing: expected))")

        let config = try temporaryFile(
            "isolated-refusal-\(plugin).yaml",
            "isolation:\n  mode: process\n\(SanitizedRun.isolationTimeouts)\nscenes:\n  - name: findview\n    plugin: FindView\n  - name: configured\n    plugin: \(plugin)\n")
        let host = try HostProcess(arguments: ["--config", config], environment: SnapshotFonts.environment, scenes: .embeddedDefault)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let refused = await busFailure { _ = try await client.host("LoadPlugin", [.string(plugin), .string("refused")]) }
        #expect(refused?.name == expected?.name && refused?.message == expected?.message, "isolated: \(String(describing: refused)); in the host: \(String(describing: expected))")
        let scenes = try await client.property(SceneBusContract.rootPath, SceneBusContract.hostInterface, "Scenes").arrayElements ?? []
        #expect(scenes.map(\.objectPathValue) == [SceneBusContract.scenePath("findview")], "neither the configured nor the loaded scene is there: \(scenes)")
        let message = try #require(expected?.message)
        #expect(await host.line(containing: "[configured] \(message); the scene is not started"), "\(host.log)")
        #expect(host.log.filter { $0.contains("scene process started") && $0.contains("[configured]") }.count == 1, "not restarted: \(host.log)")
        #expect(try await client.window(1, "HitTest", doubles(240, 250)) == [.string("blue")], "FindView runs")
    }
}
