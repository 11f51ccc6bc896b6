import SceneBusContract

/// What a ``WatchSession`` writes for one signal.
struct SignalOutput: Sendable, Equatable {
    /// Lines for the output (none, one or more).
    var lines: [String]
    /// A warning for stderr (without `scenectl: `).
    var warning: String?
    /// Whether the signal counts towards `--count`.
    var counts: Bool
}

/// How a ``WatchSession`` turns the signals it receives into output: `watch`'s lines or
/// `record`'s script.
protocol SignalPrinting: Sendable {
    mutating func output(for signal: HostSignal) -> SignalOutput
    /// Forgets the last `seq`: the next signal is the first of a new host.
    mutating func restart()
}

/// Turns each received signal into its output line and, when `seq` skipped or went back, a warning
/// for stderr. Plain data, so formatting and gap detection are testable without a bus.
struct WatchPrinter: SignalPrinting {
    /// Text for people or one JSON object per line.
    enum Format: Sendable, Equatable {
        case text
        case json
    }

    let format: Format
    private(set) var tracker = SequenceTracker()

    init(format: Format) {
        self.format = format
    }

    /// Forgets the last `seq`: the next signal is the first of a new host.
    mutating func restart() {
        tracker = SequenceTracker()
    }

    /// The output line for `signal`, and the warning (without `scenectl: `) if its `seq` breaks
    /// continuity.
    mutating func render(_ signal: HostSignal) -> (line: String, warning: String?) {
        var warning: String?
        if let seq = signal.seq {
            warning = SequenceTracker.message(for: tracker.observe(seq), at: seq)
        }
        let line = format == .json ? SignalFormatter.json(signal) : SignalFormatter.text(signal)
        return (line, warning)
    }

    mutating func output(for signal: HostSignal) -> SignalOutput {
        let (line, warning) = render(signal)
        return SignalOutput(lines: [line], warning: warning, counts: true)
    }
}
