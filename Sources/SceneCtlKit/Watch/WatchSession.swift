import DBusKit
import SceneBusContract

/// The running part of `watch` and `record`: receives signals on the main actor, prints them through
/// an ``OutputSink`` (as its ``SignalPrinting`` says), reports warnings on stderr, and ends once — by
/// count, timeout, interruption, a lost bus, or a closed output — waking whoever awaits ``wait()``.
@MainActor
final class WatchSession {
    /// Why the watch ended.
    enum Ending: Sendable, Equatable {
        /// `--count` signals (or inputs) were printed.
        case count
        /// `--timeout` seconds passed.
        case timeout
        /// SIGINT or SIGTERM arrived (the signal number).
        case interrupted(Int32)
        /// The bus connection went away (a private bus stops with its host).
        case busLost
        /// stdout was closed by its reader.
        case outputClosed
    }

    private var printer: any SignalPrinting
    private let limit: Int?
    let sink: OutputSink
    /// Signals (for `record`, inputs) printed so far.
    private(set) var received = 0
    /// Why the session ended, once it did.
    private(set) var ending: Ending?
    /// Whether the host has left its bus (its name has no owner) since it was last seen.
    private var hostGone = false
    private var continuation: CheckedContinuation<Ending, Never>?

    init(printer: any SignalPrinting, limit: Int?, sink: OutputSink) {
        self.printer = printer
        self.limit = limit
        self.sink = sink
    }

    /// Prints one signal (ignored once the session ended).
    func receive(_ message: BusMessage) {
        guard ending == nil else { return }
        let output = printer.output(for: HostSignal(message))
        if let warning = output.warning {
            sink.flush()
            OutputSink.reportError(warning)
        }
        for line in output.lines { sink.writeLine(line) }
        if output.counts { received += 1 }
        if sink.isBroken {
            finish(.outputClosed)
        } else if let limit, received >= limit {
            finish(.count)
        }
    }

    /// The host's well-known name changed owner on the bus: `newOwner` is "" when the host left,
    /// else the new host's unique name. Says so on stderr; a new host starts `seq` again.
    func hostOwnerChanged(to newOwner: String) {
        guard ending == nil else { return }
        sink.flush()
        if newOwner.isEmpty {
            hostGone = true
            OutputSink.reportError("the host left the bus; waiting for it to come back")
        } else {
            hostGone = false
            printer.restart()
            OutputSink.reportError("the host restarted (\(newOwner) owns the name now); watching it")
        }
    }

    /// Continues a session that ended because the bus went away, once reconnected (the count goes
    /// on; `seq` starts again with the new host).
    func reopen() {
        guard ending == .busLost else { return }
        ending = nil
        printer.restart()
    }

    /// Ends the session (only the first call counts).
    func finish(_ reason: Ending) {
        guard ending == nil else { return }
        ending = reason
        continuation?.resume(returning: reason)
        continuation = nil
    }

    /// Suspends until the session ends, and says why.
    func wait() async -> Ending {
        if let ending { return ending }
        return await withCheckedContinuation { continuation in
            if let ending {
                continuation.resume(returning: ending)
            } else {
                self.continuation = continuation
            }
        }
    }
}

extension WatchSession {
    /// Seconds between attempts to find a host again after its bus went away.
    static let reconnectInterval = 0.2

    /// Subscribes to every `org.scenehost.Host1` signal of the host `options` find, feeds them to the
    /// session until it ends (count, `timeout` seconds, SIGINT/SIGTERM, the bus going away, the
    /// output closing), flushing a buffered output every 50 ms and at the end, and says why it ended.
    /// `prepare` runs first, with the client (`record` reads the host's state there); `onSubscribed`
    /// once subscribed, with the bus the host was found on, and may return a line for stderr.
    ///
    /// The host's name is followed on its bus: a host that leaves and comes back is announced on
    /// stderr (``hostOwnerChanged(to:)``). With `reconnect`, a bus that goes away (a private bus ends
    /// with its host) does not end the session: it says so, tries to find a host every
    /// ``reconnectInterval`` seconds, and subscribes again ("reconnected: …"), `prepare` and
    /// `onSubscribed` running again; `timeout` counts from the start.
    func run(
        _ options: ConnectionOptions, setupTimeout: Double, timeout: Double?, reconnect: Bool = false,
        prepare: (HostClient) async throws -> Void = { _ in }, onSubscribed: (String) -> String?
    ) async throws -> Ending {
        let sink = self.sink
        let interrupts = InterruptWatcher { number in self.finish(.interrupted(number)) }
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
                self.finish(.timeout)
            }
        }
        defer {
            flusher?.cancel()
            deadline?.cancel()
            sink.flush()
            interrupts.cancel()
        }
        var reconnected = false
        while true {
            let ending = try await CommandRunner.withHost(options, timeout: setupTimeout) { client in
                try await prepare(client)
                let rule = MatchRule.signal(sender: SceneBusContract.busName, interface: SceneBusContract.hostInterface)
                let subscription = try await client.connection.addMatch(rule) { message in self.receive(message) }
                let owners = try await client.connection.addMatch(
                    .signal(sender: .bus, interface: .bus, member: "NameOwnerChanged", arguments: [0: SceneBusContract.busName.rawValue])
                ) { message in
                    let arguments = message.arguments
                    guard arguments.count == 3, let newOwner = arguments[2].stringValue else { return }
                    self.hostOwnerChanged(to: newOwner)
                }
                client.connection.disconnectHandler = { _ in self.finish(.busLost) }
                if reconnected {
                    OutputSink.reportError("reconnected: watching \(SceneBusContract.busName) on \(client.candidate)")
                } else if let message = onSubscribed("\(client.candidate)") {
                    OutputSink.reportError(message)
                }
                let ending = await self.wait()
                subscription.cancel()
                owners.cancel()
                return ending
            }
            guard ending == .busLost, reconnect else { return ending }
            sink.flush()
            OutputSink.reportError("the host's bus went away (the host stopped?); waiting for a host to come back (--no-reconnect ends here)")
            reopen()
            while self.ending == nil {
                if let client = try? await HostClient.connect(locator: .current(explicitAddress: options.address), timeout: setupTimeout) {
                    client.close()
                    break
                }
                try? await Task.sleep(for: .seconds(Self.reconnectInterval))
            }
            if let ending = self.ending { return ending }
            reconnected = true
        }
    }
}
