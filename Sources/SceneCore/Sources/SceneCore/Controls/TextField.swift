/// A single-line text input: UIKit's `UITextField`.
///
/// It becomes first responder when tapped (or focused from the keyboard [FO-3]) and then takes typed
/// text (``insertText(_:)``, from the keyboard's input method, `Window1.TypeText` or an assistive
/// tool) and editing keys (Backspace, Delete, the arrows, Home, End, Return) [TF-1 … TF-7]. Every edit
/// goes through ``replaceText(in:with:)``: one path, one set of events (`editingChanged`, observers'
/// ``ApplicationObserver/textDidChange(in:_:)``). Setting ``text`` from code sends no control events,
/// as in UIKit.
///
/// Offsets (``caretOffset``, ranges) count Unicode scalars; Backspace removes a whole character.
@MainActor
open class TextField: Control, KeyInput {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    /// The text. Setting it from code moves the caret to the end and sends no control events.
    public var text: String = "" {
        didSet {
            guard oldValue != text, !isApplyingEdit else { return }
            caretOffset = text.scalarCount
            notifyTextChange(from: oldValue, to: text)
            notifyTextChange(.caretMoved(offset: caretOffset))
            notifyAccessibilityChange(.value)
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }

    /// Shown (and given to assistive technologies) while the text is empty.
    public var placeholder: String? {
        didSet {
            guard oldValue != placeholder else { return }
            notifyAccessibilityChange(.description)
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }

    /// Default: the system font at 17 points.
    public var font: Font = .systemFont(ofSize: Font.labelFontSize) {
        didSet { if oldValue != font { setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    }

    /// Default: ``Color/label`` (black).
    public var textColor: Color = .label {
        didSet { if oldValue != textColor { setNeedsDisplay() } }
    }

    /// When true the characters are not shown: ``displayedText`` is one bullet per character, and
    /// assistive technologies see a password field.
    public var isSecureTextEntry: Bool = false {
        didSet {
            guard oldValue != isSecureTextEntry else { return }
            notifyAccessibilityChange(.role)
            setNeedsDisplay()
        }
    }

    /// Where typed text goes, in Unicode scalars from the start (0…`text.scalarCount`).
    public private(set) var caretOffset: Int = 0

    /// Presses whose `began` the field handled; their later phases end here too.
    private var handledPresses: Set<ObjectIdentifier> = []

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// A field with `text` and `frame`.
    public convenience init(frame: Rect, text: String, placeholder: String? = nil) {
        self.init(frame: frame)
        self.text = text
        self.placeholder = placeholder
    }

    // MARK: What is shown

    /// The text as shown: ``text``, or one bullet (`•`) per character with secure entry.
    public var displayedText: String {
        isSecureTextEntry ? String(repeating: "\u{2022}", count: text.scalarCount) : text
    }

    /// Whether the field is being edited: it is its window's first responder [TF-1].
    public var isEditing: Bool { isFirstResponder }

    override var defaultAccessibilityRole: AccessibilityRole { isSecureTextEntry ? .passwordText : .entry }

    /// The least height of ``intrinsicContentSize``: UIKit's rounded-rect field at the default font.
    public static let minimumIntrinsicHeight: Double = 34

    /// The longer of the displayed text and the placeholder on one line, with the insets and the
    /// caret; one line of the font with 4 points above and below, at least
    /// ``minimumIntrinsicHeight`` [LY-6]. None without a text measurer.
    open override var intrinsicContentSize: Size {
        guard let measurer = textMeasurer else { return Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }
        let style = textStyle
        let text = measurer.size(of: displayedText, style: style, width: nil).width
        let placeholder = placeholder.map { measurer.size(of: $0, style: style, width: nil).width } ?? 0
        let line = measurer.size(of: "Ag", style: style, width: nil).height
        return View.roundedUp(Size(
            width: Swift.max(text, placeholder) + 2 * Self.textInset + Self.caretWidth,
            height: Swift.max(Self.minimumIntrinsicHeight, line + 8)))
    }

    open override var accessibilityValue: String? {
        get { super.accessibilityValue ?? displayedText }
        set { super.accessibilityValue = newValue }
    }

    open override var accessibilityHint: String? {
        get { super.accessibilityHint ?? placeholder }
        set { super.accessibilityHint = newValue }
    }

    /// Draws the box, the text (or the dimmed placeholder) and, while editing, the caret [TF-6].
    open override func draw(_ rect: Rect, in context: any GraphicsContext) {
        drawField(in: context)
    }

    // MARK: First responder [TF-1]

    /// An enabled field can become first responder.
    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// Becomes first responder; on the change, editing begins (`editingDidBegin`) with the caret at
    /// the end of the text [TF-1]. Then, editing or already editing, the field's window becomes its
    /// scene's key window, so that typed text reaches the field [TF-7].
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        let wasEditing = isFirstResponder
        guard super.becomeFirstResponder() else { return false }
        if !wasEditing {
            moveCaret(to: text.scalarCount)
            setNeedsDisplay()
            sendActions(for: .editingDidBegin, event: nil)
        }
        // An editingDidBegin action may have moved the field, or resigned it.
        if isFirstResponder { window?.makeKey() }
        return true
    }

    /// Resigns first responder; on the change, editing ends (`editingDidEnd`) [TF-1].
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        let wasEditing = isFirstResponder
        guard super.resignFirstResponder() else { return false }
        if wasEditing {
            setNeedsDisplay()
            sendActions(for: .editingDidEnd, event: nil)
        }
        return true
    }

    /// Activation (Space on the focused field, an assistive tool's click) starts editing [KB-5].
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        return becomeFirstResponder()
    }

    /// A tap that lifts inside sends the control's up events and then makes the field first
    /// responder [TF-1].
    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        let inside = touches.first.map { isTouchInsideTrackingArea($0) } ?? false
        let wasTracking = isTracking
        super.touchesEnded(touches, with: event)
        if isEnabled, wasTracking, inside { becomeFirstResponder() }
    }

    // MARK: Editing [TF-2 … TF-4]

    /// Replaces the text in `range` (Unicode scalar offsets) with `replacement`, as the user does;
    /// the caret ends after the inserted text. Observers hear the deletion, the insertion and the caret
    /// move; `editingChanged` is sent once when the text changed [TF-2].
    ///
    /// - Throws: ``TextEditError`` (nothing changed): the field is disabled, `range` is not within
    ///   0…`text.scalarCount`, or `replacement` holds a control character or noncharacter.
    public func replaceText(in range: Range<Int>, with replacement: String) throws(TextEditError) {
        guard isEnabled else {
            throw TextEditError(code: .notEditable, message: "the text field \(ViewReference.describe(self)) is disabled; it takes no text")
        }
        let count = text.scalarCount
        guard range.lowerBound >= 0, range.upperBound <= count else {
            throw TextEditError(
                code: .offsetOutOfRange,
                message: "range \(range.lowerBound)..<\(range.upperBound) is outside the text of \(ViewReference.describe(self)) (0…\(count))")
        }
        try TextValidation.checkSingleLine(replacement)
        applyEdit(in: range, with: replacement)
    }

    /// Moves the caret to `offset` [TF-3].
    ///
    /// - Throws: ``TextEditError`` when `offset` is outside 0…`text.scalarCount` (the caret stays).
    public func setCaretOffset(_ offset: Int) throws(TextEditError) {
        let count = text.scalarCount
        guard offset >= 0, offset <= count else {
            throw TextEditError(
                code: .offsetOutOfRange,
                message: "caret offset \(offset) is outside the text of \(ViewReference.describe(self)) (0…\(count))")
        }
        moveCaret(to: offset)
    }

    /// Whether there is text to delete.
    public var hasText: Bool { !text.isEmpty }

    /// Types `text` at the caret [TF-2, KB-4]: a line break (`\n`, `\r`) acts as Return [TF-4];
    /// other control characters and noncharacters are dropped. A disabled field takes nothing.
    public func insertText(_ text: String) {
        guard isEnabled else { return }
        var pending = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                insertAtCaret(pending)
                pending = ""
                returnKeyPressed()
            } else if !TextValidation.isControl(scalar) && !scalar.properties.isNoncharacterCodePoint {
                pending.unicodeScalars.append(scalar)
            }
        }
        insertAtCaret(pending)
    }

    /// Deletes the character (grapheme cluster) before the caret [TF-2].
    public func deleteBackward() {
        guard isEnabled, caretOffset > 0 else { return }
        let before = String(text.unicodeScalars[..<text.scalarIndex(caretOffset)])
        let length = before.last.map { String($0).scalarCount } ?? 1
        applyEdit(in: (caretOffset - length)..<caretOffset, with: "")
    }

    /// Deletes the character after the caret [TF-2].
    public func deleteForward() {
        guard isEnabled, caretOffset < text.scalarCount else { return }
        let after = String(text.unicodeScalars[text.scalarIndex(caretOffset)...])
        let length = after.first.map { String($0).scalarCount } ?? 1
        applyEdit(in: caretOffset..<(caretOffset + length), with: "")
    }

    /// Return: sends `primaryActionTriggered` and `editingDidEndOnExit`; when an action is
    /// registered for `editingDidEndOnExit`, editing ends (the field resigns) [TF-4].
    public func returnKeyPressed() {
        guard isEnabled else { return }
        sendActions(for: [.primaryActionTriggered, .editingDidEndOnExit], event: nil)
        if hasActions(for: .editingDidEndOnExit) { resignFirstResponder() }
    }

    // MARK: Keys [TF-5]

    /// While editing, the field handles its editing keys (Backspace, Delete, Left, Right, Up, Down,
    /// Home, End, Return) and the keys that type text (their text arrives through ``insertText(_:)``);
    /// other keys (Tab, Escape, shortcuts) go up the chain [TF-5].
    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        guard let press = presses.first, let key = press.key, isEditing, isEnabled, handle(key) else {
            super.pressesBegan(presses, with: event)
            return
        }
        handledPresses.insert(ObjectIdentifier(press))
    }

    open override func pressesChanged(_ presses: Set<Press>, with event: Event?) {
        guard let press = presses.first, handledPresses.contains(ObjectIdentifier(press)) else {
            super.pressesChanged(presses, with: event)
            return
        }
    }

    open override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
        guard let press = presses.first, handledPresses.remove(ObjectIdentifier(press)) != nil else {
            super.pressesEnded(presses, with: event)
            return
        }
    }

    open override func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
        guard let press = presses.first, handledPresses.remove(ObjectIdentifier(press)) != nil else {
            super.pressesCancelled(presses, with: event)
            return
        }
    }

    /// Performs an editing key; false for keys the field leaves to the chain.
    private func handle(_ key: Key) -> Bool {
        let modifiers = key.modifierFlags.subtracting([.alphaShift, .numericPad, .shift])
        switch key.keyCode {
        case .keyboardDeleteOrBackspace:
            deleteBackward()
        case .keyboardDeleteForward:
            deleteForward()
        case .keyboardLeftArrow:
            moveCaret(to: modifiers.contains(.command) ? 0 : characterBoundary(before: caretOffset))
        case .keyboardRightArrow:
            moveCaret(to: modifiers.contains(.command) ? text.scalarCount : characterBoundary(after: caretOffset))
        case .keyboardHome, .keyboardUpArrow:
            moveCaret(to: 0)
        case .keyboardEnd, .keyboardDownArrow:
            moveCaret(to: text.scalarCount)
        case .keyboardReturnOrEnter, .keypadEnter:
            returnKeyPressed()
        default:
            return !key.typedText.isEmpty
        }
        return true
    }

    // MARK: Internals

    private func insertAtCaret(_ text: String) {
        guard !text.isEmpty else { return }
        applyEdit(in: caretOffset..<caretOffset, with: text)
    }

    /// The one editing path: replaces `range` (already validated) and tells everyone.
    private func applyEdit(in range: Range<Int>, with replacement: String) {
        let scalars = text.unicodeScalars
        let lower = text.scalarIndex(range.lowerBound), upper = text.scalarIndex(range.upperBound)
        let removed = String(scalars[lower..<upper])
        guard !removed.isEmpty || !replacement.isEmpty else { return }
        var updated = String.UnicodeScalarView()
        updated.append(contentsOf: scalars[..<lower])
        updated.append(contentsOf: replacement.unicodeScalars)
        updated.append(contentsOf: scalars[upper...])
        withoutTextObservation { self.text = String(updated) }
        caretOffset = range.lowerBound + replacement.scalarCount
        if !removed.isEmpty { notifyTextChange(.deleted(offset: range.lowerBound, text: removed)) }
        if !replacement.isEmpty { notifyTextChange(.inserted(offset: range.lowerBound, text: replacement)) }
        notifyTextChange(.caretMoved(offset: caretOffset))
        notifyAccessibilityChange(.value)
        setNeedsDisplay()
        invalidateIntrinsicContentSize()  // [LY-6] typed text changes the field's natural width
        sendActions(for: .editingChanged, event: nil)
    }

    private func moveCaret(to offset: Int) {
        let clamped = Swift.min(Swift.max(0, offset), text.scalarCount)
        guard clamped != caretOffset else { return }
        caretOffset = clamped
        notifyTextChange(.caretMoved(offset: clamped))
        if isEditing { setNeedsDisplay() }
    }

    private func characterBoundary(before offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        let before = String(text.unicodeScalars[..<text.scalarIndex(offset)])
        return offset - (before.last.map { String($0).scalarCount } ?? 1)
    }

    private func characterBoundary(after offset: Int) -> Int {
        let count = text.scalarCount
        guard offset < count else { return count }
        let after = String(text.unicodeScalars[text.scalarIndex(offset)...])
        return offset + (after.first.map { String($0).scalarCount } ?? 1)
    }

    private var isApplyingEdit = false

    private func withoutTextObservation(_ body: () -> Void) {
        isApplyingEdit = true
        body()
        isApplyingEdit = false
    }
}
