import Glibc

/// Line-oriented output to a file descriptor that keeps up with thousands of lines per second.
///
/// With `flushEachLine` (stdout is a terminal) every line is written as soon as it is complete;
/// otherwise lines collect in a buffer that is written when it exceeds 64 KiB, whenever the owner
/// calls ``flush()`` (`watch` does every 50 ms and at exit), and never with one system call per
/// line. A write that fails for good (a closed pipe, `EPIPE`, with SIGPIPE ignored) sets
/// ``isBroken`` and drops further output, so a reader going away ends the program quietly instead of
/// spinning.
///
/// Not thread-safe: use one sink from one isolation domain (the main actor in `scenectl`).
final class OutputSink {
    /// The buffer size that triggers a write without waiting for ``flush()``.
    static let highWaterMark = 64 * 1024

    let descriptor: Int32
    let flushEachLine: Bool
    /// Whether a write failed for good; further output is dropped.
    private(set) var isBroken = false
    private var buffer: [UInt8] = []

    init(descriptor: Int32, flushEachLine: Bool) {
        self.descriptor = descriptor
        self.flushEachLine = flushEachLine
        buffer.reserveCapacity(Self.highWaterMark + 4096)
    }

    /// A sink for stdout that flushes per line exactly when stdout is a terminal.
    static func standardOutput() -> OutputSink {
        OutputSink(descriptor: STDOUT_FILENO, flushEachLine: isatty(STDOUT_FILENO) == 1)
    }

    /// The bytes written but not yet flushed.
    var pendingByteCount: Int {
        buffer.count
    }

    /// Appends `line` and a newline.
    func writeLine(_ line: String) {
        guard !isBroken else { return }
        buffer.append(contentsOf: line.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if flushEachLine || buffer.count >= Self.highWaterMark {
            flush()
        }
    }

    /// Writes everything buffered.
    func flush() {
        guard !buffer.isEmpty else { return }
        if !isBroken {
            isBroken = !Self.writeAll(buffer, to: descriptor)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes every byte of `bytes` to `descriptor`, retrying after interruptions and partial writes;
    /// false when the descriptor refuses them for good.
    @discardableResult
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                // `raw` is not empty here (offset < count), so it has a base address.
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN {
                        // A non-blocking descriptor (a shared terminal or pipe): wait until it drains.
                        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&ready, 1, 100)
                        continue
                    }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Writes `scenectl: <message>` and a newline to stderr, unbuffered.
    static func reportError(_ message: String) {
        writeAll(Array("scenectl: \(message)\n".utf8), to: STDERR_FILENO)
    }
}
