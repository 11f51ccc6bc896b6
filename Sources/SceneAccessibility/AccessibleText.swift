import SceneCore

/// A view's text as assistive technologies see it (`org.a11y.atspi.Text`): a ``SceneCore/Label``'s
/// text, or a ``SceneCore/TextField``'s displayed text (bullets with secure entry) and caret. Read
/// from the model at the time of the call; offsets count Unicode scalars.
@MainActor
struct AccessibleText {
    let view: View
    /// The text as shown.
    let string: String
    /// The caret offset (0 for labels, which have none).
    let caret: Int
    /// Whether the text can be edited now (an enabled text field).
    let isEditable: Bool
    /// How many Unicode scalars the text has.
    let count: Int
    /// Whether every scalar is one UTF-8 byte (offsets are then byte offsets: no decoding to find them).
    private let isASCII: Bool

    /// The text of `view`, or nil when it has none (not a label or a text field).
    init?(_ view: View) {
        switch view {
        case let field as TextField:
            string = field.displayedText
            caret = field.caretOffset
            isEditable = field.isEnabled
        case let label as Label:
            string = label.text ?? ""
            caret = 0
            isEditable = false
        default:
            return nil
        }
        self.view = view
        isASCII = Self.isASCII(string)
        count = isASCII ? string.utf8.count : string.unicodeScalars.count
    }

    /// Whether every byte of `string` is ASCII. Nonisolated with a plain loop: a closure written in
    /// this main-actor type would check its executor on each of the text's bytes.
    private nonisolated static func isASCII(_ string: String) -> Bool {
        for byte in string.utf8 where byte >= 0x80 { return false }
        return true
    }

    /// The scalars, for the text units (words, sentences, lines), made on each use.
    var scalars: [Unicode.Scalar] { Array(string.unicodeScalars) }

    /// The index of scalar offset `offset` (0…``count``).
    private func index(_ offset: Int) -> String.Index {
        isASCII
            ? string.utf8.index(string.startIndex, offsetBy: offset)
            : string.unicodeScalars.index(string.startIndex, offsetBy: offset)
    }

    /// The scalar at `offset` (0..<``count``).
    func scalar(at offset: Int) -> Unicode.Scalar {
        string.unicodeScalars[index(offset)]
    }

    /// The text between `range`'s offsets (the whole text without copying it).
    func substring(_ range: Range<Int>) -> String {
        if range.lowerBound == 0 && range.upperBound == count { return string }
        return String(string.unicodeScalars[index(range.lowerBound)..<index(range.upperBound)])
    }

    /// An offset clients pass: 0…``count``.
    ///
    /// - Throws: ``AccessibilityError`` (`InvalidArgument`) naming the offset, the view and the range.
    func offset(_ value: Int32, _ what: String = "offset") throws(AccessibilityError) -> Int {
        guard value >= 0, Int(value) <= count else {
            throw .invalidArgument("\(what) \(value) is outside the text of \(ViewReference.reference(for: view)) (0…\(count))")
        }
        return Int(value)
    }

    /// A range clients pass as start and end offsets, end -1 meaning the end of the text.
    ///
    /// - Throws: ``AccessibilityError`` (`InvalidArgument`) naming the offsets when either is outside
    ///   the text or the end comes before the start.
    func range(_ start: Int32, _ end: Int32) throws(AccessibilityError) -> Range<Int> {
        let lower = try offset(start, "start offset")
        let upper = end == -1 ? count : try offset(end, "end offset")
        guard upper >= lower else {
            throw .invalidArgument(
                "end offset \(end) comes before start offset \(start) in the text of \(ViewReference.reference(for: view))")
        }
        return lower..<upper
    }
}
