@testable import SceneAccessibility
import Testing

@Suite("AT-SPI text units: characters, words, sentences and lines around an offset")
struct AtspiTextBoundaryTests {
    private func unit(_ boundary: AtspiTextBoundary, _ text: String, _ offset: Int, _ pick: String = "at") -> String {
        let scalars = Array(text.unicodeScalars)
        let range =
            switch pick {
            case "before": boundary.range(before: offset, in: scalars)
            case "after": boundary.range(after: offset, in: scalars)
            default: boundary.range(at: offset, in: scalars)
            }
        return String(String.UnicodeScalarView(scalars[range]))
    }

    @Test("Characters: the one at the offset, before and after it; nothing at or past the end")
    func characters() {
        #expect(unit(.character, "abc", 1) == "b")
        #expect(unit(.character, "abc", 1, "before") == "a" && unit(.character, "abc", 1, "after") == "c")
        #expect(unit(.character, "abc", 3) == "" && unit(.character, "abc", 0, "before") == "" && unit(.character, "abc", 2, "after") == "")
    }

    @Test("Word starts take the word with the spaces after it; word ends the word with the spaces before it")
    func words() {
        let text = "hello  big world"
        #expect(unit(.wordStart, text, 2) == "hello  ")
        #expect(unit(.wordStart, text, 6) == "hello  ", "in the spaces: the word before them")
        #expect(unit(.wordStart, text, 7) == "big ")
        #expect(unit(.wordStart, text, 2, "after") == "big " && unit(.wordStart, text, 8, "before") == "hello  ")
        #expect(unit(.wordEnd, text, 2) == "hello")
        #expect(unit(.wordEnd, text, 7) == "  big")
        #expect(unit(.wordEnd, text, 14) == " world")
        #expect(unit(.wordStart, "", 0) == "" && unit(.wordEnd, "", 0) == "")
    }

    @Test("Sentences end after . ! or ? and a space; lines at line breaks")
    func sentencesAndLines() {
        let text = "One. Two! Three"
        #expect(unit(.sentenceStart, text, 1) == "One. ")
        #expect(unit(.sentenceStart, text, 6) == "Two! ")
        #expect(unit(.sentenceStart, text, 12) == "Three")
        #expect(unit(.sentenceEnd, text, 6) == " Two!")
        #expect(unit(.lineStart, "a\nbc\nd", 3) == "bc\n")
        #expect(unit(.lineEnd, "a\nbc\nd", 3) == "\nbc")
        #expect(unit(.lineStart, "single line", 4) == "single line")
    }

    @Test("GetStringAtOffset's units leave out the spaces around them; between words it is empty")
    func granularities() {
        let scalars = Array("say hello, world. Next".unicodeScalars)
        func string(_ granularity: AtspiTextGranularity, _ offset: Int) -> String {
            String(String.UnicodeScalarView(scalars[granularity.range(at: offset, in: scalars)]))
        }
        #expect(string(.word, 5) == "hello" && string(.word, 10) == "" && string(.character, 0) == "s")
        #expect(string(.sentence, 2) == "say hello, world." && string(.sentence, 19) == "Next")
        #expect(string(.line, 3) == "say hello, world. Next" && string(.paragraph, 0) == string(.line, 0))
    }

    @Test("Unknown boundary types and granularities are errors naming the value")
    func badValues() {
        #expect(throws: AccessibilityError.invalidArgument("text boundary type 9 does not exist; use 0 (char) … 6 (line end)")) {
            try AtspiTextBoundary(wire: 9)
        }
        #expect(throws: AccessibilityError.self) { try AtspiTextGranularity(wire: 5) }
    }
}
