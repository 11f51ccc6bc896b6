/// A push button: UIKit's `UIButton`.
///
/// A tap that lifts inside sends `touchUpInside` and `primaryActionTriggered` in one dispatch, in
/// registration order [UC-5]. An ancestor's single-finger single-tap recognizer does not begin on the
/// button's own tap [UC-7]; a recognizer attached to the button itself wins over it [UC-7, §9/18].
@MainActor
open class Button: Control {
    /// The title; also the accessibility name unless ``accessibilityLabel`` is set.
    public var title: String? {
        didSet { if oldValue != title { notifyAccessibilityChange(.name) } }
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// A button with `title` and `frame`.
    public convenience init(frame: Rect, title: String?) {
        self.init(frame: frame)
        self.title = title
    }

    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? title }
        set { super.accessibilityLabel = newValue }
    }

    override var defaultAccessibilityRole: AccessibilityRole { .pushButton }

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
}
