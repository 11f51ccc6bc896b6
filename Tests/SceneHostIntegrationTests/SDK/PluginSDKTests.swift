import DBusKit
import Foundation
import SceneBusContract
import SceneCore
import Testing

@MainActor
@Suite("The plugin SDK: installed, used by a template plugin outside the repository", .serialized)
struct PluginSDKTests {
    @Test("scripts/install installs the SDK: a verified module interface, the ABI header and module map, and scenecore.pc")
    func installedSDK() async throws {
        let workspace = try await SDKWorkspace.shared.value
        let interface = workspace.library + "/swift/SceneCore.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface"
        let text = try String(contentsOfFile: interface, encoding: .utf8)
        #expect(text.contains("// swift-module-flags: "), "not a module interface")
        #expect(!text.contains("-no-verify-emitted-module-interface"), "the interface was not verified when it was built")
        #expect(text.contains("@_exported public import CScenePluginABI"))
        for file in ["scene_plugin_abi.h", "module.modulemap"] {
            #expect(FileManager.default.fileExists(atPath: workspace.prefix + "/include/scenehost/" + file), "missing \(file)")
        }
        let pc = try String(contentsOfFile: workspace.pkgConfigPath + "/scenecore.pc", encoding: .utf8)
        #expect(pc.contains("Version: \(CoreVersion.sdk)\n"), "\(pc)")
        #expect(pc.contains("abi_version=\(SCENE_PLUGIN_ABI_VERSION)\n"), "\(pc)")
        #expect(pc.contains("Cflags: -I${swiftmoduledir} -I${includedir}\n"))
        #expect(pc.contains("Libs: -L${libdir} -lSceneCore\n"))
        // The interface compiles on its own for a client that has nothing but the SDK's flags.
        let client = workspace.prefix + "/client.swift"
        try Data("import SceneCore\nlet version: CoreVersion = .sdk\n@MainActor func make() -> Label { Label(frame: .zero, text: \"x\") }\n".utf8)
            .write(to: URL(fileURLWithPath: client))
        let typecheck = try await ExternalProcess(
            [try SDKWorkspace.tool("swiftc"), "-typecheck", "-I", workspace.library + "/swift", "-I", workspace.prefix + "/include/scenehost",
             "-module-cache-path", workspace.prefix + "/module-cache", client],
            environment: SDKWorkspace.toolEnvironment(pkgConfigPath: workspace.pkgConfigPath)
        ).finish(timeout: 300)
        #expect(typecheck.status == 0, "\(typecheck)")
    }

    @Test("A plugin from scenectl new-plugin builds against the installed SDK only, passes its own test and the installed validator")
    func templateBuilds() async throws {
        let workspace = try await SDKWorkspace.shared.value
        let manifest = try String(contentsOfFile: workspace.package + "/Package.swift", encoding: .utf8)
        // Its one package dependency is the installed SDK's package (the build-tool plugin), not SceneCore's sources.
        #expect(manifest.components(separatedBy: ".package(").count == 2, "\(manifest)")
        #expect(manifest.contains(#"?? "\#(workspace.prefix)/share/scenehost/SceneHostSDK""#), "\(manifest)")
        #expect(manifest.contains(#".systemLibrary(name: "SceneCoreSDK", pkgConfig: "scenecore")"#))
        #expect(!workspace.buildOutput.contains("Compiling SceneCore"), "\(workspace.buildOutput)")
        #expect(workspace.buildOutput.contains("Making the plugin entry points of Clock from ScenePlugin.toml"), "\(workspace.buildOutput)")
        // The generator comes prebuilt with the SDK: a plugin's clean build does not compile it.
        #expect(!workspace.buildOutput.contains("Compiling ScenePluginDeclaration") && !workspace.buildOutput.contains("Compiling scene_plugin_entry_points"), "\(workspace.buildOutput)")
        #expect(!workspace.buildOutput.contains("warning:"), "\(workspace.buildOutput)")
        #expect(FileManager.default.fileExists(atPath: workspace.plugin))
        for file in ["README.md", "Sources/Clock/ScenePlugin.toml", "Sources/Clock/ClockSceneDelegate.swift", "Tests/ClockTests/ClockTests.swift"] {
            #expect(FileManager.default.fileExists(atPath: workspace.package + "/" + file), "missing \(file)")
        }
        let test = try await SDKWorkspace.runToolchain(
            [try SDKWorkspace.tool("swift"), "test", "--package-path", workspace.package] + SDKWorkspace.sanitizerArguments,
            pkgConfigPath: workspace.pkgConfigPath)
        #expect(test.status == 0, "\(test)")
        #expect((test.stdout + test.stderr).contains("A tap on the button counts and updates the label"))
        let validation = try await ExternalProcess(
            [workspace.library + "/scene-host", "validate-plugin", workspace.plugin], environment: ProcessInfo.processInfo.environment
        ).finish(timeout: 120)
        #expect(validation.status == 0, "\(validation)")
        #expect(validation.stdout.contains("ok    tap Button 'tap-me' in window 'Clock'"), "\(validation)")
        #expect(validation.stdout.contains("log: tapped 1"), "\(validation)")
        #expect(validation.stdout.contains("PASSED: Clock 0.1.0\n"), "no warnings: \(validation)")
    }

    @Test("A malformed declaration fails the plugin's build with the declaration's file, line and bad value")
    func malformedDeclarationFailsTheBuild() async throws {
        let workspace = try await SDKWorkspace.shared.value
        // A copy of the template's sources (the shared package stays intact for the other tests).
        let package = workspace.prefix + "/broken-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        for item in ["Package.swift", "Sources", "Tests"] {
            try FileManager.default.copyItem(atPath: workspace.package + "/" + item, toPath: package + "/" + item)
        }
        let declaration = package + "/Sources/Clock/ScenePlugin.toml"
        let lines = try String(contentsOfFile: declaration, encoding: .utf8).components(separatedBy: "\n")
        let versionLine = try #require(lines.firstIndex { $0.hasPrefix("version = ") })
        try Data(lines.enumerated().map { $0.offset == versionLine ? #"version = "1.0""# : $0.element }.joined(separator: "\n").utf8)
            .write(to: URL(fileURLWithPath: declaration))
        var arguments = [try SDKWorkspace.tool("swift"), "build", "--package-path", package] + SDKWorkspace.sanitizerArguments
        if workspace.configuration == "release" { arguments += ["-c", "release"] }
        let build = try await SDKWorkspace.runToolchain(arguments, pkgConfigPath: workspace.pkgConfigPath)
        #expect(build.status != 0, "the build passed: \(build)")
        let expected = #"\#(declaration):\#(versionLine + 1): error: version "1.0" is not a version: write MAJOR.MINOR.PATCH"#
        #expect((build.stdout + build.stderr).contains(expected), "\(build)")
    }

    @Test("The installed host finds the plugin in the user plugin folder, connects it from the user configuration, and its button is tapped over D-Bus")
    func loadsFromUserFolders() async throws {
        let workspace = try await SDKWorkspace.shared.value
        let home = workspace.prefix + "/home-\(UInt32.random(in: 0...UInt32.max))"
        let plugins = home + "/data/scenehost/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/config/scenehost", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: workspace.plugin, toPath: plugins + "/libClock.so")
        try Data("scenes:\n  - name: clock\n    plugin: Clock\n".utf8)
            .write(to: URL(fileURLWithPath: home + "/config/scenehost/scene-host.yaml"))
        let host = try HostProcess(
            arguments: [], environment: ["XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config"],
            executable: workspace.library + "/scene-host")
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        #expect(host.log.contains { $0.contains("configuration read") && $0.contains(home + "/config/scenehost/scene-host.yaml") })
        let scenes = try await client.property(SceneBusContract.rootPath, SceneBusContract.hostInterface, "Scenes").arrayElements
        #expect(scenes == [.objectPath(SceneBusContract.scenePath("clock"))])
        #expect(host.log.contains { $0.contains("plugin loaded") && $0.contains(plugins + "/libClock.so") })
        let hit = try await client.window(1, "TapView", [.string("tap-me")])
        #expect(hit == [.string("tap-me")])
        try await client.waitForSignals("the plugin's log line") { signals in
            signals.contains { $0.member == "Log" && $0.string(2).contains("tapped 1") }
        }
        host.signal(SIGTERM)
        #expect(await host.exitStatus() == 0)
    }
}
