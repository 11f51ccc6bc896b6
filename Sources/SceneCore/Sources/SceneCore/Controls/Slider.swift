/// A horizontal slider: UIKit's `UISlider`. Tracking starts only on the thumb (grown by
/// ``thumbTouchSlop``); dragging moves the value with the finger, keeping the offset at which the
/// thumb was grabbed. `valueChanged` is sent on every change while tracking when ``isContinuous``,
/// otherwise once when the touch lifts. Ancestor swipes do not begin on the thumb [UC-7].
@MainActor
open class Slider: Control {
    /// Diameter of the thumb, in points.
    public static let thumbDiameter: Double = 28
    /// Points around the thumb that still grab it.
    public static let thumbTouchSlop: Double = 10

    public var minimumValue: Double = 0 {
        didSet { value = clamp(value) }
    }
    public var maximumValue: Double = 1 {
        didSet { value = clamp(value) }
    }
    /// The value, always within `minimumValue...maximumValue`. Setting it from code sends no events.
    public var value: Double = 0 {
        didSet {
            let clamped = clamp(value)
            if clamped != value { value = clamped }
            if oldValue != value { notifyAccessibilityChange(.value) }
        }
    }
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

    override func overlapsOwnAction(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard gestureRecognizer.isSingleFingerHorizontalSwipe || gestureRecognizer.isSingleFingerPan,
            let start = gestureRecognizer.initialLocation(in: self)
        else { return false }
        return thumbRect.insetBy(dx: -Slider.thumbTouchSlop, dy: -Slider.thumbTouchSlop).contains(start)
    }
}
