import Foundation
@testable import SceneWebDriver
import TestSupport
import Testing

@Suite("The page source's byte buffer")
struct ByteBufferTests {
    @Test("Random appends of bytes, runs and strings from a tiny capacity hold what an array holds", arguments: [UInt64(0xB0FF), 0xE12])
    func agreesWithAnArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let buffer = ByteBuffer(capacity: 1)
        var plain: [UInt8] = []
        for _ in 0..<5_000 {
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let byte = UInt8.random(in: 0...255, using: &random)
                buffer.append(byte)
                plain.append(byte)
            case 1:
                let run = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                run.withUnsafeBufferPointer { buffer.append($0) }
                plain += run
            default:
                let text = String(repeating: ["é", "a", "日本", "🙂"].randomElement(using: &random)!, count: Int.random(in: 0...40, using: &random))
                buffer.append(text)
                plain += Array(text.utf8)
            }
            #expect(buffer.count == plain.count)
        }
        #expect(buffer.bytes == plain)
    }

    @Test("Bytes handed over as Data are the bytes written, and the buffer starts again empty")
    func handsOverData() {
        let buffer = ByteBuffer(capacity: 2)
        let first = Array("page source, once".utf8)
        first.withUnsafeBufferPointer { buffer.append($0) }
        let data = buffer.takeData()
        #expect(Array(data) == first)
        #expect(buffer.count == 0)
        buffer.append("again")
        #expect(buffer.bytes == Array("again".utf8))
        #expect(Array(data) == first, "the handed-over bytes are the Data's own")
    }
}
