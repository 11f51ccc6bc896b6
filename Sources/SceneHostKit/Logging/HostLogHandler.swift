import Foundation
public import Logging
import SceneSync

/// The host's log output: one line per entry on stderr,
/// `2026-11-22T10:15:03.120Z info [findview] message key=value …`.
///
/// Entries tagged with a `topic` metadata key (hit-testing, responder-chain, gestures, plugins, bus)
/// are printed at any level when that diagnostics topic is enabled, and otherwise only at or above
/// the configured level. The bracketed tag is the `scene` metadata value when present, else the label.
public struct HostLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    private let label: String
    private let minimumLevel: Logger.Level
    private let topics: Set<String>
    private let sink: LogSink

    /// - Parameters:
    ///   - level: minimum level for untagged entries.
    ///   - topics: diagnostics topics whose entries are always printed.
    public init(label: String, level: Logger.Level, topics: Set<String>, sink: LogSink = .standardError) {
        self.label = label
        self.minimumLevel = level
        self.topics = topics
        self.sink = sink
        self.logLevel = topics.isEmpty ? level : Swift.min(level, .trace)
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        let topic = merged["topic"].map { "\($0)" }
        if level(event.level, isBelowMinimumFor: topic) { return }
        merged["topic"] = nil
        let tag = merged.removeValue(forKey: "scene").map { "\($0)" } ?? topic ?? label
        var line = "\(HostLogHandler.timestamp()) \(event.level) [\(tag)] \(event.message)"
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(value)"
        }
        sink.write(line + "\n")
    }

    private func level(_ level: Logger.Level, isBelowMinimumFor topic: String?) -> Bool {
        if let topic, topics.contains(topic) { return false }
        return level < minimumLevel
    }

    private static func timestamp() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var seconds = time_t(time.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let millis = Int(time.tv_nsec / 1_000_000)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), millis)
    }
}

/// Where log lines go. Each line is written with one `write(2)`, so lines from threads never interleave.
public final class LogSink: Sendable {
    private let descriptor: Int32
    private let lock = CheckedMutex(())

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public static let standardError = LogSink(descriptor: 2)

    public func write(_ text: String) {
        lock.withLock { _ in
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                if written <= 0 { break }
                offset += written
            }
        }
    }
}
