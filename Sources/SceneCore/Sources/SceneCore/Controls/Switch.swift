/// An on/off switch: UIKit's `UISwitch`. A tap that lifts inside flips it and sends `valueChanged`
/// after `touchUpInside` [UC-5]. Ancestor single taps and pans do not begin on it [UC-7].
///
/// It draws UIKit's look at its bounds' left, vertically centered: a 51 × 31 pill (scaled down to
/// fit smaller bounds), filled with ``onTintColor`` when on and light grey when off, and a white
/// thumb at the right end when on, the left end when off; half transparent when disabled.
@MainActor
open class Switch: Control {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    /// The size of UIKit's switch, in points.
    public static let standardSize = Size(width: 51, height: 31)

    /// The value. Setting it from code sends no events, as in UIKit.
    public var isOn: Bool = false {
        didSet {
            guard oldValue != isOn else { return }
            notifyAccessibilityChange(.value)
            setNeedsDisplay()
        }
    }

    /// The track's colour when on. Default ``Color/systemGreen``.
    public var onTintColor: Color? {
        didSet { if oldValue != onTintColor { setNeedsDisplay() } }
    }

    /// The thumb's colour. Default white.
    public var thumbTintColor: Color? {
        didSet { if oldValue != thumbTintColor { setNeedsDisplay() } }
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Sets the value without sending events.
    public func setOn(_ on: Bool, animated: Bool = false) {
        isOn = on
    }

    override var defaultAccessibilityRole: AccessibilityRole { .toggleButton }

    /// ``standardSize`` [LY-6].
    open override var intrinsicContentSize: Size { Self.standardSize }

    /// ``standardSize`` [LY-6].
    open override func sizeThatFits(_ size: Size) -> Size { Self.standardSize }

    open override var accessibilityValue: String? {
        get { super.accessibilityValue ?? (isOn ? "1" : "0") }
        set { super.accessibilityValue = newValue }
    }

    override func didEndTracking(inside: Bool, event: Event?) {
        guard inside else { return }
        isOn.toggle()
        sendActions(for: .valueChanged, event: event)
    }

    override func overlapsOwnAction(_ gestureRecognizer: GestureRecognizer) -> Bool {
        gestureRecognizer.isSingleFingerSingleTap || gestureRecognizer.isSingleFingerPan
    }

    /// The pill, in bounds coordinates.
    public var trackRect: Rect {
        let bounds = self.bounds
        let factor = Swift.min(1, bounds.width / Switch.standardSize.width, bounds.height / Switch.standardSize.height)
        let size = Size(width: Switch.standardSize.width * factor, height: Switch.standardSize.height * factor)
        return Rect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The thumb, in bounds coordinates.
    public var thumbRect: Rect {
        let track = trackRect
        let inset = track.height * 2 / 31
        let diameter = track.height - 2 * inset
        let x = isOn ? track.maxX - inset - diameter : track.minX + inset
        return Rect(x: x, y: track.minY + inset, width: diameter, height: diameter)
    }

    open override func draw(_ rect: Rect, in context: any GraphicsContext) {
        if !isEnabled { context.beginTransparencyLayer(alpha: 0.5) }
        let track = trackRect
        let trackColor = isOn ? (onTintColor ?? .systemGreen) : Color.systemGray5
        context.fill(track, cornerRadius: track.height / 2, with: trackColor)
        let thumb = thumbRect
        context.fillEllipse(in: thumb, with: thumbTintColor ?? .white)
        context.strokeEllipse(in: thumb.insetBy(dx: 0.25, dy: 0.25), with: Color(white: 0, alpha: 0.12), lineWidth: 0.5)
        if !isEnabled { context.endTransparencyLayer() }
    }
}
