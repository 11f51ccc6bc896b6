/// Text units for `Text.GetTextAtOffset`/`Before`/`After` (`AtspiTextBoundaryType`) and
/// `GetStringAtOffset` (`AtspiTextGranularity`), and where they fall in a text: pure functions over
/// Unicode scalars, tested without a bus.
///
/// Words are runs of letters, digits, marks and `_`; a sentence ends after `.`, `!` or `?` followed
/// by a space or the end; lines end at `\n`. The `…_START` boundaries give the unit with the space
/// after it (from a start to the next start), the `…_END` ones the unit with the space before it
/// (from an end to the next end), as ATK defines them.
enum AtspiTextBoundary: UInt32, Sendable, CaseIterable, AtspiWireEnumeration {
    case character = 0
    case wordStart = 1
    case wordEnd = 2
    case sentenceStart = 3
    case sentenceEnd = 4
    case lineStart = 5
    case lineEnd = 6

    static func unknownWireValue(_ value: UInt32) -> String {
        "text boundary type \(value) does not exist; use 0 (char) … 6 (line end)"
    }

    /// The range of the unit at `offset` (0…count) of `scalars`.
    func range(at offset: Int, in scalars: [Unicode.Scalar]) -> Range<Int> {
        let count = scalars.count
        switch self {
        case .character:
            return offset < count ? offset..<(offset + 1) : count..<count
        case .wordStart, .sentenceStart, .lineStart:
            let marks = Self.starts(of: self, in: scalars)
            return Self.between(marks, around: offset, count: count)
        case .wordEnd, .sentenceEnd, .lineEnd:
            let marks = Self.ends(of: self, in: scalars)
            return Self.between(marks, around: offset, count: count)
        }
    }

    /// The unit before the one at `offset` (empty at the start).
    func range(before offset: Int, in scalars: [Unicode.Scalar]) -> Range<Int> {
        let at = range(at: offset, in: scalars)
        guard at.lowerBound > 0 else { return 0..<0 }
        return range(at: at.lowerBound - 1, in: scalars)
    }

    /// The unit after the one at `offset` (empty at the end).
    func range(after offset: Int, in scalars: [Unicode.Scalar]) -> Range<Int> {
        let count = scalars.count
        let at = range(at: offset, in: scalars)
        guard at.upperBound < count else { return count..<count }
        return range(at: at.upperBound, in: scalars)
    }

    /// From the last mark at or before `offset` (or 0) to the first mark after it (or the end).
    private static func between(_ marks: [Int], around offset: Int, count: Int) -> Range<Int> {
        let lower = marks.last { $0 <= offset } ?? 0
        let upper = marks.first { $0 > offset } ?? count
        return lower..<Swift.max(lower, upper)
    }

    private static func starts(of boundary: AtspiTextBoundary, in scalars: [Unicode.Scalar]) -> [Int] {
        var marks: [Int] = []
        for index in scalars.indices {
            switch boundary {
            case .wordStart:
                if isWord(scalars[index]), index == 0 || !isWord(scalars[index - 1]) { marks.append(index) }
            case .sentenceStart:
                if index == 0 || (!isSpace(scalars[index]) && sentenceEnded(before: index, in: scalars)) { marks.append(index) }
            default:
                if index == 0 || scalars[index - 1] == "\n" { marks.append(index) }
            }
        }
        return marks
    }

    private static func ends(of boundary: AtspiTextBoundary, in scalars: [Unicode.Scalar]) -> [Int] {
        var marks: [Int] = []
        for index in 0...scalars.count {
            switch boundary {
            case .wordEnd:
                if index > 0, isWord(scalars[index - 1]), index == scalars.count || !isWord(scalars[index]) { marks.append(index) }
            case .sentenceEnd:
                if index > 0, isTerminator(scalars[index - 1]), index == scalars.count || isSpace(scalars[index]) { marks.append(index) }
            default:
                if index < scalars.count, scalars[index] == "\n" { marks.append(index) }
            }
        }
        return marks
    }

    /// Whether a sentence ended before `index`: after a terminator and spaces.
    private static func sentenceEnded(before index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        var cursor = index - 1
        var sawSpace = false
        while cursor >= 0, isSpace(scalars[cursor]) {
            sawSpace = true
            cursor -= 1
        }
        return sawSpace && cursor >= 0 && isTerminator(scalars[cursor])
    }

    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil || scalar == "_"
            || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }
    private static func isTerminator(_ scalar: Unicode.Scalar) -> Bool { scalar == "." || scalar == "!" || scalar == "?" }
}

// Alike AtspiTextBoundary in shape only (`duplicates` pairs them): two AT-SPI wire enumerations, each
// with its own values, its own error message naming them and its own rule for where a unit falls.

/// `Text.GetStringAtOffset`'s units (`AtspiTextGranularity`): the unit itself, without the spaces
/// around it.
enum AtspiTextGranularity: UInt32, Sendable, CaseIterable, AtspiWireEnumeration {
    case character = 0
    case word = 1
    case sentence = 2
    case line = 3
    case paragraph = 4

    static func unknownWireValue(_ value: UInt32) -> String {
        "text granularity \(value) does not exist; use 0 (char) … 4 (paragraph)"
    }

    /// The range of the unit containing `offset`: a word or sentence without surrounding spaces, a
    /// line or paragraph without its line break; empty (at `offset`) between words.
    func range(at offset: Int, in scalars: [Unicode.Scalar]) -> Range<Int> {
        let count = scalars.count
        switch self {
        case .character:
            return AtspiTextBoundary.character.range(at: offset, in: scalars)
        case .word:
            var lower = offset, upper = offset
            while lower > 0, AtspiTextBoundary.isWord(scalars[lower - 1]) { lower -= 1 }
            while upper < count, AtspiTextBoundary.isWord(scalars[upper]) { upper += 1 }
            return lower..<upper
        case .sentence:
            let start = AtspiTextBoundary.sentenceStart.range(at: offset, in: scalars).lowerBound
            let end = AtspiTextBoundary.sentenceEnd.range(at: Swift.max(start, offset), in: scalars).upperBound
            return start..<Swift.max(start, end)
        case .line, .paragraph:
            var lower = offset, upper = offset
            while lower > 0, scalars[lower - 1] != "\n" { lower -= 1 }
            while upper < count, scalars[upper] != "\n" { upper += 1 }
            return lower..<upper
        }
    }
}
