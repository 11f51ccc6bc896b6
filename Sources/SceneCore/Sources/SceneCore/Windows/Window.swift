/// A window: the root of a view tree, placed on the screen by its ``frame`` (screen coordinates), in a
/// z-order band given by ``windowLevel``: UIKit's `UIWindow`.
///
/// A window belongs to at most one ``WindowScene`` [WS-2], holds one first-responder slot [FR-5], and
/// may be its scene's key window [WS-4]. New windows are hidden, as in UIKit; show one with
/// ``makeKeyAndVisible()`` or `isHidden = false`.
///
/// It is itself a view: it runs the same hit-test algorithm in window coordinates and is the hit view
/// when no subview contains the point [HT-12]. Its ``next`` is its scene [RC-1].
@MainActor
open class Window: View {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    // Back links cleared (UnretainedAccess.swift): the scene owns its windows and clears this pointer
    // when a window leaves it or the scene goes away. Read on every delivery (short accesses).
    @exclusivity(unchecked) unowned(unsafe) var _windowScene: WindowScene?
    /// The application of the last scene this window belonged to (its `next` when detached) [RC-1].
    weak var lastApplication: Application?
    var _level: Level = .normal
    /// Order within the level band: a larger value is further in front [WS-3].
    var orderSequence: UInt64 = 0
    private var _rootViewController: ViewController?
    private var wasHidden = true

    /// The window's first responder [FR-5]; changed only through `becomeFirstResponder()` /
    /// `resignFirstResponder()` and by removal [FR-7].
    public internal(set) var firstResponder: Responder?
    /// The window's keyboard focus [FO-1]: changed through ``setFocusedView(_:)``, ``moveFocus(_:)``,
    /// by a focusable view becoming first responder [FO-4], and by removal [FO-7].
    public internal(set) var focusedView: View?
    /// True while a first-responder hand-over is in progress, so that the resigning responder's
    /// default `resignFirstResponder()` leaves the slot to the one taking it over (published once).
    var isTransferringFirstResponder = false

    /// The window's title, shown to assistive tools and on D-Bus.
    public var title: String = "" {
        didSet { if oldValue != title { notifyAccessibilityChange(.name) } }
    }

    /// The previously ended touch, for tap counting [TD-4].
    var lastEndedTouch: (location: Point, time: Double, tapCount: Int)?
    /// Touches of this window being delivered or held for delivery. Touched on every delivery
    /// (unchecked exclusivity: short accesses, UnretainedAccess.swift).
    @exclusivity(unchecked) var deliveryTouches: [Touch] = []
    /// The gesture arbitration of this window's touch handling [GR-1 … GR-11], which the touch
    /// delivery drives and whose actions the window carries out (`Window+GestureArena.swift`). Touched
    /// on every delivery (unchecked exclusivity: short accesses, UnretainedAccess.swift).
    @exclusivity(unchecked) var gestureArena = GestureArena<GestureRecognizer>()
    /// Scroll views of this window whose offset moves by itself (a deceleration or an animation), for
    /// ``Application/pendingWork()`` (`Window+ScrollViews.swift`).
    var movingScrollViews: [ScrollView] = []

    /// Creates a hidden window with `frame` in screen coordinates, attached to no scene.
    public override init(frame: Rect) {
        super.init(frame: frame)
        _flags.insert(.isWindow)
        _flags.insert(.hidden)
    }

    /// Creates a hidden window attached to `windowScene`, covering the scene's screen area.
    public convenience init(windowScene: WindowScene) {
        self.init(frame: windowScene.screenFrame)
        self.windowScene = windowScene
    }

    /// A window at ``Level/alert`` or above is an alert; others are frames.
    override var defaultAccessibilityRole: AccessibilityRole { _level >= .alert ? .alert : .frame }

    // MARK: Responder

    /// The window's scene; the application when it has none [RC-1].
    open override var next: Responder? {
        if let scene = _windowScene { return scene }
        return lastApplication
    }

    override var responderWindow: Window? { self }

    // MARK: Level and scene

    /// The z-order band [WS-3]. Changing it re-sorts the window among the others.
    public var windowLevel: Level {
        get { _level }
        set {
            guard newValue != _level else { return }
            let wasAlert = _level >= .alert
            _level = newValue
            _windowScene?.windowOrderDidChange()
            if wasAlert != (newValue >= .alert) { notifyAccessibilityChange(.role) }
        }
    }

    /// The scene the window belongs to [WS-2]. Setting it moves the window; setting nil detaches it,
    /// which acts as hiding for key status and touches (its live touches are cancelled).
    public var windowScene: WindowScene? {
        get { _windowScene }
        set {
            guard newValue !== _windowScene else { return }
            if let old = _windowScene {
                old.windowWillDetach(self)
                cancelLiveTouches()
                old.removeWindow(self)
                _windowScene = nil
                old.windowOrderDidChange()
                old.notifyWindowsChanged()
            }
            guard let scene = newValue else { return }
            _windowScene = scene
            lastApplication = scene._application
            scene.addWindow(self)
            orderSequence = scene._application?.nextOrderSequence() ?? 0
            scene.windowOrderDidChange()
            scene.notifyWindowsChanged()
        }
    }

    /// The controller whose view is the window's root view. Setting it installs the controller's view
    /// as the window's only view controller-owned subview, filling the window.
    public var rootViewController: ViewController? {
        get { _rootViewController }
        set {
            guard newValue !== _rootViewController else { return }
            if let old = _rootViewController, let oldView = old.viewIfLoaded, oldView._superview === self {
                oldView.removeFromSuperview()
            }
            _rootViewController = newValue
            if let controller = newValue {
                let root = controller.view
                root.frame = Rect(origin: bounds.origin, size: bounds.size)
                insertSubview(root, at: 0)
            }
        }
    }

    /// Converts a point from screen coordinates into this window's coordinates.
    public func convertFromScreen(_ point: Point) -> Point {
        convertFromSuperview(point) ?? point
    }

    /// Converts a point from this window's coordinates into screen coordinates.
    public func convertToScreen(_ point: Point) -> Point {
        convertToSuperview(point)
    }

    // MARK: Key window [WS-4 … WS-7]

    /// True when this window is its scene's key window [WS-4].
    public var isKeyWindow: Bool { _windowScene?.keyWindow === self }

    /// Whether the window may become key. Default true.
    open var canBecomeKey: Bool { true }

    /// Called right after the window became its scene's key window. Default does nothing.
    open func becomeKey() {}

    /// Called right after the window stopped being its scene's key window. Default does nothing.
    open func resignKey() {}

    /// Makes the window its scene's key window [WS-5].
    ///
    /// A no-op when `canBecomeKey` is false, the window is already key, has no scene, or is hidden
    /// (CHOICE: a hidden window cannot be key, consistent with hiding resigning key, [WS-7]).
    /// Otherwise the old key window K of the scene gets `resignKey()` and its notification, then this
    /// window gets `becomeKey()` and its notification. Visibility and first responders are unchanged.
    public func makeKey() {
        guard canBecomeKey, let scene = _windowScene, scene.keyWindow !== self, !isHidden else { return }
        scene.transferKey(to: self)
    }

    /// Shows the window (if hidden), brings it to the front of its level band, then ``makeKey()`` [WS-6].
    public func makeKeyAndVisible() {
        if isHidden {
            isHidden = false
        } else {
            orderFront()
        }
        makeKey()
    }

    /// Brings the window to the front of its level band [WS-3].
    public func orderFront() {
        guard let scene = _windowScene, let application = scene._application else { return }
        orderSequence = application.nextOrderSequence()
        scene.windowOrderDidChange()
    }

    override func didChangeVisibility() {
        super.didChangeVisibility()
        let hidden = isHidden
        guard hidden != wasHidden else { return }
        wasHidden = hidden
        let application = _windowScene?._application
        controllersDidChangeVisibility(shown: !hidden)  // [LY-8]
        if hidden {
            application?.notifyObservers { $0.windowDidBecomeHidden(self) }
            cancelLiveTouches()
            _windowScene?.windowWillDetach(self)
        } else {
            if let application { orderSequence = application.nextOrderSequence() }
            application?.notifyObservers { $0.windowDidBecomeVisible(self) }
        }
        _windowScene?.windowOrderDidChange()
    }

    // MARK: First responder [FR-2 … FR-7]

    /// Sets the slot and publishes the change (old → new) once.
    func setFirstResponder(_ responder: Responder?) {
        let old = firstResponder
        guard old !== responder else { return }
        firstResponder = responder
        if let application = _windowScene?._application, application.hasObservers {
            application.notifyObservers { $0.firstResponderDidChange(in: self, from: old, to: responder) }
        }
        focusFollowFirstResponder(responder)
    }

    /// A subtree left this window: the first responder resigns if it was in it [FR-7], its touches
    /// are cancelled for their views [WS-8] and its recognizers are cancelled or failed [GR-11].
    func subtreeDidLeave(_ root: View) {
        if let responder = firstResponder, Window.responder(responder, isIn: root) {
            isTransferringFirstResponder = true
            _ = responder.resignFirstResponder()
            isTransferringFirstResponder = false
            setFirstResponder(nil)
        }
        if let focused = focusedView, focused.isDescendant(of: root) {
            setFocusSlot(nil)
        }
        recognizersDidLeave(subtree: root)
        cancelTouchesForViews(in: root)
        _windowScene?._application?.subtreeDidLeaveWindow(root)
    }

    static func responder(_ responder: Responder, isIn root: View) -> Bool {
        if let view = responder as? View { return view.isDescendant(of: root) }
        if let controller = responder as? ViewController, let view = controller.viewIfLoaded {
            return view.isDescendant(of: root)
        }
        return false
    }

    /// Tells observers (the accessibility bridge) that `parent`'s subviews changed.
    func viewHierarchyDidChange(in parent: View?) {
        guard let application = _windowScene?._application, application.hasObservers else { return }
        application.notifyObservers { $0.viewHierarchyDidChange(in: self, parent: parent) }
    }

    // MARK: Gesture arena host

    // The window's side of `GestureArenaHost`, declared here (not in an extension) so that a subclass
    // can take over what happens around its arena, as the differential test's reference arbitration
    // does.

    /// A recognizer whose view is in this window asked for a transition while the arena was idle: the
    /// arena settles now, and the views get what that released [GR-8, GR-9].
    func gestureArenaMemberDidRequestTransition(_ member: GestureRecognizer) {
        settleGesturesOutsideEvent()
    }

    /// A recognizer whose touches belong to this window stopped taking part [GR-11].
    func gestureArenaMemberDidLeave(_ member: GestureRecognizer) {
        removeFromGestureArena(member)
    }

    // MARK: Events

    /// Delivers `event` to this window: for touches, the touches this window owns go to the gesture
    /// recognizers first and then to their views [TD-5, GR-2]; motion and remote-control events go
    /// to the first responder (or the window itself when it has none) and up the chain [FR-8, FR-9];
    /// each phase of a press goes to the responder its press began at and up the chain [KB-1]; a
    /// scroll goes to the pan recognizer that takes it [SV-18], hover to the hover recognizers under
    /// the pointer [SV-21]. Overrides must call `super`.
    open func sendEvent(_ event: Event) {
        switch event.type {
        case .touches:
            deliverTouches(event)
        case .motion, .remoteControl, .presses:
            deliverToFirstResponder(event)
        case .scroll:
            deliverScroll(event)
        case .hover:
            deliverHover(event)
        case .transform:
            break
        }
    }
}
