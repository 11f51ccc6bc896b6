import ArgumentParser
import DBusKit

/// `scenectl shake`: shake motion events (`Host1.SendMotion("shake", phase)`).
struct ShakeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shake",
        abstract: "Send a shake motion and print who handled each phase.",
        discussion: """
            Sends the shake to the key window's first responder (motionBegan, motionEnded or \
            motionCancelled up the responder chain). With the default --phase both, sends began and \
            then ended. Prints one line per phase: the phase and its handler's reference, or "nobody".

            Examples:
              scenectl shake                   # began: player / ended: player
              scenectl shake --phase cancelled
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Option(help: "began, ended, cancelled, or both (began then ended).")
    var phase: ShakePhase = .both

    @MainActor
    func run() async throws {
        try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            for phase in phase.phases {
                let handler = try await client.callHost("SendMotion", [.string("shake"), .string(phase)]).read {
                    try $0.readString()
                }
                print("\(phase): \(handler.isEmpty ? "nobody" : handler)")
            }
        }
    }
}
