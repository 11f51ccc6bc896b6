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
    /// Why the session ended, once it did.
    private(set) var ending: Ending?
    /// Whether the host has left its bus (its name has no owner) since it was last seen.
    private var hostGone = false
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
