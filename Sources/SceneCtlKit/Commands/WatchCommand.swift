import ArgumentParser
import DBusKit
import SceneBusContract

/// `scenectl watch`: prints every `org.scenehost.Host1` signal as it arrives.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print the host's signals as they arrive.",
        discussion: """
            Subscribes to every org.scenehost.Host1 signal from org.scenehost.SceneHost and prints \
            one line per signal: touches (window points), first responder and key window changes, \
            gesture states, actions, motion and remote-control deliveries, scene activation, scene \
            log lines. With --json each line is one JSON object, {"signal":"Touch","seq":12,…}, with \
            every argument under its name in Config/dbus/org.scenehost.Host1.xml.

            Every signal carries the host's sequence number seq, which grows by one per signal; when \
            numbers are missing (the bus dropped signals for a slow reader), watch says so on stderr: \
            "scenectl: lost N signals before #SEQ".

            Output is written per line on a terminal, otherwise buffered and flushed every 50 ms and \
            at exit. watch follows the host across restarts and says so on stderr: when the host \
            leaves its bus and comes back ("scenectl: the host restarted …"), and when its bus goes \
            away (a private bus ends with its host): watch then waits for a host to be found again \
            and reconnects ("scenectl: reconnected …"); with --no-reconnect it ends there instead \
            (exit status 69). It ends after --count signals or --timeout seconds (exit status 0), or \
            on SIGINT/SIGTERM (after flushing).

            Examples:
              scenectl watch
              scenectl watch --json --count 100 > signals.jsonl
              scenectl watch --timeout 10 --ready
            """)

    /// The reply timeout for the calls that set the subscription up.
    static let setupTimeout = 30.0

    @OptionGroup var connection: ConnectionOptions

    @Flag(help: "Print one JSON object per signal.")
    var json = false

    @Option(help: ArgumentHelp("Exit after this many signals.", valueName: "n"))
    var count: Int?

    @Option(help: ArgumentHelp("Exit (status 0) after this many seconds.", valueName: "seconds"))
    var timeout: Double?

    @Flag(help: "Print \"scenectl: watching …\" on stderr once subscribed (for scripts that start a watch in the background).")
    var ready = false

    @Flag(name: .customLong("no-reconnect"), help: "End (exit status 69) when the host's bus goes away, instead of waiting for a host and reconnecting.")
    var noReconnect = false

    func validate() throws {
        if let count, count < 1 {
            throw ValidationError("--count \(count) is not a number of signals ≥ 1")
        }
        if let timeout {
            guard timeout.isFinite, timeout > 0 else {
                throw ValidationError("--timeout \(timeout) is not a number of seconds > 0")
            }
        }
    }

    @MainActor
    func run() async throws {
        let session = WatchSession(printer: WatchPrinter(format: json ? .json : .text), limit: count, sink: OutputSink.standardOutput())
        let ending = try await session.run(connection, setupTimeout: Self.setupTimeout, timeout: timeout, reconnect: !noReconnect) { candidate in
            ready ? "watching \(SceneBusContract.busName) on \(candidate)" : nil
        }
        switch ending {
        case .count, .timeout, .outputClosed:
            return
        case .busLost:
            throw CommandRunner.report(ScenectlError.unavailable("the host's bus went away (the host stopped?)"))
        case .interrupted(let number):
            throw ExitCode(128 + number)
        }
    }
}
