import DBusKit

/// The running part of `watch`: receives signals on the main actor, prints them through an
/// ``OutputSink``, reports `seq` gaps on stderr, and ends once — by count, timeout, interruption,
/// a lost bus, or a closed stdout — waking whoever awaits ``wait()``.
@MainActor
final class WatchSession {
    /// Why the watch ended.
    enum Ending: Sendable, Equatable {
        /// `--count` signals were printed.
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

    private var printer: WatchPrinter
    private let limit: Int?
    private let sink: OutputSink
    /// Signals printed so far.
    private(set) var received = 0
    private var ending: Ending?
    private var continuation: CheckedContinuation<Ending, Never>?

    init(printer: WatchPrinter, limit: Int?, sink: OutputSink) {
        self.printer = printer
        self.limit = limit
        self.sink = sink
    }

    /// Prints one signal (ignored once the session ended).
    func receive(_ message: BusMessage) {
        guard ending == nil else { return }
        let (line, warning) = printer.render(HostSignal(message))
        if let warning {
            sink.flush()
            OutputSink.reportError(warning)
        }
        sink.writeLine(line)
        received += 1
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
