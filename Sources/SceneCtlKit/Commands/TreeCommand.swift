import ArgumentParser
import DBusKit
import SceneBusContract

/// `scenectl tree [WINDOW]`: a window's view tree from `Window1.DescribeTree`.
struct TreeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree",
        abstract: "Show a window's view tree.",
        discussion: """
            Prints the window, then one line per view, indented by depth: the view's reference (what \
            tap-view accepts), its type and accessibility label, its frame in window points, its \
            accessibility role, and flags where they apply: hidden, alpha, interaction off, first \
            responder, gestures (recognizer names), control state (enabled, highlighted, selected, \
            on/off, value). --json prints the host's JSON unchanged.

            Examples:
              scenectl tree                # the application's key window
              scenectl tree findview       # the findview scene's key window
              scenectl tree gallery/Alert --json
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Argument(help: ArgumentHelp("The window: a number, an object path, a scene name or SCENE/TITLE.", valueName: "window"))
    var window: WindowSpecifier = .keyWindow

    @Flag(help: "Print the JSON document DescribeTree returns, unchanged.")
    var json = false

    @MainActor
    func run() async throws {
        let text = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            let target = try await client.window(window)
            let reply = try await client.call(
                .init(unchecked: target.path), SceneBusContract.windowInterface, "DescribeTree")
            let document = try reply.read { try $0.readString() }
            return json ? document : TreeRenderer.render(try ViewTree.parse(document))
        }
        print(text)
    }
}
