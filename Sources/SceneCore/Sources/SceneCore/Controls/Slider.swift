/// A horizontal slider: UIKit's `UISlider`. Tracking starts only on the thumb (grown by
/// ``thumbTouchSlop``); dragging moves the value with the finger, keeping the offset at which the
/// thumb was grabbed. `valueChanged` is sent on every change while tracking when ``isContinuous``,
/// otherwise once when the touch lifts. Ancestor swipes do not begin on the thumb [UC-7].
///
/// It draws UIKit's look: a 4-point rounded track across its bounds, filled with
/// ``minimumTrackTintColor`` (default: the tint) left of the thumb and ``maximumTrackTintColor``
/// (default: light grey) right of it, and a white thumb of ``thumbDiameter``; half transparent when
/// disabled.
@MainActor
open class Slider: Control {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    /// Diameter of the thumb, in points.
    public static let thumbDiameter: Double = 28
    /// Points around the thumb that still grab it.
    public static let thumbTouchSlop: Double = 10

    public var minimumValue: Double = 0 {
        didSet {
            value = clamp(value)
            setNeedsDisplay()
        }
    }
    public var maximumValue: Double = 1 {
        didSet {
            value = clamp(value)
            setNeedsDisplay()
        }
    }
    /// The value, always within `minimumValue...maximumValue`. Setting it from code sends no events.
    public var value: Double = 0 {
        didSet {
            let clamped = clamp(value)
            if clamped != value { value = clamped }
            if oldValue != value {
                notifyAccessibilityChange(.value)
                setNeedsDisplay()
            }
        }
    }
    /// The track left of the thumb. Default: the ``tintColor``.
    public var minimumTrackTintColor: Color? {
        didSet { if oldValue != minimumTrackTintColor { setNeedsDisplay() } }
    }
    /// The track right of the thumb. Default ``Color/systemGray5``.
    public var maximumTrackTintColor: Color? {
        didSet { if oldValue != maximumTrackTintColor { setNeedsDisplay() } }
    }
    /// The thumb. Default white.
    public var thumbTintColor: Color? {
        didSet { if oldValue != thumbTintColor { setNeedsDisplay() } }
    }
    /// The height of the track, in points.
    public static let trackHeight: Double = 4
    /// Send `valueChanged` during tracking (true) or only at the end (false).
    public var isContinuous = true

    private var grabOffset: Double = 0
    private var valueAtBegin: Double = 0

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Sets the value without sending events.
    public func setValue(_ newValue: Double, animated: Bool = false) {
        value = newValue
    }

    override var defaultAccessibilityRole: AccessibilityRole { .slider }

    /// The height of ``intrinsicContentSize``: the thumb and a point and a half above and below it.
    public static let intrinsicHeight: Double = thumbDiameter + 3

    /// No width (a slider is as long as it is made) and ``intrinsicHeight`` [LY-6].
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: Self.intrinsicHeight) }

    /// The width asked for (the current one when that is not positive) and ``intrinsicHeight`` [LY-6].
    open override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width > 0 && size.width.isFinite ? size.width : bounds.width, height: Self.intrinsicHeight)
    }

    /// A slider has no activation: Space and Return do nothing, the arrow keys move it [KB-3].
    open override func accessibilityActivate() -> Bool { false }

    /// Moves the value up by ``InteractionDefaults/sliderStepFraction`` of the range and sends
    /// `valueChanged` when it changed [KB-3].
    open override func accessibilityIncrement() {
        step(by: 1)
    }

    /// Moves the value down by one step and sends `valueChanged` when it changed [KB-3].
    open override func accessibilityDecrement() {
        step(by: -1)
    }

    private func step(by steps: Double) {
        guard isEnabled else { return }
        let old = value
        value = clamp(value + steps * (maximumValue - minimumValue) * InteractionDefaults.sliderStepFraction)
        if value != old { sendActions(for: .valueChanged) }
    }

    open override var accessibilityValue: String? {
        get { super.accessibilityValue ?? value.compactDescription }
        set { super.accessibilityValue = newValue }
    }

    /// The thumb's centre x for `value`, in bounds coordinates.
    public func thumbCenterX(for value: Double) -> Double {
        let range = maximumValue - minimumValue
        let fraction = range > 0 ? (value - minimumValue) / range : 0
        let track = Swift.max(0, bounds.width - Slider.thumbDiameter)
        return bounds.minX + Slider.thumbDiameter / 2 + fraction * track
    }

    /// The thumb's rectangle, in bounds coordinates.
    public var thumbRect: Rect {
        let centerX = thumbCenterX(for: value)
        return Rect(
            x: centerX - Slider.thumbDiameter / 2, y: bounds.midY - Slider.thumbDiameter / 2,
            width: Slider.thumbDiameter, height: Slider.thumbDiameter)
    }

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        let location = touch.location(in: self)
        guard thumbRect.insetBy(dx: -Slider.thumbTouchSlop, dy: -Slider.thumbTouchSlop).contains(location) else {
            return false
        }
        grabOffset = location.x - thumbCenterX(for: value)
        valueAtBegin = value
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        let old = value
        value = value(forThumbCenterX: touch.location(in: self).x - grabOffset)
        if isContinuous, value != old { sendActions(for: .valueChanged, event: event) }
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        if let touch {
            value = value(forThumbCenterX: touch.location(in: self).x - grabOffset)
        }
        if !isContinuous, value != valueAtBegin { sendActions(for: .valueChanged, event: event) }
    }

    private func value(forThumbCenterX x: Double) -> Double {
        let track = bounds.width - Slider.thumbDiameter
        guard track > 0 else { return value }
        let fraction = (x - bounds.minX - Slider.thumbDiameter / 2) / track
        return clamp(minimumValue + fraction * (maximumValue - minimumValue))
    }

    private func clamp(_ candidate: Double) -> Double {
        guard candidate.isFinite else { return minimumValue }
        return Swift.min(maximumValue, Swift.max(minimumValue, candidate))
    }

    open override func draw(_ rect: Rect, in context: any GraphicsContext) {
        if !isEnabled { context.beginTransparencyLayer(alpha: 0.5) }
        let bounds = self.bounds
        let thumb = thumbRect
        let inset = Slider.thumbDiameter / 2 - Slider.trackHeight / 2
        let track = Rect(
            x: bounds.minX + inset, y: bounds.midY - Slider.trackHeight / 2, width: Swift.max(0, bounds.width - 2 * inset),
            height: Slider.trackHeight)
        let split = Swift.min(track.maxX, Swift.max(track.minX, thumb.midX))
        let radius = Slider.trackHeight / 2
        context.fill(
            Path(roundedRect: Rect(x: split - radius, y: track.minY, width: track.maxX - split + radius, height: track.height), cornerRadius: radius),
            with: maximumTrackTintColor ?? .systemGray5)
        context.fill(
            Path(roundedRect: Rect(x: track.minX, y: track.minY, width: split - track.minX + radius, height: track.height), cornerRadius: radius),
            with: minimumTrackTintColor ?? tintColor ?? .tint)
        context.fillEllipse(in: thumb, with: Color(white: 0, alpha: 0.08))
        context.fillEllipse(in: thumb.insetBy(dx: 0.5, dy: 0.5), with: thumbTintColor ?? .white)
        if !isEnabled { context.endTransparencyLayer() }
    }

    override func overlapsOwnAction(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard gestureRecognizer.isSingleFingerHorizontalSwipe || gestureRecognizer.isSingleFingerPan,
            let start = gestureRecognizer.initialLocation(in: self)
        else { return false }
        return thumbRect.insetBy(dx: -Slider.thumbTouchSlop, dy: -Slider.thumbTouchSlop).contains(start)
    }
}
