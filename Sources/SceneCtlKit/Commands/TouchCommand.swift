import ArgumentParser
import DBusKit
import SceneBusContract

/// `scenectl touch STEP...`: raw finger actions on one connection (`Host1.TouchDown/Move/Up/Cancel`).
struct TouchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touch",
        abstract: "Put fingers down, move, lift or cancel them, in screen points.",
        discussion: """
            Runs the steps in order on one D-Bus connection. Each finger is a SLOT number (0, 1, …) \
            that belongs to this scenectl process; coordinates are SCREEN points (a window's frame, \
            shown by `scenectl status`, says where it is on the screen), unlike tap and friends.

              down SLOT X Y     put a finger down; prints its touch id, window, view
              move SLOT X Y     move a finger that is down
              up SLOT           lift it
              cancel SLOT       cancel it (views get touchesCancelled)
              wait SECONDS      pause before the next step

            The host cancels every finger still down when scenectl exits (a client's fingers never \
            outlive its connection), so end each finger with up to complete the touch. Negative \
            coordinates are accepted as they are.

            Examples:
              scenectl touch down 0 240 250 move 0 245 250 up 0
              scenectl touch down 0 570 670 down 1 630 670 \\
                             move 0 540 670 move 1 660 670 up 0 up 1
              scenectl touch down 0 240 250 wait 0.8 up 0 --json
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Flag(help: "Print one JSON object per down step: {\"slot\",\"touch\",\"window\",\"view\"}.")
    var json = false

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("down SLOT X Y | move SLOT X Y | up SLOT | cancel SLOT | wait SECONDS", valueName: "step"))
    var words: [String] = []

    func validate() throws {
        do {
            _ = try TouchStep.parse(words)
        } catch {
            throw ValidationError(error.message)
        }
    }

    @MainActor
    func run() async throws {
        let steps: [TouchStep]
        do {
            steps = try TouchStep.parse(words)
        } catch {
            throw ValidationError(error.message)
        }
        try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            for step in steps {
                switch step {
                case .down(let slot, let x, let y):
                    let reply = try await client.callHost("TouchDown", [.uint32(slot), .double(x), .double(y)])
                    let (touch, window, view) = try reply.read { reader in
                        (try reader.readUInt64(), try reader.readObjectPath(), try reader.readString())
                    }
                    print(Self.describeDown(slot: slot, touch: touch, window: window.rawValue, view: view, json: json))
                case .move(let slot, let x, let y):
                    _ = try await client.callHost("TouchMove", [.uint32(slot), .double(x), .double(y)])
                case .up(let slot):
                    _ = try await client.callHost("TouchUp", [.uint32(slot)])
                case .cancel(let slot):
                    _ = try await client.callHost("TouchCancel", [.uint32(slot)])
                case .wait(let seconds):
                    try await Task.sleep(for: .seconds(seconds))
                }
            }
        }
    }

    /// `slot 0: touch 7 in /org/scenehost/SceneHost/window/1 on blue`, or JSON.
    static func describeDown(slot: UInt32, touch: UInt64, window: String, view: String, json: Bool) -> String {
        if json {
            var text = "{\"slot\":\(slot),\"touch\":\(touch),\"window\":"
            TextFormat.appendJSONString(window, to: &text)
            text += ",\"view\":"
            TextFormat.appendJSONString(view, to: &text)
            return text + "}"
        }
        if window == "/" {
            return "slot \(slot): no window there (touch \(touch))"
        }
        return "slot \(slot): touch \(touch) in \(window) on \(ArgumentChecks.hitDescription(view))"
    }
}
