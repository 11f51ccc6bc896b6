import ArgumentParser
import DBusKit

/// `scenectl load PLUGIN`: loads a plugin into a new scene (`Host1.LoadPlugin`).
struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Load a view-tree plugin into a new scene and print the scene's path.",
        discussion: """
            PLUGIN is a plugin name (the host looks for lib<PLUGIN>.so in its plugin folders) or a \
            path to a .so. The host probes it in a child process first and refuses a broken plugin \
            with org.scenehost.Error.PluginRefused and the reason. The scene is named by --scene, \
            by default the plugin's name lower-cased (for a path: the file name without "lib" and \
            ".so"); an existing name fails with org.scenehost.Error.SceneExists.

            Examples:
              scenectl load FindView --scene second
              scenectl load ./libClock.so               # scene "clock"
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Argument(help: ArgumentHelp("The plugin name or .so path.", valueName: "plugin"))
    var plugin: String

    @Option(help: ArgumentHelp("The new scene's name ([A-Za-z0-9_-]+).", valueName: "name"))
    var scene: String?

    func validate() throws {
        guard !plugin.isEmpty else {
            throw ValidationError("the plugin name is empty")
        }
        if scene?.isEmpty == true {
            throw ValidationError("--scene is empty; give a scene name of [A-Za-z0-9_-]+")
        }
    }

    /// The default scene name for `plugin`: `FindView` → `findview`, `/x/libClock.so` → `clock`.
    static func defaultSceneName(for plugin: String) -> String {
        var name = Substring(plugin.split(separator: "/").last ?? Substring(plugin))
        if name.hasSuffix(".so") {
            name = name.dropLast(3)
            if name.hasPrefix("lib") && name.count > 3 { name = name.dropFirst(3) }
        }
        return name.lowercased()
    }

    @MainActor
    func run() async throws {
        let name = scene ?? Self.defaultSceneName(for: plugin)
        let path = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            try await client.callHost("LoadPlugin", [.string(plugin), .string(name)]).read { try $0.readObjectPath() }
        }
        print(path.rawValue)
    }
}
