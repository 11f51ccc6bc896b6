import Glibc
import SceneBusContract
import Testing

@testable import SceneCtlKit

/// Reads everything currently in the pipe's read end (non-blocking).
private func drain(_ descriptor: Int32) -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(descriptor, &chunk, chunk.count)
        guard count > 0 else { break }
        bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

@Suite("Output")
struct OutputTests {
    @Test("A buffered sink holds lines until flushed or 64 KiB are pending; a line sink writes each line")
    func buffering() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)

        let buffered = OutputSink(descriptor: fds[1], flushEachLine: false)
        buffered.writeLine("one")
        buffered.writeLine("two")
        #expect(drain(fds[0]) == "")
        #expect(buffered.pendingByteCount == 8)
        buffered.flush()
        #expect(drain(fds[0]) == "one\ntwo\n")

        let line = String(repeating: "x", count: 1023)
        for _ in 0..<63 { buffered.writeLine(line) }
        #expect(buffered.pendingByteCount == 63 * 1024)
        buffered.writeLine(line)
        #expect(buffered.pendingByteCount == 0)
        #expect(drain(fds[0]).count == 64 * 1024)

        let perLine = OutputSink(descriptor: fds[1], flushEachLine: true)
        perLine.writeLine("now")
        #expect(drain(fds[0]) == "now\n")
    }

    @Test("A closed reader marks the sink broken instead of failing forever")
    func brokenPipe() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[0])
        defer { close(fds[1]) }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let sink = OutputSink(descriptor: fds[1], flushEachLine: true)
        sink.writeLine("lost")
        #expect(sink.isBroken)
        sink.writeLine("ignored")
        #expect(sink.pendingByteCount == 0)
    }

    @Test(
        "Numbers print without a needless fraction, for people and for JSON",
        arguments: [(240.0, "240", "240"), (240.5, "240.5", "240.5"), (-3, "-3", "-3"), (1.0 / 3, "0.333333", "0.3333333333333333")])
    func numbers(value: Double, text: String, json: String) {
        #expect(TextFormat.number(value) == text)
        #expect(TextFormat.jsonNumber(value) == json)
    }

    @Test("Paths drop the host's root and '/' reads as none")
    func paths() {
        #expect(TextFormat.shortPath("/org/scenehost/SceneHost/window/3") == "window/3")
        #expect(TextFormat.shortPath("/") == "(none)")
        #expect(TextFormat.shortPath("/elsewhere/x") == "/elsewhere/x")
    }

    @Test("JSON strings escape quotes, backslashes and control characters")
    func jsonStrings() {
        #expect(TextFormat.jsonString("a\"b\\c\n\u{7}\u{2028}ü") == #""a\"b\\c\n\u0007\u2028ü""#)
        #expect(TextFormat.jsonString("") == #""""#)
    }
}
