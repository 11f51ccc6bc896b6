/// A push button: UIKit's `UIButton`.
///
/// A tap that lifts inside sends `touchUpInside` and `primaryActionTriggered` in one dispatch, in
/// registration order [UC-5]. An ancestor's single-finger single-tap recognizer does not begin on the
/// button's own tap [UC-7]; a recognizer attached to the button itself wins over it [UC-7, §9/18].
///
/// Its look follows its state: the title and title colour set for the current state (falling back
/// to the normal state's), centered in one line in ``font``. While highlighted (a tracked touch is
/// inside) the background is darkened and the default title colour fades; when disabled the default
/// title is grey and the background is washed out. The default title colour is the ``tintColor``.
@MainActor
open class Button: Control {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: Color] = [:]

    /// The title's font. Default: the system font at 15 points.
    public var font: Font = .systemFont(ofSize: Font.buttonFontSize) {
        didSet { if oldValue != font { setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// A button with `title` (for the normal state) and `frame`.
    public convenience init(frame: Rect, title: String?) {
        self.init(frame: frame)
        setTitle(title, for: .normal)
    }

    /// The title of the normal state (what `setTitle(_:for: .normal)` sets).
    public var title: String? {
        get { titles[State.normal.rawValue] }
        set { setTitle(newValue, for: .normal) }
    }

    /// Sets the title shown in `state`; nil falls back to the normal state's.
    public func setTitle(_ title: String?, for state: State) {
        guard titles[state.rawValue] != title else { return }
        titles[state.rawValue] = title
        notifyAccessibilityChange(.name)
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    /// The title shown in `state`: the one set for it, else the normal state's.
    public func title(for state: State) -> String? {
        titles[state.rawValue] ?? titles[State.normal.rawValue]
    }

    /// The title shown now.
    public var currentTitle: String? { title(for: state) }

    /// Sets the title colour used in `state`; nil returns to the default.
    public func setTitleColor(_ color: Color?, for state: State) {
        guard titleColors[state.rawValue] != color else { return }
        titleColors[state.rawValue] = color
        setNeedsDisplay()
    }

    /// The title colour in `state`: the one set for it; else, for highlighted, the normal colour at
    /// 30 % opacity; for disabled, ``Color/systemGray3``; else the normal colour (default: the tint).
    public func titleColor(for state: State) -> Color {
        if let color = titleColors[state.rawValue] { return color }
        let normal = titleColors[State.normal.rawValue] ?? tintColor ?? .tint
        if state.contains(.disabled) { return .systemGray3 }
        if state.contains(.highlighted) { return normal.withAlphaComponent(normal.alpha * 0.3) }
        return normal
    }

    /// The title colour shown now.
    public var currentTitleColor: Color { titleColor(for: state) }

    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? currentTitle }
        set { super.accessibilityLabel = newValue }
    }

    override var defaultAccessibilityRole: AccessibilityRole { .pushButton }

    /// The least height (and the width without a title) of ``intrinsicContentSize`` [LY-6].
    public static let minimumIntrinsicLength: Double = 30

    /// The current title on one line, rounded up to whole points, at least
    /// ``minimumIntrinsicLength`` high; ``minimumIntrinsicLength`` square without a title [LY-6]. No
    /// width without a text measurer.
    open override var intrinsicContentSize: Size {
        let minimum = Self.minimumIntrinsicLength
        guard let title = currentTitle, !title.isEmpty else { return Size(width: minimum, height: minimum) }
        guard let measurer = textMeasurer else { return Size(width: View.noIntrinsicMetric, height: minimum) }
        let style = TextStyle(font: font, color: currentTitleColor, alignment: .center, lineBreakMode: .byTruncatingMiddle, numberOfLines: 1)
        let size = View.roundedUp(measurer.size(of: title, style: style, width: nil))
        return Size(width: size.width, height: Swift.max(minimum, size.height))
    }

    /// The intrinsic size, on axes where there is one [LY-6].
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicOrCurrentSize }

    /// Sends `primaryActionTriggered`, as a tap would [UC-5].
    public func performPrimaryAction() {
        sendActions(for: .primaryActionTriggered)
    }

    override func upEvents(_ events: Events) -> Events {
        events.contains(.touchUpInside) ? events.union(.primaryActionTriggered) : events
    }

    override func overlapsOwnAction(_ gestureRecognizer: GestureRecognizer) -> Bool {
        gestureRecognizer.isSingleFingerSingleTap
    }

    /// The state overlay over the background, then the title.
    open override func draw(_ rect: Rect, in context: any GraphicsContext) {
        let bounds = self.bounds
        if backgroundColor != nil, let overlay = stateOverlay {
            context.fill(bounds, cornerRadius: cornerRadius, with: overlay)
        }
        guard let title = currentTitle, !title.isEmpty else { return }
        let style = TextStyle(
            font: font, color: currentTitleColor, alignment: .center, lineBreakMode: .byTruncatingMiddle, numberOfLines: 1)
        let size = context.measureText(title, style: style, width: bounds.width)
        let height = Swift.min(size.height, bounds.height)
        context.drawText(title, in: Rect(x: bounds.minX, y: bounds.midY - height / 2, width: bounds.width, height: height), style: style)
    }

    /// Darkens the background while highlighted, washes it out while disabled.
    private var stateOverlay: Color? {
        if !isEnabled { return Color(white: 1, alpha: 0.55) }
        if isHighlighted { return Color(white: 0, alpha: 0.25) }
        return nil
    }
}
