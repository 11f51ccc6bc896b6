/// How a text is laid out and drawn by ``GraphicsContext/drawText(_:in:style:)``.
///
/// Two texts with equal strings and equal styles (colour aside) have the same layout, so a renderer
/// may cache layouts by (text, style without colour, width).
@frozen
public struct TextStyle: Hashable, Sendable {
    public var font: Font
    public var color: Color
    public var alignment: TextAlignment
    public var lineBreakMode: LineBreakMode
    /// The most lines drawn; 0 means as many as the box holds.
    public var numberOfLines: Int

    public init(
        font: Font = .systemFont(ofSize: Font.labelFontSize), color: Color = .label, alignment: TextAlignment = .natural,
        lineBreakMode: LineBreakMode = .byTruncatingTail, numberOfLines: Int = 1
    ) {
        self.font = font
        self.color = color
        self.alignment = alignment
        self.lineBreakMode = lineBreakMode
        self.numberOfLines = numberOfLines
    }
}
