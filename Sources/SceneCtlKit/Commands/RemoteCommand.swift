import ArgumentParser
import DBusKit

/// `scenectl remote SUBTYPE`: a remote-control event (`Host1.SendRemoteControl`).
struct RemoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote",
        abstract: "Send a remote-control event and print who handled it.",
        discussion: """
            The event goes to the key window's first responder and up its responder chain, as \
            UIKit's remote-control events do, and only when some scene asked to receive remote \
            control events. Prints the handler's reference, or "nobody".

            Subtypes: \(RemoteSubtype.allCases.map(\.rawValue).joined(separator: ", ")).

            Examples:
              scenectl tap 280 440 --window gesturelab     # the player becomes first responder
              scenectl remote play                         # player
              scenectl remote toggle-play-pause
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Argument(help: ArgumentHelp("The remote-control event.", valueName: "subtype"))
    var subtype: RemoteSubtype

    @MainActor
    func run() async throws {
        let handler = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            try await client.callHost("SendRemoteControl", [.string(subtype.rawValue)]).read { try $0.readString() }
        }
        print(handler.isEmpty ? "nobody" : handler)
    }
}
