import Foundation

/// How a recorded session keeps the host's signals, and how a replay is compared with them.
///
/// `scenectl record` writes the host's `Input` signals as script lines (with `wait` lines for their
/// timing) and every other signal after the first input as a comment line `#> TEXT`, TEXT being
/// ``line(for:)``: the signal as `scenectl watch` prints it, without its `seq`. `scene-host --input
/// FILE --verify` replays the script and compares the signals it emits with those lines.
public enum SignalRecording {
    /// The start of a recorded signal's line.
    public static let marker = "#> "
    /// The comment line after which the recorded input starts: the lines before it set the host up
    /// (their signals are not compared).
    public static let recordingStart = "# recorded input"

    /// The signal as a recording keeps it: `watch`'s text without the sequence number (and so
    /// without anything that differs between two runs but the touch numbers, see ``normalized(_:)``).
    public static func line(for signal: HostSignal) -> String {
        var unnumbered = signal
        unnumbered.arguments.removeAll { $0.name == "seq" }
        return SignalFormatter.text(unnumbered)
    }

    /// The recorded signals of a script, with their line numbers, in order.
    public static func expectedSignals(in script: String) -> [(line: Int, text: String)] {
        var expected: [(Int, String)] = []
        for (offset, raw) in script.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix(marker) { expected.append((offset + 1, String(line.dropFirst(marker.count)))) }
        }
        return expected
    }

    /// `lines` with each touch's number (`Touch window/1 touch 57 began …`) replaced by its order of
    /// first appearance (`touch #1`): touch numbers count from the host's start, so a recording made
    /// after some touches numbers them differently from its replay in a fresh host.
    public static func normalized(_ lines: [String]) -> [String] {
        var numbers: [Substring: Int] = [:]
        return lines.map { line in
            guard line.hasPrefix("Touch "), let range = line.range(of: " touch ") else { return line }
            let rest = line[range.upperBound...]
            let number = rest.prefix { $0.isNumber }
            guard !number.isEmpty else { return line }
            let index = numbers[number] ?? (numbers.count + 1)
            numbers[number] = index
            return line[..<range.upperBound] + "#\(index)" + rest.dropFirst(number.count)
        }
    }

    /// Where a replay first differs from its recording.
    public struct Divergence: Sendable, Equatable, CustomStringConvertible {
        /// The signal's position among the recorded ones, from 1.
        public let index: Int
        /// The last input line delivered before it ("" when before any).
        public let afterInput: String
        /// The recorded signal (nil: the replay sent more than was recorded).
        public let expected: String?
        /// The replayed signal (nil: the replay sent fewer).
        public let got: String?

        public init(index: Int, afterInput: String, expected: String?, got: String?) {
            self.index = index
            self.afterInput = afterInput
            self.expected = expected
            self.got = got
        }

        public var description: String {
            let place = afterInput.isEmpty ? "before any input" : "after input '\(afterInput)'"
            return "signal \(index), \(place): expected \(expected.map { "'\($0)'" } ?? "nothing more"), got \(got.map { "'\($0)'" } ?? "nothing")"
        }
    }

    /// Compares the replay's signals (`got`: each with the last input line before it) with the
    /// recorded ones, touch numbers aside; nil when they are the same.
    public static func firstDivergence(expected: [String], got: [(text: String, afterInput: String)]) -> Divergence? {
        let want = normalized(expected)
        let have = normalized(got.map(\.text))
        for index in 0..<max(want.count, have.count) {
            let expectedLine = index < want.count ? want[index] : nil
            let gotLine = index < have.count ? have[index] : nil
            guard expectedLine != gotLine else { continue }
            let afterInput = index < got.count ? got[index].afterInput : (got.last?.afterInput ?? "")
            return Divergence(
                index: index + 1, afterInput: afterInput, expected: index < expected.count ? expected[index] : nil,
                got: index < got.count ? got[index].text : nil)
        }
        return nil
    }
}
