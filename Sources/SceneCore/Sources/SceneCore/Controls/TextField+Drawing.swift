/// The field's look: a rounded box, the text (or the placeholder, dimmed, while the text is empty)
/// left-aligned inside it and centred vertically, and while editing a caret in the tint colour.
/// Text longer than the box scrolls so the caret stays visible [TF-6].
extension TextField {
    /// Points between the box's edges and the text.
    public static let textInset = 8.0
    /// The caret's width, in points.
    public static let caretWidth = 2.0
    /// The box's corner radius, in points.
    public static let boxCornerRadius = 6.0

    /// The style the text is drawn and measured with.
    public var textStyle: TextStyle {
        TextStyle(
            font: font, color: isEnabled ? textColor : textColor.withAlphaComponent(textColor.alpha * 0.5), alignment: .left,
            lineBreakMode: .byClipping, numberOfLines: 1)
    }

    /// Where the text line goes, in bounds coordinates, and the caret's rectangle (nil when not
    /// editing), for text measured by `measure` (a single line, unlimited width): the text starts at
    /// ``textInset``, shifted left when the caret would fall beyond the box.
    public func textLayout(measuring measure: (String, TextStyle) -> Size) -> (line: Rect, caret: Rect?) {
        let bounds = self.bounds
        let shown = displayedText
        let style = textStyle
        let lineHeight = measure(shown.isEmpty ? "Ag" : shown, style).height
        let caretX = characterOffsetX(caretOffset, measuring: measure)
        let available = Swift.max(0, bounds.width - 2 * Self.textInset - Self.caretWidth)
        let scroll = Swift.max(0, caretX - available)
        let width = Swift.max(bounds.width - 2 * Self.textInset, measure(shown, style).width + Self.caretWidth)
        let line = Rect(x: bounds.minX + Self.textInset - scroll, y: bounds.midY - lineHeight / 2, width: width, height: lineHeight)
        let caret = isEditing ? Rect(x: line.minX + caretX, y: line.minY, width: Self.caretWidth, height: lineHeight) : nil
        return (line, caret)
    }

    /// The x of the boundary before character `offset` of the displayed text, from the start of the
    /// text line.
    public func characterOffsetX(_ offset: Int, measuring measure: (String, TextStyle) -> Size) -> Double {
        let prefix = String(displayedText.unicodeScalars.prefix(Swift.max(0, offset)))
        return prefix.isEmpty ? 0 : measure(prefix, textStyle).width
    }

    /// Draws the box, the text or placeholder, and the caret (``draw(_:in:)``).
    func drawField(in context: any GraphicsContext) {
        let bounds = self.bounds
        let box = Path(roundedRect: bounds.insetBy(dx: 0.5, dy: 0.5), cornerRadius: Self.boxCornerRadius)
        if backgroundColor == nil { context.fill(box, with: .systemBackground) }
        context.stroke(box, with: isEditing ? tintColor : .systemGray3, lineWidth: 1)
        context.saveGState()
        context.clip(to: bounds.insetBy(dx: Self.textInset / 2, dy: 1))
        let layout = textLayout { text, style in context.measureText(text, style: style, width: nil) }
        let shown = displayedText
        if !shown.isEmpty {
            context.drawText(shown, in: layout.line, style: textStyle)
        } else if let placeholder, !placeholder.isEmpty {
            var style = textStyle
            style.color = .tertiaryLabel
            style.lineBreakMode = .byTruncatingTail
            context.drawText(placeholder, in: Rect(x: bounds.minX + Self.textInset, y: layout.line.minY, width: bounds.width - 2 * Self.textInset, height: layout.line.height), style: style)
        }
        if let caret = layout.caret { context.fill(caret, with: tintColor) }
        context.restoreGState()
    }
}
