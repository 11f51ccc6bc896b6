import ArgumentParser
import DBusKit

/// `scenectl plugins`: every plugin file the host finds, with its status (`Host1.ListPlugins`).
struct PluginsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List every plugin on the host's search path, with its status.",
        discussion: """
            For each lib*.so on the host's search path (configured folders, $SCENEHOST_PLUGIN_PATH, \
            $XDG_DATA_HOME/scenehost/plugins, the installed folder), in search order: its name, \
            version, status (loaded, available, refused, quarantined, shadowed), description, path, \
            the SceneCore version and plugin ABI it needs, and the reason when it is refused, \
            quarantined or shadowed. The host probes files it has not seen (off its main thread) and \
            answers the rest from its probe cache.

            Examples:
              scenectl plugins
              scenectl plugins --json
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Flag(help: "Print one JSON array.")
    var json = false

    @MainActor
    func run() async throws {
        let rows = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            try PluginRow.rows(from: try await client.callHost("ListPlugins"))
        }
        print(json ? PluginRow.json(rows) : PluginRow.text(rows), terminator: json ? "\n" : "")
    }
}
