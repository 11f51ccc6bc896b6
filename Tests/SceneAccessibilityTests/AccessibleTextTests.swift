@testable import SceneAccessibility
import SceneCore
import Testing

@MainActor
@Suite("AccessibleText: offsets, characters and ranges agree with the plain scalar array on random texts")
struct AccessibleTextTests {
    /// Random text from ASCII, Latin, CJK, emoji and combining marks (or ASCII only).
    private func randomText(length: Int, asciiOnly: Bool, using generator: inout some RandomNumberGenerator) -> String {
        let pools: [[Unicode.Scalar]] = [
            Array("abc xyz.!?\n".unicodeScalars), Array("éøß".unicodeScalars), Array("漢字".unicodeScalars),
            Array("😀👍".unicodeScalars), ["\u{0301}", "\u{200D}"],
        ]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            let pool = asciiOnly ? pools[0] : pools[Int.random(in: 0..<pools.count, using: &generator)]
            scalars.append(pool[Int.random(in: 0..<pool.count, using: &generator)])
        }
        return String(scalars)
    }

    @Test("count, scalar(at:) and substring(_:) match Array(unicodeScalars) for 400 random texts and ranges, ASCII (the byte-offset path) and not")
    func differential() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<400 {
            let string = randomText(length: Int.random(in: 0...60, using: &generator), asciiOnly: round % 2 == 0, using: &generator)
            let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 20), text: string)
            let text = try #require(AccessibleText(label))
            let reference = Array(string.unicodeScalars)
            #expect(text.count == reference.count, "\(string.debugDescription)")
            #expect(text.scalars == reference)
            for _ in 0..<5 where !reference.isEmpty {
                let offset = Int.random(in: 0..<reference.count, using: &generator)
                #expect(text.scalar(at: offset) == reference[offset])
                let lower = Int.random(in: 0...reference.count, using: &generator)
                let upper = Int.random(in: lower...reference.count, using: &generator)
                #expect(text.substring(lower..<upper) == String(String.UnicodeScalarView(reference[lower..<upper])), "\(string.debugDescription) \(lower)..<\(upper)")
            }
            #expect(text.substring(0..<reference.count) == string)
        }
    }
}
