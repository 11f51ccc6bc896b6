import ArgumentParser
import DBusKit

/// `scenectl press KEY`: a key press (`Host1.SendKey`).
struct PressCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "press",
        abstract: "Press a key and print who handled it.",
        discussion: """
            The key goes to the key window's first responder and up its responder chain, as UIKit's \
            presses do (pressesBegan, then pressesEnded). A press nobody handles gets the keyboard \
            behaviour: tab and shift+tab move the keyboard focus, space and return activate the \
            focused view, the arrows move a focused slider ("Application" handled it). A key that types \
            text (US layout) types it into a text field that is first responder. Media keys \
            (media-play-pause, media-next, media-previous, media-play, media-pause, media-stop) become \
            remote-control events, as MPRIS commands do. Prints the handler's reference, or "nobody".

            KEY is a letter, a digit, return, tab, space, backspace, escape, delete, left, right, up, \
            down, home, end, page-up, page-down, f1…f12, minus, comma, period, slash, … (case ignored, \
            X11 names such as BackSpace work), optionally with modifiers: shift+tab, control+a.

            Examples:
              scenectl press tab                      # focus the next control of the key window
              scenectl press shift+tab
              scenectl press space                    # activate the focused control
              scenectl press a --phase began          # hold a down …
              scenectl press a --phase ended          # … and release it
              scenectl press media-play-pause
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Argument(help: ArgumentHelp("The key, optionally with modifiers (shift+tab).", valueName: "key"))
    var key: String

    @Option(help: ArgumentHelp("More modifiers: shift, control, alt, command, caps-lock joined by +.", valueName: "modifiers"))
    var modifiers: String = ""

    @Option(help: ArgumentHelp("began, changed, ended, cancelled, or press (began then ended).", valueName: "phase"))
    var phase: String = "press"

    func validate() throws {
        guard !key.isEmpty else { throw ValidationError("the key is empty; name one, e.g. tab, a, shift+tab") }
    }

    @MainActor
    func run() async throws {
        let handler = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            try await client.callHost("SendKey", [.string(key), .string(modifiers), .string(phase)]).read { try $0.readString() }
        }
        print(handler.isEmpty ? "nobody" : handler)
    }
}
