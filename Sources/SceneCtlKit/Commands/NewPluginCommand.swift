import ArgumentParser
import Foundation

/// `scenectl new-plugin NAME [--dir DIR]`: a standalone plugin package from ``PluginTemplate``.
struct NewPluginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-plugin",
        abstract: "Create a plugin package that builds lib<NAME>.so against the installed SceneHost SDK.",
        discussion: """
            Writes a SwiftPM package into DIR (default ./NAME; it must be new or empty): Package.swift, \
            the plugin's declaration (ScenePlugin.toml, from which the SDK's build-tool plugin makes the \
            two entry points), a scene with a label and a button, a test, and a README saying how to \
            build (swift build -c release), validate (scene-host validate-plugin), install and load it. \
            The package depends on the installed SDK only (pkg-config scenecore and the SDK package \
            PREFIX/share/scenehost/SceneHostSDK, written by scripts/install): no SceneCore sources. \
            Talks to no host.

            Exit status: 0 done; 64 bad name; 73 DIR is not empty or cannot be written.

            Examples:
              scenectl new-plugin Clock
              scenectl new-plugin Clock --dir ~/src/clock-plugin
            """)

    @Argument(help: ArgumentHelp("The plugin's name: an upper-case letter, then letters and digits (Clock).", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("The folder to create the package in (default: ./NAME).", valueName: "dir"))
    var dir: String?

    @Option(name: .customLong("sdk-lib"), help: .hidden)
    var sdkLibrary: String?

    func run() throws {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let installed = PluginTemplateWriter.installedSDKLibraryFolder(executable: executable)
        let library = sdkLibrary ?? installed ?? ""
        let template: PluginTemplate
        do {
            template = try PluginTemplate(name: name, sdkLibraryFolder: library)
        } catch {
            throw CommandRunner.report(ValidationError(error.message))
        }
        let folder = dir ?? name
        do {
            _ = try PluginTemplateWriter.write(template, to: folder)
        } catch {
            throw CommandRunner.report(error)
        }
        print("created the plugin package \(name) in \(folder)")
        if library.isEmpty {
            print("note: this scenectl has no installed SDK beside it; install SceneHost (scripts/install) and set SCENECORE_LIBDIR for the tests")
        }
        let pkgconfig = library.isEmpty ? "PREFIX/lib/pkgconfig" : (library as NSString).deletingLastPathComponent + "/pkgconfig"
        print("next: cd \(folder) && PKG_CONFIG_PATH=\(pkgconfig) swift build -c release && scene-host validate-plugin .build/release/lib\(name).so")
    }
}
