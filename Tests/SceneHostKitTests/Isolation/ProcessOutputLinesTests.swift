@testable import SceneHostKit
import TestSupport
import Testing

@Suite("A scene process's standard error, cut into lines")
struct ProcessOutputLinesTests {
    @Test("A line is given once its newline comes, however the bytes were split")
    func linesAcrossPieces() {
        var lines = ProcessOutputLines()
        #expect(lines.take(Array("scene process a: sand".utf8)).isEmpty)
        #expect(lines.take(Array("boxed\nFile.swift:6: Fatal ".utf8)) == ["scene process a: sandboxed"])
        #expect(lines.take(Array("error: no\n\nlast".utf8)) == ["File.swift:6: Fatal error: no", ""])
        #expect(lines.finish() == ["last"], "the unfinished line, at the process's end")
        #expect(lines.finish().isEmpty)
    }

    @Test("Random splits of the same output give the same lines as one piece")
    func randomSplitsAgree() {
        var generator = SplitMix64(seed: 26)
        let text = (0..<200).map { "line \($0) " + String(repeating: "é", count: $0 % 7) }.joined(separator: "\n") + "\ntail"
        let bytes = Array(text.utf8)
        var whole = ProcessOutputLines()
        let expected = whole.take(bytes) + whole.finish()
        #expect(expected.count == 201 && expected.last == "tail")
        for _ in 0..<50 {
            var cutter = ProcessOutputLines()
            var lines: [String] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...40, using: &generator))
                lines += cutter.take(bytes[start..<end])
                start = end
            }
            #expect(lines + cutter.finish() == expected)
        }
    }

    @Test("A process that never writes a newline is given in pieces of the longest line, and nothing is lost")
    func endlessLineIsCut() {
        var lines = ProcessOutputLines()
        let given = lines.take([UInt8](repeating: UInt8(ascii: "x"), count: ProcessOutputLines.maximumLength * 2 + 5))
        #expect(given.map(\.count) == [ProcessOutputLines.maximumLength, ProcessOutputLines.maximumLength])
        #expect(lines.finish() == ["xxxxx"])
    }
}
