import Foundation
import Logging
import SceneCore
import SceneHostKit
import Testing

/// The folder with scene-host and the plugin libraries (the test binary sits next to them).
func buildFolder() -> String {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    return (executable as NSString).deletingLastPathComponent
}

@MainActor
/// A registry whose probes may take a minute: the suites run in parallel on two cores, where a probe
/// (a process start) can take seconds. Tests of the timeout itself pass a short one.
func makeRegistry(timeout: Double = 60, folders: [String]? = nil, allowInsecure: Bool = false) -> PluginRegistry {
    PluginRegistry(
        folders: folders ?? [buildFolder()], probeExecutable: buildFolder() + "/scene-host", probeTimeout: timeout,
        allowInsecure: allowInsecure, logger: Logger(label: "test"))
}

@MainActor
@Suite("Plugin loading: probe, load, refuse", .serialized)
struct PluginRegistryTests {
    @Test("The three demo plugins probe and load; exactly one libSceneCore.so is mapped afterwards")
    func demoPluginsLoad() throws {
        let registry = makeRegistry()
        for name in ["FindView", "GestureLab", "Gallery"] {
            let plugin = try registry.plugin(name, sceneName: "probe", options: [:])
            #expect(plugin.name == name)
            #expect(plugin.version == "1.0.0")
            #expect(!plugin.description.isEmpty)
            #expect(plugin.minimumCoreVersion == CoreVersion.sdk)
            #expect(plugin.abiVersion == SCENE_PLUGIN_ABI_VERSION)
            #expect(plugin.isDebugBuild == PluginLoader.hostIsDebugBuild)
        }
        let maps = try String(decoding: FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd() ?? Data(), as: UTF8.self)
        let cores = Set(maps.split(separator: "\n").filter { $0.hasSuffix("/libSceneCore.so") }.map { $0.split(separator: " ").last! })
        #expect(cores.count == 1)
        #expect(registry.loadedPlugins.count == 3)
    }

    @Test("A loaded plugin builds a working scene in this process (class identity is shared)")
    func loadedPluginBuildsScene() throws {
        let registry = makeRegistry()
        let plugin = try registry.plugin("Gallery", sceneName: "g", options: [:])
        let application = Application(clock: ManualClock())
        let scene = try application.connectScene(named: "g", delegate: plugin.descriptor.makeSceneDelegate(), screenFrame: Rect(x: 0, y: 0, width: 390, height: 844))
        scene.activate()
        #expect(scene.windows.map(\.title) == ["Gallery", "Alert"])
        let ok = try #require(scene.windows.last?.view(forReference: "ok"))
        #expect(ok is Button)
        #expect(scene.keyWindow?.title == "Alert")
    }

    @Test(
        "Broken plugins are refused with a clear reason",
        arguments: [
            ("FixtureCrashOnCreate", PluginLoadError.Code.probeCrashed, "deliberately crashing in scene_plugin_create"),
            ("FixtureCrashInScene", .probeCrashed, "deliberately crashing while building scene"),
            ("FixtureHangOnCreate", .probeTimedOut, "probe timed out after 1 s"),
            ("FixtureHangInScene", .probeTimedOut, "probe timed out after 1 s"),
            ("FixtureNoEntry", .missingEntryPoint, "no exported symbol 'scene_plugin_query'"),
            ("FixtureWrongABI", .abiMismatch, "plugin ABI version 2 != host ABI version 1"),
            ("FixtureWrongBuild", .buildMismatch, "build both with the same -c configuration"),
            ("FixtureDuplicateCore", .duplicateCore, "carries its own copy of SceneCore"),
            ("FixtureNewerCore", .coreTooOld, "it needs SceneCore 99.0.0 or newer, but this host runs SceneCore 1.1.0"),
        ])
    func refusals(plugin: String, code: PluginLoadError.Code, fragment: String) {
        // Only the hanging fixtures get the short timeout: on a loaded machine a probe that answers
        // can take longer than a second to start.
        let registry = makeRegistry(timeout: code == .probeTimedOut ? 1 : 60)
        do {
            _ = try registry.plugin(plugin, sceneName: "probe", options: [:])
            Issue.record("\(plugin) should have been refused")
        } catch {
            #expect(error.code == code, "\(error)")
            #expect(error.message.contains(fragment), "\(error.message)")
        }
        #expect(registry.loadedPlugins.isEmpty)
    }

    @Test("A missing plugin and a file that is not a shared library are refused")
    func missingAndNotAShared() throws {
        let registry = makeRegistry()
        do {
            _ = try registry.plugin("NoSuchPlugin", sceneName: "s", options: [:])
            Issue.record("expected notFound")
        } catch {
            #expect(error.code == .notFound)
            #expect(error.message.contains("libNoSuchPlugin.so"))
        }
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("libNotAPlugin-\(getpid()).so").path
        try Data("just text\n".utf8).write(to: URL(fileURLWithPath: text))
        defer { try? FileManager.default.removeItem(atPath: text) }
        do {
            _ = try registry.plugin(text, sceneName: "s", options: [:])
            Issue.record("expected notASharedLibrary")
        } catch {
            #expect(error.code == .notASharedLibrary)
            #expect(error.message.contains(text))
        }
    }
}
