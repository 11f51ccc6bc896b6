import SceneCore

/// A view's text as assistive technologies see it (`org.a11y.atspi.Text`): a ``SceneCore/Label``'s
/// text, or a ``SceneCore/TextField``'s displayed text (bullets with secure entry) and caret. Read
/// from the model at the time of the call; offsets count Unicode scalars.
@MainActor
struct AccessibleText {
    let view: View
    /// The text as shown.
    let string: String
    let scalars: [Unicode.Scalar]
    /// The caret offset (0 for labels, which have none).
    let caret: Int
    /// Whether the text can be edited now (an enabled text field).
    let isEditable: Bool

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
        scalars = Array(string.unicodeScalars)
    }

    var count: Int { scalars.count }

    /// The text between `range`'s offsets.
    func substring(_ range: Range<Int>) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[range])
        return String(result)
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
