import SceneBusContract

/// Writes a recorded session: each `Input` signal as its input-script line, preceded by a `wait`
/// line for the time since the previous one (from the signals' timestamps, so the replay keeps the
/// timing), and every other signal from the first input on as a `#> ` line (what `--verify`
/// compares). Signals before the first input are not the recorded input's doing and are left out.
/// Plain data, testable without a bus.
struct RecordPrinter: SignalPrinting {
    private var lastInput: Double?
    /// Inputs written so far.
    private(set) var inputs = 0
    /// Signals kept so far.
    private(set) var signals = 0

    /// Shorter pauses are not written (the replay's own work takes about that long).
    static let smallestWait = 0.0005

    /// A recording keeps no `seq` continuity, so a new host changes nothing.
    mutating func restart() {}

    mutating func output(for signal: HostSignal) -> SignalOutput {
        guard signal.name == "Input" else {
            guard lastInput != nil else { return SignalOutput(lines: [], counts: false) }
            signals += 1
            return SignalOutput(lines: [SignalRecording.marker + SignalRecording.line(for: signal)], counts: false)
        }
        guard case .string(let record)? = signal["record"], case .double(let timestamp)? = signal["timestamp"] else {
            return SignalOutput(lines: [], warning: "an Input signal without its record or timestamp; skipped", counts: false)
        }
        var lines: [String] = []
        if let lastInput, timestamp - lastInput >= Self.smallestWait {
            lines.append("wait " + Self.seconds(timestamp - lastInput))
        }
        lastInput = timestamp
        inputs += 1
        lines.append(record)
        return SignalOutput(lines: lines, counts: true)
    }

    /// Seconds with millisecond precision and no trailing zeros: `0.25`, `1.003`.
    static func seconds(_ value: Double) -> String {
        TextFormat.number((value * 1000).rounded() / 1000)
    }

    /// The lines a recording starts with.
    static func header(source: String, date: String) -> [String] {
        [
            "# scenectl record: the input scene-host received from \(source), \(date).",
            "# Replay it: scene-host --input FILE; add --verify to compare the signals (the #> lines).",
        ]
    }

    /// Focus lines that bring a fresh host's scenes to the activation they had when the recording
    /// started (inactive ones lose the focus, active ones gain it with the key window's scene last),
    /// then ``SignalRecording/recordingStart``: a replay runs them first and `--verify` compares only
    /// what follows.
    static func setup(_ snapshot: HostSnapshot) -> [String] {
        let inactive = snapshot.scenes.filter { $0.activationState == "foreground-inactive" }
        let keyScene = snapshot.scenes.first { scene in snapshot.keyWindow.map(scene.windows.contains) ?? false }
        let active = snapshot.scenes.filter { $0.activationState == "foreground-active" }
        let ordered = active.filter { $0.name != keyScene?.name } + active.filter { $0.name == keyScene?.name }
        return ["# The scenes' activation when the recording started (replayed first, not compared):"]
            + inactive.map { "focus \($0.name) lost" } + ordered.map { "focus \($0.name) gained" } + [SignalRecording.recordingStart]
    }
}
