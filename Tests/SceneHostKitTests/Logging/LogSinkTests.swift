import Dispatch
import Glibc
import SceneHostKit
import SceneSync
import Testing

/// The log sink against a reader that is behind: writes return at once, lines keep their order, and
/// what did not fit is counted where it was dropped.
@Suite("Log sink")
struct LogSinkTests {
    /// A pipe whose read end the test reads only when it chooses.
    final class Pipe {
        let read: Int32
        let write: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            (read, write) = (ends[0], ends[1])
        }

        deinit {
            close(read)
        }

        /// Everything until the write end is closed (by `closeWrite`), read on another thread.
        func readAll() -> DispatchGroupedText {
            let text = DispatchGroupedText()
            DispatchQueue.global().async(group: text.group) { [read] in
                var collected: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = Glibc.read(read, &chunk, chunk.count)
                    guard count > 0 else { break }
                    collected.append(contentsOf: chunk[0..<count])
                }
                text.set(String(decoding: collected, as: UTF8.self))
            }
            return text
        }
    }

    /// Text a reader thread fills in, read once its group is done.
    final class DispatchGroupedText: Sendable {
        let group = DispatchGroup()
        private let text = CheckedMutex("")
        func set(_ value: String) { text.withLock { $0 = value } }
        func value() -> String {
            group.wait()
            return text.withLock { $0 }
        }
    }

    private static func line(_ number: Int) -> String {
        "line \(number) " + String(repeating: "x", count: 90) + "\n"
    }

    @Test("Lines written while nobody reads return at once; the reader later gets them in order", .timeLimit(.minutes(1)))
    func slowReaderDoesNotBlockWriters() throws {
        let pipe = try Pipe()
        let sink = LogSink(descriptor: pipe.write)
        // 2,000 lines of 100 bytes: three times what a 64 KiB pipe holds; a blocking write would
        // stop here.
        for number in 0..<2000 { sink.write(Self.line(number)) }
        let text = pipe.readAll()
        sink.flush(timeout: 30)
        close(pipe.write)
        let lines = text.value().split(separator: "\n")
        #expect(lines.count == 2000)
        #expect(lines.first == Self.line(0).dropLast())
        #expect(lines.last == Self.line(1999).dropLast())
        #expect(zip(lines, 0..<2000).allSatisfy { $0.hasPrefix("line \($1) ") })
    }

    @Test("Past its backlog limit the sink drops lines and says how many, where they were", .timeLimit(.minutes(1)))
    func droppedLinesAreCounted() throws {
        let pipe = try Pipe()
        let sink = LogSink(descriptor: pipe.write, backlogLimit: 10_000)
        for number in 0..<2000 { sink.write(Self.line(number)) }
        let text = pipe.readAll()
        sink.flush(timeout: 30)
        sink.write("after\n")
        sink.flush(timeout: 30)
        close(pipe.write)
        let lines = text.value().split(separator: "\n")
        // Each marker stands where its lines were dropped: the numbers after it go on from the last
        // number before it plus its count. (How many markers depends on when the writer queue takes
        // the backlog: one per batch that had drops.)
        var next = 0
        var markers = 0
        for line in lines.dropLast() {
            if line.hasPrefix("line ") {
                #expect(line.hasPrefix("line \(next) "), "expected line \(next), got \(line.prefix(12))")
                next = (Int(line.split(separator: " ")[1]) ?? next) + 1
            } else {
                let count = try #require(Int(line.split(separator: " ")[1]), "\(line)")
                #expect(line == "scene-host: \(count) log line(s) dropped here: standard error was not read fast enough")
                next += count
                markers += 1
            }
        }
        #expect(next == 2000, "every line is written or counted")
        #expect(markers > 0, "2,000 lines do not fit in a 64 KiB pipe and a 10 kB backlog")
        #expect(lines.last == "after")
    }

    @Test("A reader that keeps up gets each line as it is written")
    func linesAreWrittenAtOnceWhenTheReaderKeepsUp() throws {
        let pipe = try Pipe()
        let sink = LogSink(descriptor: pipe.write)
        sink.write("one\n")
        var buffer = [UInt8](repeating: 0, count: 16)
        // Not flushed: the line is in the pipe when write returns.
        _ = fcntl(pipe.read, F_SETFL, O_NONBLOCK)
        let count = Glibc.read(pipe.read, &buffer, buffer.count)
        #expect(count == 4)
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "one\n")
        close(pipe.write)
    }
}
