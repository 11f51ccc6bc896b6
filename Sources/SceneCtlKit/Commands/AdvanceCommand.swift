import ArgumentParser
import DBusKit
import SceneBusContract

/// `scenectl advance SECONDS`: moves a virtual clock forward (`Host1.AdvanceClock`).
struct AdvanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "advance",
        abstract: "Move the host's virtual clock forward and print the seq of its last signal.",
        discussion: """
            Only for a host on the virtual clock (configuration `clock: virtual` or \
            `scene-host --clock virtual`): every timer due within SECONDS fires in order, each at its \
            own time (long presses begin, a single tap stops waiting for a double tap). A host on the \
            real clock answers with an error naming the configuration key.

            Examples:
              scenectl tap 100 440 --window gesturelab    # the single tap waits for the double tap
              scenectl advance 0.35                       # … which fails: "Single tap"
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Argument(help: ArgumentHelp("Seconds of virtual time.", valueName: "seconds"))
    var seconds: Double

    func validate() throws {
        try ArgumentChecks.seconds(seconds, "SECONDS")
    }

    @MainActor
    func run() async throws {
        let seq = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            try await client.callHost("AdvanceClock", [.double(seconds)]).read { try $0.readUInt64() }
        }
        print("advanced \(TextFormat.number(seconds)) s; last seq \(seq)")
    }
}
