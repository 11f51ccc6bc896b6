import ArgumentParser
import DBusKit
import SceneBusContract

/// `scenectl wait-idle [--timeout S]`: waits until the host is idle (`Host1.WaitForIdle`).
struct WaitIdleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wait-idle",
        abstract: "Wait until the host is idle and print the seq of its last signal.",
        discussion: """
            Idle means nothing is pending: no finger down, no gesture recognizer waiting on a timer \
            (a long press, a tap waiting for a double tap's failure) or for others to fail, no touch \
            held back from its view, no scripted input still playing, no timer of plugin code. The \
            host decides it after every event, so this returns as soon as it is true. When it is not \
            true within --timeout seconds, scenectl prints every busy source (window, scene, view, \
            recognizer, what it waits for, the time left) and exits with status 1.

            On a virtual clock (scene-host --clock virtual) timers wait until the clock is advanced: \
            use `scenectl advance SECONDS` first.

            Examples:
              scenectl tap 100 440 --window gesturelab && scenectl wait-idle
              scenectl wait-idle --timeout 0          # is it idle right now?
            """)

    @OptionGroup var connection: ConnectionOptions

    @Option(help: ArgumentHelp("Seconds to wait for idle (0: answer at once).", valueName: "seconds"))
    var timeout: Double = 5

    func validate() throws {
        guard timeout.isFinite, timeout >= 0, timeout <= 3600 else {
            throw ValidationError("--timeout '\(timeout)' is not a number of seconds in [0, 3600]")
        }
    }

    @MainActor
    func run() async throws {
        // The reply may take the whole wait: the call's own timeout leaves room for it.
        let seq = try await CommandRunner.withHost(connection, timeout: timeout + 5) { client in
            try await client.callHost("WaitForIdle", [.double(timeout)]).read { try $0.readUInt64() }
        }
        print("idle at seq \(seq)")
    }
}
