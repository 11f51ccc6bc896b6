import Foundation
import Logging
import SceneCore
import SceneHostKit
import ScenePlugins
import Testing

/// The folder with scene-host and the plugin libraries (the test binary sits next to them).
func buildFolder() -> String {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    return (executable as NSString).deletingLastPathComponent
}

@MainActor
/// A registry with the host's default probe timeout (5 s of the probe running, then once more with
/// twice that; the process start does not count). Tests of the timeout itself pass a short one.
func makeRegistry(
    timeout: Double = 5, folders: [String]? = nil, allowInsecure: Bool = false, probeExecutable: String? = nil,
    logger: Logger = Logger(label: "test")
) -> PluginRegistry {
    PluginRegistry(
        folders: folders ?? [buildFolder()], probeExecutable: probeExecutable ?? buildFolder() + "/scene-host", probeTimeout: timeout,
        allowInsecure: allowInsecure, logger: logger)
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
            ("FixtureHangOnCreate", .probeTimedOut, "probe timed out twice, after 1 s and then 2 s of running (it started after "),
            ("FixtureHangInScene", .probeTimedOut, "probe timed out twice, after 1 s and then 2 s of running (it started after "),
            ("FixtureNoEntry", .missingEntryPoint, "no exported symbol 'scene_plugin_query'"),
            ("FixtureWrongABI", .abiMismatch, "plugin ABI version 2 != host ABI version 1"),
            ("FixtureWrongBuild", .buildMismatch, "build both with the same -c configuration"),
            ("FixtureDuplicateCore", .duplicateCore, "carries its own copy of SceneCore"),
            ("FixtureNewerCore", .coreTooOld, "it needs SceneCore 99.0.0 or newer, but this host runs SceneCore 1.1.0"),
        ])
    func refusals(plugin: String, code: PluginLoadError.Code, fragment: String) {
        // The hanging fixtures get a short limit, so the test does not wait out the default one.
        let registry = makeRegistry(timeout: code == .probeTimedOut ? 1 : 5)
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

    /// A logger whose lines go to a file, read back with ``LogFile/lines``.
    final class LogFile {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-log-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let descriptor: Int32

        init() {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        }

        deinit {
            close(descriptor)
            unlink(path)
        }

        var logger: Logger {
            let sink = LogSink(descriptor: descriptor)
            return Logger(label: "test") { label in HostLogHandler(label: label, level: .info, topics: [], sink: sink) }
        }

        var lines: [String] {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }

    @Test("A probe slower than its limit is not refused: it is run once more with twice the limit, and the log says it was slow")
    func slowProbeLoadsOnSecondAttempt() throws {
        let log = LogFile()
        // 1.3 times the limit: too slow for the first attempt, in time for the second (2 s).
        let registry = makeRegistry(timeout: 1, logger: log.logger)
        let plugin = try registry.plugin("FixtureHangInScene", sceneName: "slow", options: ["seconds": "1.3"])
        #expect(plugin.name == "FixtureHangInScene")
        let warnings = log.lines.filter { $0.contains("the probe of plugin FixtureHangInScene did not finish within 1 s of running") }
        #expect(warnings.count == 1, "\(log.lines)")
        #expect(warnings.first?.contains("probing once more with 2 s") == true)
    }

    @Test("A probe whose process is slow to start is neither refused nor retried: the limit counts from when it runs")
    func slowStartIsNotCounted() throws {
        let log = LogFile()
        let wrapper = FileManager.default.temporaryDirectory.appendingPathComponent("slow-start-\(getpid()).sh").path
        try Data("#!/bin/sh\nsleep 1.5\nexec '\(buildFolder())/scene-host' \"$@\"\n".utf8).write(to: URL(fileURLWithPath: wrapper))
        chmod(wrapper, 0o755)
        defer { unlink(wrapper) }
        let registry = makeRegistry(timeout: 1, probeExecutable: wrapper, logger: log.logger)
        let plugin = try registry.plugin("FindView", sceneName: "probe", options: [:])
        #expect(plugin.name == "FindView")
        #expect(!log.lines.contains { $0.contains("did not finish") }, "\(log.lines)")
    }
}

