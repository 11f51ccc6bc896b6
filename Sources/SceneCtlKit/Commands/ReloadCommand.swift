import ArgumentParser
import DBusKit
import SceneBusContract

/// `scenectl reload SCENE`: restarts a scene's process (`Scene1.Reload`).
struct ReloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Restart a scene that runs in a process of its own (isolation: process).",
        discussion: """
            Ends the scene's process (a hung one is killed) and starts it again, whether it was \
            running, crashed, not responding or quarantined; the host signals SceneStarted once it is \
            up (scenectl watch shows it). A scene loaded into the host (isolation: none) cannot be \
            reloaded: the host refuses with its message.

            Examples:
              scenectl reload gallery
              scenectl watch & scenectl reload crashy
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Argument(help: ArgumentHelp("The scene's name (scenectl status lists them).", valueName: "scene"))
    var scene: String

    func validate() throws {
        if scene.isEmpty { throw ValidationError("SCENE is empty; give a scene name (scenectl status lists them)") }
    }

    @MainActor
    func run() async throws {
        try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            let match = try await client.snapshot().requireScene(named: scene)
            _ = try await client.call(ObjectPath(unchecked: match.path), SceneBusContract.sceneInterface, "Reload", [])
        }
        print("scene \(scene): reloading")
    }
}
