import ArgumentParser
import SceneBusContract

/// `--timeout`: how long each call waits for the host's reply. Scripted gestures add their own
/// duration on top, so `long-press --seconds 45` does not time out at 30 s.
struct CallOptions: ParsableArguments, Sendable {
    /// The longest accepted timeout, one day (libdbus counts milliseconds in 32 bits).
    static let maximumTimeout = 86_400.0

    @Option(help: ArgumentHelp("Seconds to wait for each reply from the host.", valueName: "seconds"))
    var timeout: Double = 30

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= Self.maximumTimeout else {
            throw ValidationError(
                "--timeout \(timeout) is not a number of seconds in (0, \(TextFormat.number(Self.maximumTimeout))]")
        }
    }
}
