/// A view that shows text. Like `UILabel` it ignores touches by default
/// (`isUserInteractionEnabled == false`, [HT-13]), so neither it nor its subviews are hit.
@MainActor
open class Label: View {
    /// The text; also the label's accessibility name unless ``accessibilityLabel`` is set.
    public var text: String? {
        didSet { if oldValue != text { notifyAccessibilityChange(.name) } }
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
}
