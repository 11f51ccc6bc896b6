import ArgumentParser
import DBusKit
import SceneBusContract

/// `scenectl resize SCENE WIDTH HEIGHT`: resizes a scene (`Scene1.Resize`).
struct ResizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resize",
        abstract: "Resize a scene, as dragging its desktop window's edge does.",
        discussion: """
            The scene keeps its origin; its windows that cover it take the new size, its views lay \
            themselves out again, and its desktop window (when there is a display) follows. A size \
            outside the scene's size restrictions (scenectl status --json shows them as minimumSize \
            and maximumSize) is refused with the host's message naming the size. Prints the new size.

            Examples:
              scenectl resize gallery 600 900
              scenectl resize settings 320 568 && scenectl snapshot --scene settings
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Argument(help: ArgumentHelp("The scene's name (scenectl status lists them).", valueName: "scene"))
    var scene: String

    @Argument(help: ArgumentHelp("The new width in points.", valueName: "width"))
    var width: Double

    @Argument(help: ArgumentHelp("The new height in points.", valueName: "height"))
    var height: Double

    func validate() throws {
        try ArgumentChecks.distance(width, "WIDTH")
        try ArgumentChecks.distance(height, "HEIGHT")
        if scene.isEmpty { throw ValidationError("SCENE is empty; give a scene name (scenectl status lists them)") }
    }

    @MainActor
    func run() async throws {
        try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            let match = try await client.snapshot().requireScene(named: scene)
            _ = try await client.call(
                ObjectPath(unchecked: match.path), SceneBusContract.sceneInterface, "Resize", [.double(width), .double(height)])
        }
        print("scene \(scene): \(TextFormat.number(width))×\(TextFormat.number(height))")
    }
}
