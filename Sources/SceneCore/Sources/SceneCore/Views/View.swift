/// A rectangular area that draws nothing here but takes part in hit-testing and event delivery:
/// UIKit's `UIView`.
///
/// Geometry follows UIKit: ``frame`` is in the superview's coordinates, ``bounds`` is the view's own
/// coordinate space (its `origin` shifts where subviews appear [HT-6]), ``center`` and ``transform``
/// place it in the superview. Subviews are ordered back to front; the last one is frontmost.
///
/// Hit testing (``hitTest(_:with:)``, ``point(inside:with:)``) is overridable and behaves exactly as
/// the classic recursive algorithm [HT-1 … HT-13]. Internally, subtrees of SceneCore's own classes are
/// searched with cached per-child records (and a spatial index for containers with many subviews) instead of
/// recursive calls; any view whose class comes from outside SceneCore is always asked through its
/// own `hitTest(_:with:)`, so overrides see exactly the calls the classic algorithm makes.
///
/// ``next`` is the view controller whose root view this is, otherwise the superview [RC-1].
@MainActor
open class View: Responder {
    // Hot state, read on every level of a hit test or of the responder walk. Unchecked exclusivity
    // (short accesses, UnretainedAccess.swift): the dynamic checks would otherwise dominate the cost
    // of a hit test.
    @exclusivity(unchecked) var _frameOrigin: Point
    @exclusivity(unchecked) var _bounds: Rect
    @exclusivity(unchecked) var _transform: TransformStorage?
    var _alpha: Double = 1
    @exclusivity(unchecked) var _flags: ViewFlags = []
    var _indexInSuperview: Int32 = 0
    // Back links cleared (UnretainedAccess.swift): the superview holds each subview, clears
    // `_superview` when it removes one, and clears it on all remaining subviews in its deinit.
    @exclusivity(unchecked) unowned(unsafe) var _superview: View?
    @exclusivity(unchecked) var _subviews: [View] = []
    @exclusivity(unchecked) var _childIndex: ChildHitIndex?
    // The view controller whose root view this is. Back links cleared: the controller owns the view
    // and clears this pointer when it lets the view go or is deallocated.
    @exclusivity(unchecked) unowned(unsafe) var _viewController: ViewController?
    // Read on every touch-down for the view and its ancestors (short accesses).
    @exclusivity(unchecked) var _gestureRecognizers: [GestureRecognizer] = []
    var _accessibility: AccessibilityStorage?
    /// Appearance and drawing bookkeeping; nil until a colour, border, tint... is set or the view is
    /// drawn (see `View+Appearance.swift`, `View+Display.swift`).
    var _display: DisplayStorage?
    /// What the view is drawn with while it animates; nil when nothing animates (`View+Animation.swift`).
    var _presentation: PresentationStorage?

    /// How the frame follows the superview's size (``autoresizingMask``, [LY-3]).
    var _autoresizingMask: AutoresizingMask = []

    /// Hugging and compression resistance set away from the defaults ([LY-7]; nil: all defaults).
    var _layoutPriorities: LayoutPriorities?

    /// ``layoutMargins`` once set (nil: the default, [LY-9]).
    var _layoutMargins: EdgeInsets?

    /// A number the app can use to find the view (``viewWithTag(_:)``).
    public var tag: Int = 0

    /// Creates a view with `frame` in its future superview's coordinates; `bounds` becomes
    /// `(0, 0, frame.size)`.
    public init(frame: Rect) {
        _frameOrigin = frame.origin
        _bounds = Rect(origin: .zero, size: frame.size)
        super.init()
        if !View.isSceneCoreClass(type(of: self)) {
            _flags.insert(.customHitTesting)
        }
        if View.forwardsTouchesByDefault(type(of: self)) {
            _flags.insert(.forwardsTouches)
        }
    }

    /// Creates a view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    isolated deinit {
        for subview in _subviews {
            subview._superview = nil
        }
        for recognizer in _gestureRecognizers where recognizer._view === self {
            recognizer._view = nil
        }
    }

    /// Called after ``bounds`` changed (its origin, as scrolling does, or its size, also through
    /// ``frame``), with the old value. SceneCore's views that lay out their subviews from their bounds
    /// (a table view placing its rows [TV-2]) override it; the default does nothing. Main actor; the new
    /// bounds are in place when it runs.
    func boundsDidChange(from oldBounds: Rect) {}

    /// Places the subviews [LY-1]. Called by the layout pass, at most once per pass, for a view marked
    /// with ``setNeedsLayout()`` (a size change, an added or removed subview, or the app's own call);
    /// between the view controller's `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()` when
    /// this is a controller's root view. The default does nothing (autoresizing has already run when
    /// the size changed [LY-3]). Override to set the subviews' frames from ``bounds``; do not call it
    /// directly (call ``setNeedsLayout()`` or ``layoutIfNeeded()``). Main actor.
    open func layoutSubviews() {}

    /// The size the view's content needs [LY-6], ``View/noIntrinsicMetric`` on an axis where it needs
    /// none. ``StackView`` sizes its arranged views by it. The default has none on either axis;
    /// SceneCore's labels, buttons, text fields, switches, sliders and image views have one. Call
    /// ``invalidateIntrinsicContentSize()`` when what it depends on changes. Main actor.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// The size the view would take to fit `size` [LY-6] (``sizeToFit()`` applies it). The default is
    /// the current bounds size; a multi-line label wraps at `size.width`. Main actor.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    /// The ``layoutMargins`` changed [LY-9]. The default does nothing. Main actor.
    open func layoutMarginsDidChange() {}

    /// A subview was hidden or shown (``StackView`` closes or opens its gap).
    func subviewVisibilityDidChange(_ subview: View) {}

    /// A subview's intrinsic size changed (a ``StackView``'s own changes with it).
    func subviewIntrinsicSizeDidChange(_ subview: View) {}

    /// SceneCore's own view classes, whose `hitTest(_:with:)` and `point(inside:with:)` are known to be
    /// the defaults. Everything else may override them.
    private static func isSceneCoreClass(_ type: View.Type) -> Bool {
        type == View.self || type == Window.self || type == Control.self || type == Button.self
            || type == Switch.self || type == Slider.self || type == Label.self || type == ImageView.self
            || type == TextField.self || type == ScrollView.self || type == TableView.self || type == TableViewCell.self
    }

    /// SceneCore's own view classes whose touch methods and `next` are the defaults.
    private static func forwardsTouchesByDefault(_ type: View.Type) -> Bool {
        type == View.self || type == Window.self || type == Label.self || type == ImageView.self || type == ScrollView.self
    }

    // MARK: Responder

    /// The view controller whose root view this is, otherwise the superview [RC-1].
    open override var next: Responder? {
        if let controller = _viewController { return controller }
        return _superview
    }

    // The default touch methods forward to `next` [TD-10], exactly as `Responder`'s do; they only skip
    // the calls into the responders on the way that would forward again (see
    // `touchForwardingTarget()`), so a touch crosses a chain of plain views in one loop.

    open override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        forwardTouch { $0.touchesBegan(touches, with: event) }
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        forwardTouch { $0.touchesMoved(touches, with: event) }
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        forwardTouch { $0.touchesEnded(touches, with: event) }
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        forwardTouch { $0.touchesCancelled(touches, with: event) }
    }

    override var responderWindow: Window? { window }

    // MARK: Flags

    /// A hidden view and its subtree are not hit [HT-2, HT-3]. Hiding does not cancel touches.
    public var isHidden: Bool {
        get { _flags.contains(.hidden) }
        set {
            guard newValue != isHidden else { return }
            if newValue { _flags.insert(.hidden) } else { _flags.remove(.hidden) }
            hitGeometryDidChange()
            didChangeVisibility()
            _superview?.subviewVisibilityDidChange(self)
        }
    }

    /// When false, the view and its subtree are not hit [HT-2]. Default true (false for ``Label`` and
    /// ``ImageView``, [HT-13]).
    public var isUserInteractionEnabled: Bool {
        get { !_flags.contains(.interactionDisabled) }
        set {
            guard newValue != isUserInteractionEnabled else { return }
            if newValue { _flags.remove(.interactionDisabled) } else { _flags.insert(.interactionDisabled) }
            hitGeometryDidChange()
        }
    }

    /// Opacity. A view with `alpha <= 0.01` is not hit ([HT-2], `InteractionDefaults.hitMinimumAlpha`).
    public var alpha: Double {
        get { _alpha }
        set {
            guard newValue != _alpha else { return }
            animatablePropertyWillChange(.alpha)
            _alpha = newValue
            hitGeometryDidChange()
            didChangeVisibility()
        }
    }

    /// When false (the default), a view that is already receiving a touch gets no further touches
    /// until that one ends [TD-8].
    public var isMultipleTouchEnabled: Bool {
        get { _flags.contains(.multipleTouchEnabled) }
        set { if newValue { _flags.insert(.multipleTouchEnabled) } else { _flags.remove(.multipleTouchEnabled) } }
    }

    /// While an exclusive view tracks a touch, touches that begin in other views of its window are not
    /// delivered to views, and vice versa [TD-9].
    public var isExclusiveTouch: Bool {
        get { _flags.contains(.exclusiveTouch) }
        set { if newValue { _flags.insert(.exclusiveTouch) } else { _flags.remove(.exclusiveTouch) } }
    }

    /// When true, the view's subviews are drawn only inside its bounds (its rounded bounds with a
    /// ``cornerRadius``). It never affects hit testing [HT-7].
    public var clipsToBounds: Bool {
        get { _flags.contains(.clipsToBounds) }
        set {
            guard newValue != clipsToBounds else { return }
            if newValue { _flags.insert(.clipsToBounds) } else { _flags.remove(.clipsToBounds) }
            displayGeometryDidChange()
        }
    }

    /// True when the view's own flags allow it to be hit: not hidden, interaction enabled, alpha
    /// above the threshold [HT-2 step 1] and no animation that blocks touches running [HT-10].
    /// Ancestors are not consulted [HT-3].
    @inline(__always)
    var isHittable: Bool {
        _flags.isDisjoint(with: [.hidden, .interactionDisabled, .animationBlocksTouches]) && _alpha > InteractionDefaults.hitMinimumAlpha
    }

    /// Called after a change to `isHidden` or `alpha`; windows override it to hand over key status.
    func didChangeVisibility() {
        notifyAccessibilityChange(.visibility)
    }

    // MARK: Hit testing [HT-1 … HT-13]

    /// Returns the farthest descendant of this view (or the view itself) that contains `point`, in
    /// this view's bounds coordinates; nil when the point is not in the view or the view cannot be hit.
    ///
    /// The default implementation, in order [HT-2]: nil when the view is hidden, has user interaction
    /// disabled or `alpha <= 0.01` (``point(inside:with:)`` is not called then); nil when
    /// ``point(inside:with:)`` is false; otherwise the first non-nil `hitTest` of the subviews, front to
    /// back, with the point converted into each; otherwise the view itself.
    ///
    /// Override to redirect touches (return another view) or to make a subtree transparent (return
    /// nil). Must have no side effects that change its answer: it may run more than once per touch
    /// (``InteractionSettings/hitTestPasses``, [HQ-1]).
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        guard isHittable else { return nil }
        if _flags.contains(.customHitTesting) {
            guard self.point(inside: point, with: event) else { return nil }
        } else {
            guard _bounds.contains(point) else { return nil }
        }
        return hitTestSubviews(point, with: event) ?? self
    }

    /// True when `point` (in bounds coordinates) is inside the view. Default: `bounds.contains(point)`,
    /// half-open [HT-4]. Override to enlarge or shrink the hit area [HT-9].
    open func point(inside point: Point, with event: Event?) -> Bool {
        _bounds.contains(point)
    }

    /// Asked before a gesture recognizer that is not attached to this view leaves `possible` while one
    /// of its touches is bound to this view [GR-5, UC-7]. Return false to make it fail. Default true;
    /// controls refuse the gestures that overlap their own tracking.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        true
    }

    // MARK: Drawing (see View+Display.swift)

    /// Draws the view's own content in `rect` (bounds coordinates), the part being redrawn; the
    /// background colour is already filled and the subviews are drawn afterwards, on top.
    ///
    /// Called by a renderer only for views whose area was damaged, with the context's clip limited
    /// to the damaged part of the bounds: draw everything, and use `rect` only to skip work. Never
    /// call it directly; call ``setNeedsDisplay()`` when the content changes. The default draws
    /// nothing; SceneCore's labels, controls and image views draw their default look.
    open func draw(_ rect: Rect, in context: any GraphicsContext) {}

    /// Whether the view draws something above its subviews now (a scroll view's shown indicators,
    /// SV-24): asked by the display pass of each view it draws, so it must be cheap.
    var drawsAboveSubviews: Bool { false }

    /// Draws what lies above the subviews (and under the border), in the view's presented bounds
    /// coordinates; called only when ``drawsAboveSubviews`` is true and the damage meets the view.
    func drawAboveSubviews(in context: any GraphicsContext) {}

    /// Called when the ``tintColor`` this view shows changed (set on it, or on an ancestor it
    /// inherits from). The default redraws the view.
    open func tintColorDidChange() {
        setNeedsDisplay()
    }

    // MARK: Hierarchy hooks (UIKit names; the defaults do nothing)

    /// Called before the view moves to a new superview (nil when it is being removed).
    open func willMove(toSuperview newSuperview: View?) {}
    /// Called after the view moved to a new superview (or was removed).
    open func didMoveToSuperview() {}
    /// Called before the view, as part of a subtree, moves into another window or out of one.
    open func willMove(toWindow newWindow: Window?) {}
    /// Called after the view, as part of a subtree, moved into another window or out of one.
    open func didMoveToWindow() {}
    /// Called after `subview` was added.
    open func didAddSubview(_ subview: View) {}
    /// Called before `subview` is removed.
    open func willRemoveSubview(_ subview: View) {}

    // MARK: Accessibility

    /// What the view is for assistive technologies. Default: the value set, else the class's role
    /// (``panel`` for plain views; buttons, switches, sliders, labels, images and windows have theirs).
    open var accessibilityRole: AccessibilityRole {
        get { _accessibility?.role ?? defaultAccessibilityRole }
        set {
            accessibilityStorage.role = newValue
            notifyAccessibilityChange(.role)
        }
    }

    /// The role a class has when none was set. Subclasses in SceneCore override it.
    var defaultAccessibilityRole: AccessibilityRole { .panel }

    /// A short, localized name for the view (AT-SPI's name). Defaults to nil; ``Label`` and ``Button``
    /// answer their text.
    open var accessibilityLabel: String? {
        get { _accessibility?.label }
        set {
            accessibilityStorage.label = newValue
            notifyAccessibilityChange(.name)
        }
    }

    /// A longer description of what the view does (AT-SPI's description).
    open var accessibilityHint: String? {
        get { _accessibility?.hint }
        set {
            accessibilityStorage.hint = newValue
            notifyAccessibilityChange(.description)
        }
    }

    /// The current value as text, for views that have one (sliders, switches).
    open var accessibilityValue: String? {
        get { _accessibility?.value }
        set {
            accessibilityStorage.value = newValue
            notifyAccessibilityChange(.value)
        }
    }

    // MARK: Focus and activation [FO-2, KB-5]

    /// Whether the view can take keyboard focus [FO-2]. Default: true for a view that can become
    /// first responder (or whose view controller can), and for a view with an enabled tap gesture
    /// recognizer; controls answer `isEnabled`. Whether it can take focus *now* also depends on its
    /// window and ancestors (``isFocusable``).
    open var canBecomeFocused: Bool {
        canBecomeFirstResponder || owningViewController?.canBecomeFirstResponder == true || hasEnabledTapRecognizer
    }

    /// Performs the view's own activation (Space or Return on the focused view, an assistive tool's
    /// "click") and returns true, or returns false to let the application tap
    /// ``accessibilityActivationPoint`` instead [KB-5]. Default false; controls do what a tap that
    /// lifts inside does.
    open func accessibilityActivate() -> Bool { false }

    /// The point an activation taps, in screen coordinates: the centre of the view's bounds [KB-5].
    open var accessibilityActivationPoint: Point {
        let center = convert(bounds.center, to: nil)
        return window?.convertToScreen(center) ?? center
    }

    /// Increases the view's value by one step (an arrow key on a focused slider, an assistive tool's
    /// increment) [KB-3]. Default: nothing.
    open func accessibilityIncrement() {}

    /// Decreases the view's value by one step [KB-3]. Default: nothing.
    open func accessibilityDecrement() {}
}
