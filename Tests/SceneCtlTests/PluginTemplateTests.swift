import Foundation
import ScenePluginDeclaration
import Testing

@testable import SceneCtlKit

@Suite("scenectl new-plugin: the plugin template")
struct PluginTemplateTests {
    @Test("A plugin name is an upper-case letter then letters and digits; a bad one is refused quoting it", arguments: ["", "clock", "My-Clock", "1Clock", "Clöck", "SceneCore"])
    func badNames(name: String) {
        #expect(throws: PluginTemplate.NameError.self) { try PluginTemplate(name: name, sdkLibraryFolder: "/sdk") }
        do {
            _ = try PluginTemplate(name: name, sdkLibraryFolder: "/sdk")
        } catch {
            #expect(error.message.contains("'\(name)'"), "\(error.message)")
        }
    }

    @Test("The package builds lib<Name>.so from the SDK alone, with a declaration for the entry points, a label, a button, a test and a README")
    func files() throws {
        let template = try PluginTemplate(name: "Clock", sdkLibraryFolder: "/opt/sh/lib/scenehost")
        let files = Dictionary(uniqueKeysWithValues: template.files.map { ($0.path, $0.contents) })
        #expect(files.keys.sorted() == [
            ".gitignore", "Package.swift", "README.md", "Sources/Clock/ClockSceneDelegate.swift", "Sources/Clock/ScenePlugin.toml",
            "Sources/SceneCoreSDK/module.modulemap", "Sources/SceneCoreSDK/sdk.h", "Tests/ClockTests/ClockTests.swift",
        ])
        let manifest = try #require(files["Package.swift"])
        #expect(manifest.contains(#".library(name: "Clock", type: .dynamic, targets: ["Clock"])"#))
        #expect(manifest.contains(#"?? "/opt/sh/lib/scenehost""#))
        // The one package it depends on is the installed SDK's, for the build-tool plugin.
        #expect(manifest.contains(#"?? "/opt/sh/share/scenehost/SceneHostSDK""#))
        #expect(manifest.components(separatedBy: ".package(").count == 2 && manifest.contains(".package(path: sceneHostSDK)"))
        #expect(manifest.contains(#"plugins: [.plugin(name: "PluginEntryPoints", package: "SceneHostSDK")]"#))
        let declaration = try #require(files["Sources/Clock/ScenePlugin.toml"])
        let declared = try PluginDeclaration(parsing: declaration, file: "ScenePlugin.toml")
        #expect(declared.name == "Clock" && declared.version == "0.1.0" && declared.delegate == "ClockSceneDelegate")
        #expect(!declaration.contains("@c("), "the entry points are generated, not in the template")
        let scene = try #require(files["Sources/Clock/ClockSceneDelegate.swift"])
        #expect(scene.contains("Label(") && scene.contains("Button(") && scene.contains(#"label?.text = "Tapped \(taps) time"#))
        let readme = try #require(files["README.md"])
        for step in ["swift build -c release", "scene-host validate-plugin .build/release/libClock.so", "~/.local/share/scenehost/plugins", "scenectl load Clock"] {
            #expect(readme.contains(step), "the README does not say \(step)")
        }
    }

    @Test("The SDK package is found beside the SDK library: PREFIX/lib/scenehost gives PREFIX/share/scenehost/SceneHostSDK")
    func sdkPackageFolder() throws {
        #expect(try PluginTemplate(name: "Clock", sdkLibraryFolder: "/opt/sh/lib/scenehost").sdkPackageFolder == "/opt/sh/share/scenehost/SceneHostSDK")
        #expect(try PluginTemplate(name: "Clock", sdkLibraryFolder: "/opt/sh/lib/scenehost/").sdkPackageFolder == "/opt/sh/share/scenehost/SceneHostSDK")
        #expect(try PluginTemplate(name: "Clock", sdkLibraryFolder: "/elsewhere/sdk").sdkPackageFolder == "/elsewhere/sdk/../../share/scenehost/SceneHostSDK")
        #expect(try PluginTemplate(name: "Clock", sdkLibraryFolder: "").sdkPackageFolder == "")
    }

    @Test("The writer creates the files in a new folder and refuses a folder with files in it, exit status 73")
    func writer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenectl-template-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let template = try PluginTemplate(name: "Clock", sdkLibraryFolder: "/sdk")
        let written = try PluginTemplateWriter.write(template, to: folder + "/clock")
        #expect(written.count == template.files.count)
        #expect(FileManager.default.fileExists(atPath: folder + "/clock/Sources/Clock/ScenePlugin.toml"))
        #expect(throws: ScenectlError.self) { try PluginTemplateWriter.write(template, to: folder + "/clock") }
        do {
            _ = try PluginTemplateWriter.write(template, to: folder + "/clock")
        } catch {
            #expect(error.exitStatus == 73)
            #expect(error.message.contains("'\(folder)/clock' is not empty"), "\(error.message)")
        }
    }

    @Test("A folder that cannot be created is named with the reason, exit status 73")
    func uncreatableFolder() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenectl-template-file-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let template = try PluginTemplate(name: "Clock", sdkLibraryFolder: "/sdk")
        do {
            _ = try PluginTemplateWriter.write(template, to: file + "/inside/clock")
            Issue.record("a package was written under a file")
        } catch {
            #expect(error.exitStatus == 73)
            #expect(error.message == "cannot create the folder '\(file)/inside/clock' ('\(file)' is a file); give --dir a folder you can write")
        }
    }
}
