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
    private var ending: Ending?
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
    /// Subscribes to every `org.scenehost.Host1` signal of the host `options` find, feeds them to the
    /// session until it ends (count, `timeout` seconds, SIGINT/SIGTERM, the bus going away, the
    /// output closing), flushing a buffered output every 50 ms and at the end, and says why it ended.
    /// `prepare` runs first, with the client (`record` reads the host's state there); `onSubscribed`
    /// once subscribed, with the bus the host was found on, and may return a line for stderr.
    func run(
        _ options: ConnectionOptions, setupTimeout: Double, timeout: Double?,
        prepare: (HostClient) async throws -> Void = { _ in }, onSubscribed: (String) -> String?
    ) async throws -> Ending {
        let sink = self.sink
        return try await CommandRunner.withHost(options, timeout: setupTimeout) { client in
            try await prepare(client)
            let rule = MatchRule.signal(sender: SceneBusContract.busName, interface: SceneBusContract.hostInterface)
            let subscription = try await client.connection.addMatch(rule) { message in self.receive(message) }
            client.connection.disconnectHandler = { _ in self.finish(.busLost) }
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
            if let message = onSubscribed("\(client.candidate)") {
                OutputSink.reportError(message)
            }
            let ending = await self.wait()
            subscription.cancel()
            flusher?.cancel()
            deadline?.cancel()
            sink.flush()
            interrupts.cancel()
            return ending
        }
    }
}
