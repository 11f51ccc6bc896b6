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

    /// Seconds between attempts to find a host again after the bus went away.
    static let reconnectInterval = 0.2

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
        let sink = OutputSink.standardOutput()
        let session = WatchSession(printer: WatchPrinter(format: json ? .json : .text), limit: count, sink: sink)
        let interrupts = InterruptWatcher { number in session.finish(.interrupted(number)) }
        let flusher =
            sink.flushEachLine
            ? nil
            : Task { @MainActor in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(50))
                    sink.flush()
                }
            }
        let deadline = timeout.map { seconds in
            Task { @MainActor in
                guard (try? await Task.sleep(for: .seconds(seconds))) != nil else { return }
                session.finish(.timeout)
            }
        }
        defer {
            flusher?.cancel()
            deadline?.cancel()
            sink.flush()
            interrupts.cancel()
        }
        var ending: WatchSession.Ending
        var reconnected = false
        while true {
            ending = try await CommandRunner.withHost(connection, timeout: Self.setupTimeout) { client in
                try await watch(client, session: session, announce: reconnected ? "reconnected: watching" : ready ? "watching" : nil)
            }
            guard ending == .busLost, !noReconnect else { break }
            sink.flush()
            OutputSink.reportError("the host's bus went away (the host stopped?); waiting for a host to come back (--no-reconnect ends here)")
            session.reopen()
            guard await waitForHost(session) else {
                ending = session.ending ?? .busLost
                break
            }
            reconnected = true
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

    /// Subscribes on `client`'s bus and prints until the session ends or the bus goes away. Follows
    /// the host's name on the bus: a host that leaves and comes back is announced, and the
    /// continuity check of `seq` starts again with it.
    @MainActor
    private func watch(_ client: HostClient, session: WatchSession, announce: String?) async throws -> WatchSession.Ending {
        let rule = MatchRule.signal(sender: SceneBusContract.busName, interface: SceneBusContract.hostInterface)
        let subscription = try await client.connection.addMatch(rule) { message in session.receive(message) }
        let owners = try await client.connection.addMatch(
            .signal(sender: .bus, interface: .bus, member: "NameOwnerChanged", arguments: [0: SceneBusContract.busName.rawValue])
        ) { message in
            let arguments = message.arguments
            guard arguments.count == 3, let newOwner = arguments[2].stringValue else { return }
            session.hostOwnerChanged(to: newOwner)
        }
        client.connection.disconnectHandler = { _ in session.finish(.busLost) }
        if let announce {
            OutputSink.reportError("\(announce) \(SceneBusContract.busName) on \(client.candidate)")
        }
        let ending = await session.wait()
        subscription.cancel()
        owners.cancel()
        return ending
    }

    /// Tries to find a host every ``reconnectInterval`` seconds until one answers (true) or the
    /// session ends meanwhile (false: timeout or interruption).
    @MainActor
    private func waitForHost(_ session: WatchSession) async -> Bool {
        while session.ending == nil {
            if let client = try? await HostClient.connect(
                locator: .current(explicitAddress: connection.address), timeout: Self.setupTimeout)
            {
                client.close()
                return true
            }
            try? await Task.sleep(for: .seconds(Self.reconnectInterval))
        }
        return false
    }
}
