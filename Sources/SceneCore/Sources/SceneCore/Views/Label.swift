/// A view that shows text. Like `UILabel` it ignores touches by default
/// (`isUserInteractionEnabled == false`, [HT-13]), so neither it nor its subviews are hit.
///
/// It draws ``text`` in ``font`` and ``textColor``, laid out in its bounds' width with
/// ``textAlignment``, at most ``numberOfLines`` lines (0: as many as fit), cut as ``lineBreakMode``
/// says (default: an ellipsis at the end), and centered vertically in its bounds as UIKit does.
@MainActor
open class Label: View {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    /// The text; also the label's accessibility name unless ``accessibilityLabel`` is set.
    public var text: String? {
        didSet {
            guard oldValue != text else { return }
            notifyAccessibilityChange(.name)
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
            notifyTextChange(from: oldValue ?? "", to: text ?? "")
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

    /// Default: ``TextAlignment/natural`` (left).
    public var textAlignment: TextAlignment = .natural {
        didSet { if oldValue != textAlignment { setNeedsDisplay() } }
    }

    /// The most lines shown; 0 means as many as the bounds hold. Default 1.
    public var numberOfLines: Int = 1 {
        didSet { if oldValue != numberOfLines { setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    }

    /// Default: ``LineBreakMode/byTruncatingTail`` (an ellipsis ends text that does not fit).
    public var lineBreakMode: LineBreakMode = .byTruncatingTail {
        didSet { if oldValue != lineBreakMode { setNeedsDisplay() } }
    }

    /// Drawn at half opacity when false. Default true.
    public var isEnabled: Bool = true {
        didSet { if oldValue != isEnabled { setNeedsDisplay() } }
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// A label with `text` and `frame`.
    public convenience init(frame: Rect, text: String?) {
        self.init(frame: frame)
        self.text = text
    }

    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? text }
        set { super.accessibilityLabel = newValue }
    }

    override var defaultAccessibilityRole: AccessibilityRole { .label }

    /// The width a multi-line label wraps at for its ``intrinsicContentSize`` [LY-6]; 0 (the
    /// default): the current width, or unwrapped while that is 0.
    public var preferredMaxLayoutWidth: Double = 0 {
        didSet { if oldValue != preferredMaxLayoutWidth { invalidateIntrinsicContentSize() } }
    }

    /// The text's size, rounded up to whole points [LY-6]: one line (as long as the text) when
    /// ``numberOfLines`` is 1, else wrapped at ``preferredMaxLayoutWidth`` (or the current width) and
    /// at most ``numberOfLines`` lines. Zero without text; none without a text measurer.
    open override var intrinsicContentSize: Size {
        let wrap = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width
        return fittingTextSize(width: numberOfLines == 1 || wrap <= 0 ? nil : wrap)
            ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// The text's size wrapped at `size.width` (one line, as long as the text, when
    /// ``numberOfLines`` is 1) [LY-6]; the current size without a text measurer.
    open override func sizeThatFits(_ size: Size) -> Size {
        fittingTextSize(width: numberOfLines == 1 || !(size.width > 0) || !size.width.isFinite ? nil : size.width) ?? bounds.size
    }

    private func fittingTextSize(width: Double?) -> Size? {
        guard let text, !text.isEmpty else { return .zero }
        guard let measurer = textMeasurer else { return nil }
        return View.roundedUp(measurer.size(of: text, style: textStyle, width: width))
    }

    /// The style the text is drawn with.
    public var textStyle: TextStyle {
        TextStyle(
            font: font, color: isEnabled ? textColor : textColor.withAlphaComponent(textColor.alpha * 0.5),
            alignment: textAlignment, lineBreakMode: lineBreakMode, numberOfLines: numberOfLines)
    }

    /// Where the text goes in the bounds: full width, as tall as the laid-out text (at most the
    /// bounds' height), centered vertically.
    public func textRect(in context: any GraphicsContext) -> Rect {
        let bounds = self.bounds
        guard let text, !text.isEmpty else { return Rect(x: bounds.minX, y: bounds.midY, width: bounds.width, height: 0) }
        let size = context.measureText(text, style: textStyle, width: bounds.width, height: bounds.height)
        let height = Swift.min(size.height, bounds.height)
        return Rect(x: bounds.minX, y: bounds.midY - height / 2, width: bounds.width, height: height)
    }

    /// Draws the text in ``textRect(in:)``.
    open override func draw(_ rect: Rect, in context: any GraphicsContext) {
        guard let text, !text.isEmpty else { return }
        context.drawText(text, in: textRect(in: context), style: textStyle)
    }
}
