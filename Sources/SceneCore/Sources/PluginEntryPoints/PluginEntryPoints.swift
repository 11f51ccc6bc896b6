import Foundation
import PackagePlugin

/// The SDK's build-tool plugin: makes a plugin target's two C entry points (`scene_plugin_query`,
/// `scene_plugin_create`) from its declaration, `ScenePlugin.toml` in the target's folder. Before
/// the target compiles, `scene-plugin-entry-points` reads the declaration (again only when it
/// changed) and writes `PluginEntryPoints.swift` into the plugin's work folder, which SwiftPM compiles
/// with the target's sources. A bad declaration fails the build with the file, line and value.
@main
struct PluginEntryPoints: BuildToolPlugin {
    /// The declaration's file name (`PluginDeclaration.fileName`; a plugin cannot import the library).
    static let declarationName = "ScenePlugin.toml"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL
        let declaration = folder.appending(path: Self.declarationName)
        guard FileManager.default.fileExists(atPath: declaration.path) else {
            throw MissingDeclaration(target: target.name, path: declaration.path)
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "PluginEntryPoints.swift")
        return [
            .buildCommand(
                displayName: "Making the plugin entry points of \(target.name) from \(Self.declarationName)",
                executable: try context.tool(named: "scene-plugin-entry-points").url,
                arguments: [declaration.path, output.path],
                inputFiles: [declaration],
                outputFiles: [output])
        ]
    }
}

/// The plugin is applied to a target without a declaration.
struct MissingDeclaration: Error, CustomStringConvertible {
    let target: String
    let path: String

    var description: String {
        "target '\(target)' uses the PluginEntryPoints plugin but has no \(PluginEntryPoints.declarationName) (\(path)): "
            + "declare the plugin there (name, version, description, delegate), or remove the plugin from the target"
    }
}
