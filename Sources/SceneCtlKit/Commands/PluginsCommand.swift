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
            answers the rest from its probe cache. A plugin that crashed the host twice in a row is \
            quarantined (skipped) until its file changes or --clear-quarantine lifts it.

            Examples:
              scenectl plugins
              scenectl plugins --json
              scenectl plugins --clear-quarantine Clock
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Flag(help: "Print one JSON array.")
    var json = false

    @Option(
        name: .customLong("clear-quarantine"),
        help: ArgumentHelp("Lift the quarantine of a plugin that crashed the host (a name, a path, or 'all'), then list.", valueName: "plugin"))
    var clearQuarantine: String?

    func validate() throws {
        if clearQuarantine?.isEmpty == true {
            throw ValidationError("--clear-quarantine is empty; give a plugin name, a path, or 'all'")
        }
    }

    @MainActor
    func run() async throws {
        let (cleared, rows) = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            var cleared: [String] = []
            if let clearQuarantine {
                let reply = try await client.callHost("ClearQuarantine", [.string(clearQuarantine == "all" ? "" : clearQuarantine)])
                cleared = try reply.read { reader in try reader.readArray { try $0.readString() } }
            }
            return (cleared, try PluginRow.rows(from: try await client.callHost("ListPlugins")))
        }
        for path in cleared { OutputSink.reportError("quarantine lifted: \(path)") }
        print(json ? PluginRow.json(rows) : PluginRow.text(rows), terminator: json ? "\n" : "")
    }
}
