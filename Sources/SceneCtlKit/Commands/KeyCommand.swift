import ArgumentParser
import DBusKit
import SceneBusContract

/// `scenectl key WINDOW`: makes a window key (`Window1.MakeKey`).
struct KeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Make a window the key window.",
        discussion: """
            Makes WINDOW its scene's key window and brings its scene to the front, so it also becomes \
            the application's key window (the one shake and remote events go to and the default for \
            --window). A hidden window cannot become key (org.scenehost.Error.InvalidState).

            Examples:
              scenectl key gesturelab
              scenectl key gallery/Gallery
              scenectl key 3
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Argument(help: ArgumentHelp("The window: a number, an object path, a scene name or SCENE/TITLE.", valueName: "window"))
    var window: WindowSpecifier

    @MainActor
    func run() async throws {
        let target = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            let target = try await client.window(window)
            _ = try await client.call(.init(unchecked: target.path), SceneBusContract.windowInterface, "MakeKey")
            return target
        }
        print("\(StatusReport.name(target)) is the key window")
    }
}
