import Foundation
import PackagePlugin

/// Records the git commit the host is built from, for `scene-host --version` and `Host1.Version`: before
/// every build, scripts/build-info writes `BuildInfo.swift` into the plugin's work folder (rewriting it
/// only when the commit changed, so an unchanged commit costs no recompilation).
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo")
        let package = context.package.directoryURL
        return [
            .prebuildCommand(
                displayName: "Recording the git commit of \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [package.appending(path: "scripts/build-info").path, package.path, output.path],
                outputFilesDirectory: output)
        ]
    }
}
