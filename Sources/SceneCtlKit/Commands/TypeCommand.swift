import ArgumentParser
import DBusKit
import SceneBusContract

/// `scenectl type TEXT`: text typed into the key window's first responder (`Window1.TypeText`).
struct TypeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type",
        abstract: "Type text into the first responder and print which view took it.",
        discussion: """
            Types TEXT as a keyboard's input method does (no key presses) into the first responder of \
            the key window, when it takes text (a text field, at its caret). With --window, that window \
            is made key first. "\\n" in TEXT is typed as Return. Prints the view that took the text, or \
            "nobody".

            Examples:
              scenectl tap-view field --window gallery/Gallery
              scenectl type hello                     # field
              scenectl type 'done\\n'
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Option(
        name: .long,
        help: ArgumentHelp("Make this window key first: a number, an object path, a scene name or SCENE/TITLE.", valueName: "window"))
    var window: WindowSpecifier?

    @Argument(help: ArgumentHelp("The text (\\n types Return).", valueName: "text"))
    var text: String

    @MainActor
    func run() async throws {
        let typed = TypedText.unescape(text)
        let view = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            let target = try await client.window(window ?? .keyWindow)
            if window != nil {
                _ = try await client.call(.init(unchecked: target.path), SceneBusContract.windowInterface, "MakeKey")
            }
            return try await client.callWindow(target, "TypeText", [.string(typed)])
        }
        print(view.isEmpty ? "nobody" : view)
    }
}

