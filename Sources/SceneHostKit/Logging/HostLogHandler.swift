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
///
/// A write never waits for a slow reader: a line is written on the caller's thread only when the
/// descriptor takes it now (`poll` says writable and the line fits in `PIPE_BUF`, so a pipe takes it
/// whole) and nothing is queued before it; otherwise it joins a backlog that a writer queue of the
/// sink's own writes, in order, waiting as long as the reader makes it. A backlog over
/// ``backlogLimit`` bytes drops further lines and says how many, in their place, once the reader
/// catches up. (A host whose stderr was a pipe nobody read stopped in `write(2)` on its main thread
/// once the pipe's 64 KiB were full.) ``flush(timeout:)`` waits for the backlog; the standard-error
/// sink flushes at exit.
public final class LogSink: Sendable {
    /// The lines queued for the writer queue and what it has dropped; `draining` while it has work.
    private struct Backlog {
        var lines: [[UInt8]] = []
        var bytes = 0
        var dropped = 0
        var draining = false
    }

    private let descriptor: Int32
    private let backlog = CheckedMutex(Backlog())
    private let writer = DispatchQueue(label: "org.scenehost.log-writer")
    /// The most bytes queued for a reader that is behind.
    public let backlogLimit: Int

    public init(descriptor: Int32, backlogLimit: Int = 1 << 20) {
        self.descriptor = descriptor
        self.backlogLimit = backlogLimit
    }

    public static let standardError: LogSink = {
        let sink = LogSink(descriptor: 2)
        // Lines still queued at exit (stderr was slow) are written before the process ends, for at
        // most 2 s.
        atexit { LogSink.standardError.flush(timeout: 2) }
        return sink
    }()

    public func write(_ text: String) {
        let bytes = Array(text.utf8)
        let startsDrain = backlog.withLock { backlog in
            if !backlog.draining, bytes.count <= Self.atomicWrite, takesWithoutWaiting() {
                writeAll(bytes)
                return false
            }
            if backlog.bytes + bytes.count > backlogLimit {
                backlog.dropped += 1
            } else {
                backlog.lines.append(bytes)
                backlog.bytes += bytes.count
            }
            guard !backlog.draining else { return false }
            backlog.draining = true
            return true
        }
        if startsDrain { writer.async { self.drain() } }
    }

    /// Waits until the backlog is written, or `timeout` seconds.
    public func flush(timeout: Double) {
        let group = DispatchGroup()
        writer.async(group: group) {}
        _ = group.wait(timeout: .now() + timeout)
    }

    /// On the writer queue: writes the backlog, batch by batch, until it is empty.
    private func drain() {
        while true {
            let batch: (lines: [[UInt8]], dropped: Int)? = backlog.withLock { backlog in
                guard !backlog.lines.isEmpty || backlog.dropped > 0 else {
                    backlog.draining = false
                    return nil
                }
                defer { backlog = Backlog(draining: true) }
                return (backlog.lines, backlog.dropped)
            }
            guard let batch else { return }
            for line in batch.lines { writeAll(line) }
            if batch.dropped > 0 {
                writeAll(Array("scene-host: \(batch.dropped) log line(s) dropped here: standard error was not read fast enough\n".utf8))
            }
        }
    }

    /// `PIPE_BUF` on Linux: a pipe write of at most this many bytes is whole, and a pipe `poll` calls
    /// writable has room for it.
    private static let atomicWrite = 4096

    private func takesWithoutWaiting() -> Bool {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
        return poll(&descriptors, 1, 0) == 1 && descriptors[0].revents & Int16(POLLOUT) != 0
    }

    private func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
    }
}
