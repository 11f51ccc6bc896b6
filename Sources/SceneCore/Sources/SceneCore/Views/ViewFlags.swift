/// Boolean state of a view packed in one word, so that the hit-test path reads one field.
struct ViewFlags: OptionSet, Sendable {
    let rawValue: UInt32

    static let hidden = ViewFlags(rawValue: 1 << 0)
    static let interactionDisabled = ViewFlags(rawValue: 1 << 1)
    static let multipleTouchEnabled = ViewFlags(rawValue: 1 << 2)
    static let exclusiveTouch = ViewFlags(rawValue: 1 << 3)
    static let clipsToBounds = ViewFlags(rawValue: 1 << 4)
    /// The view's class is not one of SceneCore's own classes, so it may override `hitTest(_:with:)` or
    /// `point(inside:with:)`: hit testing must call it rather than take the inline fast path.
    static let customHitTesting = ViewFlags(rawValue: 1 << 5)
    /// The view is a ``Window``.
    static let isWindow = ViewFlags(rawValue: 1 << 6)
    /// `accessibilityElementsHidden`: the view and its subtree are not exposed to assistive tools.
    static let accessibilityHidden = ViewFlags(rawValue: 1 << 7)
    /// The view's class is one of SceneCore's own that neither overrides the touch methods nor `next`
    /// (`View`, `Window`, `Label`, `ImageView`): its touch methods only forward to `next`, so touch
    /// forwarding may step over it without calling it (see `View.touchForwardingTarget()`).
    static let forwardsTouches = ViewFlags(rawValue: 1 << 8)
    /// ``View/setNeedsLayout()`` was called and the view has not been laid out since [LY-1].
    static let needsLayout = ViewFlags(rawValue: 1 << 9)
    /// The view or a view under it needs layout: the layout pass goes down only where this is set.
    /// Set on every ancestor of a view that needs layout (a view that has it has ancestors that do).
    static let subtreeNeedsLayout = ViewFlags(rawValue: 1 << 10)
    /// ``View/autoresizesSubviews`` is false.
    static let keepsSubviewFrames = ViewFlags(rawValue: 1 << 11)
    /// ``View/insetsLayoutMarginsFromSafeArea`` is false.
    static let marginsIgnoreSafeArea = ViewFlags(rawValue: 1 << 12)
    /// The view's `layoutSubviews` is running: the sizes it gives its subviews do not mark it again
    /// [LY-2].
    static let layingOut = ViewFlags(rawValue: 1 << 13)
    /// An animation of the view started without `allowUserInteraction` is running: it is not hit
    /// [HT-10].
    static let animationBlocksTouches = ViewFlags(rawValue: 1 << 14)
}
