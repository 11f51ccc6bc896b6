/// An on/off switch: UIKit's `UISwitch`. A tap that lifts inside flips it and sends `valueChanged`
/// after `touchUpInside` [UC-5]. Ancestor single taps and pans do not begin on it [UC-7].
@MainActor
open class Switch: Control {
    /// The value. Setting it from code sends no events, as in UIKit.
    public var isOn: Bool = false {
        didSet { if oldValue != isOn { notifyAccessibilityChange(.value) } }
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Sets the value without sending events.
    public func setOn(_ on: Bool, animated: Bool = false) {
        isOn = on
    }

    override var defaultAccessibilityRole: AccessibilityRole { .toggleButton }

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
}
