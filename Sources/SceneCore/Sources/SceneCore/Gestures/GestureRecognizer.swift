/// Recognizes a gesture from the touches of its view and its view's subviews, before the views see
/// them: UIKit's `UIGestureRecognizer` [GR-1 … GR-12].
///
/// A recognizer is not a responder [GR-3]: it gets every touch that begins in its view's subtree (as
/// the delegate allows), through its own `touchesBegan/Moved/Ended/Cancelled`, ahead of the views
/// [GR-2]. It reports progress by setting ``state``; the window then settles the change against the
/// other recognizers (failure requirements, `gestureRecognizerShouldBegin`, exclusivity [GR-5 … GR-8]),
/// sends the actions, and applies ``cancelsTouchesInView`` / ``delaysTouchesBegan`` /
/// ``delaysTouchesEnded`` to the views [GR-9].
///
/// States and legal transitions [GR-4]:
///
///     discrete:    possible ──▶ ended (recognized)        possible ──▶ failed
///     continuous:  possible ──▶ began ──▶ changed* ──▶ ended | cancelled
///                  possible ──▶ failed
///
/// Setting an illegal transition is a programming error and traps. Actions run synchronously on each
/// transition into began, changed, ended or cancelled; inside an action ``state`` reads as the new
/// state. After ended, cancelled or failed the recognizer gets no more touches; once all its touches
/// are gone ``reset()`` runs and the state is `possible` again [GR-10].
@MainActor
open class GestureRecognizer {
    /// Recognizer states, with UIKit's raw values (§0).
    public enum State: Int, Sendable, CaseIterable {
        case possible = 0
        case began = 1
        case changed = 2
        case ended = 3
        case cancelled = 4
        case failed = 5

        /// `ended`, the state a discrete recognizer reaches when it recognizes.
        public static let recognized = State.ended

        /// The lower-case name used on D-Bus.
        public var wireName: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        /// ended, cancelled or failed.
        public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    // Exclusivity is unchecked on the state the environment reads on every touch event (for each
    // participant, several times): main actor only, and SceneCore never passes one of these `inout`
    // to code that could touch the recognizer again, so no two accesses can overlap.
    @exclusivity(unchecked) var _state: State = .possible
    /// A transition the recognizer asked for that the window has not applied yet.
    @exclusivity(unchecked) var requestedState: State?
    /// The requested transition is waiting for failure requirements [GR-8].
    @exclusivity(unchecked) var isWaitingForFailure = false
    /// Requirements from delegate and subclass hooks, computed once per recognition attempt [GR-8].
    var dynamicRequirements: [GestureRecognizer]?
    private var requiredToFail: [WeakRecognizer] = []
    private var targets: [RecognizerTarget] = []
    // The view owns its recognizers and clears this pointer when it removes one or goes away.
    unowned(unsafe) var _view: View?
    /// Touches currently down that this recognizer tracks, by identifier.
    @exclusivity(unchecked) var trackedTouches: [Touch] = []
    /// Every touch tracked since the last reset (for cancelsTouchesInView and "sharing a touch").
    @exclusivity(unchecked) var touchesSinceReset: [Touch] = []
    /// True between receiving a first touch and the next reset [GR-10].
    @exclusivity(unchecked) var isParticipating = false
    @exclusivity(unchecked) private var timer: ClockTimer?
    /// What this recognizer's timer closures hold instead of a weak reference to it (see
    /// `RecognizerTimerToken`). Made at the first timer, kept for the recognizer's life.
    private var timerToken: RecognizerTimerToken?

    /// The object asked about participation; not kept alive.
    public weak var delegate: (any GestureRecognizerDelegate)?

    /// A name for logs and D-Bus (`GestureStateChanged`'s recognizer); defaults to the class name.
    public var name: String?

    /// When true (the default), recognizing cuts the recognizer's touches off their views: views get
    /// `touchesCancelled` for touches they had begun, and nothing more [GR-9].
    public var cancelsTouchesInView = true
    /// When true, views get `touchesBegan`/`touchesMoved` only after this recognizer failed [GR-9].
    /// Default false.
    @exclusivity(unchecked) public var delaysTouchesBegan = false
    /// When true (the default), views get `touchesEnded` only once this recognizer is no longer
    /// `possible`; if it recognizes they get `touchesCancelled` instead [GR-9].
    @exclusivity(unchecked) public var delaysTouchesEnded = true

    /// Creates a recognizer with no action.
    public init() {}

    isolated deinit {
        // A timer that fires after this finds no recognizer, as a weak reference would.
        timerToken?.recognizer = nil
    }

    /// Creates a recognizer that sends `action` to `target` on each transition [GR-4].
    public convenience init(target: AnyObject?, action: Selector?) {
        self.init()
        if let target, let action { addTarget(target, action: action) }
    }

    /// Creates a recognizer that calls `handler` on each transition [GR-4].
    public convenience init(name: String? = nil, handler: @escaping @MainActor (GestureRecognizer) -> Void) {
        self.init()
        self.name = name
        addAction(handler)
    }

    // MARK: State

    /// The current state. Subclasses set it to report progress; the window settles the change
    /// [GR-5]. Reading it inside an action gives the new state [GR-4].
    public var state: State {
        get { _state }
        set { requestTransition(to: newValue) }
    }

    /// The view the recognizer is attached to.
    public var view: View? { _view }

    /// When false the recognizer gets no touches; disabling one that has begun cancels it (one
    /// action), one that is possible fails [GR-11].
    public var isEnabled = true {
        didSet {
            guard oldValue != isEnabled, !isEnabled else { return }
            stopParticipating()
        }
    }

    /// The display name: ``name`` or the class name.
    public var displayName: String { name ?? String(describing: type(of: self)) }

    // MARK: Actions

    /// Adds `action` on `target` (not kept alive) to the actions sent on each transition.
    public func addTarget(_ target: AnyObject, action: Selector) {
        guard !targets.contains(where: { $0.target === target && $0.action == action }) else { return }
        targets.append(RecognizerTarget(target: target, action: action, handler: nil))
    }

    /// Removes `action` (all when nil) for `target` (all targets when nil).
    public func removeTarget(_ target: AnyObject?, action: Selector?) {
        targets.removeAll { entry in
            entry.handler == nil && (target == nil || entry.target === target) && (action == nil || entry.action == action)
        }
    }

    /// Adds a closure to the actions sent on each transition.
    public func addAction(_ handler: @escaping @MainActor (GestureRecognizer) -> Void) {
        targets.append(RecognizerTarget(target: nil, action: nil, handler: handler))
    }

    // MARK: Relationships [GR-6 … GR-8]

    /// Makes this recognizer wait until `other` fails before it may leave `possible`; if `other`
    /// begins or recognizes, this one fails [GR-8].
    public func require(toFail other: GestureRecognizer) {
        precondition(other !== self, "require(toFail:): a recognizer cannot require its own failure")
        guard !requiredToFail.contains(where: { $0.recognizer === other }) else { return }
        requiredToFail.append(WeakRecognizer(other))
    }

    /// Whether this recognizer, once it begins or recognizes, may fail `other` [GR-6]. Default true;
    /// taps refine it [GR-7].
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }

    /// Whether `other` may fail this recognizer by beginning or recognizing first [GR-6]. Default true.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }

    /// Subclass hook: true makes this recognizer wait for `other` to fail [GR-8]. Default false.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }

    /// Subclass hook: true makes `other` wait for this recognizer to fail [GR-8]. Default false.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    // MARK: Touches (overridden by concrete recognizers)

    /// New touches for this recognizer, before the views get them [GR-2].
    open func touchesBegan(_ touches: TouchSet, with event: Event) {}
    /// Moved touches of this recognizer [GR-2].
    open func touchesMoved(_ touches: TouchSet, with event: Event) {}
    /// Ended touches of this recognizer [GR-2].
    open func touchesEnded(_ touches: TouchSet, with event: Event) {}
    /// Cancelled touches of this recognizer. After this call the window moves a recognizer that is
    /// still began or changed to cancelled, and one that is possible to failed [TD-11].
    open func touchesCancelled(_ touches: TouchSet, with event: Event) {}

    /// Back to the initial state after ended, cancelled or failed, once all touches are gone [GR-10].
    /// Subclasses clear their own state and call `super`.
    open func reset() {}

    /// Stops tracking `touch`: the recognizer gets no more phases of it.
    open func ignore(_ touch: Touch, for event: Event) {
        trackedTouches.removeAll { $0 === touch }
    }

    // MARK: Location [GR-12]

    /// Touches currently tracked.
    public var numberOfTouches: Int { trackedTouches.count }

    /// The gesture's location in `view` (window coordinates for nil): by default the centroid of the
    /// tracked touches; taps report the first tap, swipes where they began [GR-12].
    open func location(in view: View?) -> Point {
        convertFromWindow(locationInWindow ?? .zero, to: view)
    }

    /// The location of the tracked touch at `index` (ordered by identifier) in `view`.
    open func location(ofTouch index: Int, in view: View?) -> Point {
        guard trackedTouches.indices.contains(index) else {
            preconditionFailure("location(ofTouch:in:): index \(index) out of range 0..<\(trackedTouches.count)")
        }
        return trackedTouches[index].location(in: view)
    }

    /// The gesture's location in window coordinates; nil when unknown. Concrete recognizers answer
    /// from their state machine.
    var locationInWindow: Point? {
        guard !trackedTouches.isEmpty else { return touchesSinceReset.last?.locationInWindow }
        var x = 0.0, y = 0.0
        for touch in trackedTouches {
            x += touch.locationInWindow.x
            y += touch.locationInWindow.y
        }
        let count = Double(trackedTouches.count)
        return Point(x: x / count, y: y / count)
    }

    /// Where the gesture started, in `view`'s coordinates (used by controls for [UC-7]).
    func initialLocation(in view: View) -> Point? {
        guard let first = touchesSinceReset.first else { return nil }
        return convertFromWindow(first.initialLocationInWindow, to: view)
    }

    func convertFromWindow(_ point: Point, to target: View?) -> Point {
        guard let target, let window = touchesSinceReset.first?.window ?? _view?.window else { return point }
        return target.convert(point, from: window)
    }

    /// Single-finger single tap (what buttons and switches do themselves) [UC-7].
    var isSingleFingerSingleTap: Bool { false }
    /// Single-finger pan [UC-7].
    var isSingleFingerPan: Bool { false }
    /// Single-finger swipe along the x axis [UC-7].
    var isSingleFingerHorizontalSwipe: Bool { false }

    // MARK: Internals

    /// The explicit `require(toFail:)` list, minus recognizers that went away.
    var explicitRequirements: [GestureRecognizer] {
        if requiredToFail.isEmpty { return [] }
        var alive: [GestureRecognizer] = []
        for entry in requiredToFail {
            if let recognizer = entry.recognizer { alive.append(recognizer) }
        }
        return alive
    }

    /// Whether this recognizer tracks `touch` now or tracked it since the last reset.
    func tracks(_ touch: Touch) -> Bool {
        containsIdentical(touch, &touchesSinceReset)
    }

    func sharesTouch(with other: GestureRecognizer) -> Bool {
        var index = 0
        while index < touchesSinceReset.count {
            let touch = touchesSinceReset[index]
            if containsIdentical(touch, &other.touchesSinceReset) { return true }
            index += 1
        }
        return false
    }

    private func requestTransition(to newState: State) {
        // A continuous gesture held in `possible` by arbitration keeps its pending begin while it
        // reports progress; it begins with its latest values once released [GR-8].
        if _state == .possible, requestedState == .began, newState == .changed { return }
        let from = requestedState ?? _state
        guard newState != from || newState == .changed else { return }
        precondition(
            GestureRecognizer.isLegal(from: from, to: newState),
            "\(displayName): illegal state transition \(from.wireName) → \(newState.wireName) [GR-4]")
        requestedState = newState
        if let window = _view?.window, !window.gestureEnvironment.isDelivering {
            window.gestureEnvironment.settleFromOutsideEvent()
        }
    }

    /// True when `from → to` is a legal transition [GR-4]; `changed → changed` is how continuous
    /// gestures report progress. Setting ``state`` to an illegal one traps.
    public static func isLegal(from: State, to: State) -> Bool {
        switch (from, to) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        case (.possible, _), (.began, _), (.changed, _), (.ended, _), (.cancelled, _), (.failed, _): false
        }
    }

    /// Applies a transition: state, actions, observers [GR-4]. Called by the environment only.
    func apply(_ newState: State) {
        let old = _state
        _state = newState
        requestedState = nil
        isWaitingForFailure = false
        if newState != .failed && newState != .possible {
            sendActions()
        }
        if newState.isFinished { cancelTimer() }
        let applicationBits = applicationBitsOfView()
        if applicationBits != 0 {
            // `_view?.window?.windowScene?.application`, which owns the scene (see `applicationBitsOfView`).
            withUnretained(applicationBits, as: Application.self) { application in
                application.diagnose(.gestures, "\(displayName) on \(_view.map(ViewReference.describe) ?? "nil"): \(old.wireName) → \(newState.wireName)")
                application.notifyObservers { $0.gestureRecognizerDidChangeState(self, from: old) }
            }
        }
    }

    /// The bits of `_view?.window?.windowScene?.application`, read without retaining the window, the
    /// scene or the application (0 for nil). The application has a weak-reference side table, so
    /// retaining it is slow; it is alive while the scene points to it (it clears that pointer when it
    /// goes away), and the view's window is held by that scene.
    private func applicationBitsOfView() -> UInt {
        guard unretainedBits(&_view) != 0, let window = _view.unsafelyUnwrapped.window else { return 0 }
        let sceneBits = unretainedBits(&window._windowScene)
        guard sceneBits != 0 else { return 0 }
        return withUnretained(sceneBits, as: WindowScene.self) { unretainedBits(&$0._application) }
    }

    private func sendActions() {
        for entry in targets {
            if let handler = entry.handler {
                handler(self)
            } else if let target = entry.target as? any ActionTarget, let action = entry.action {
                _ = target.perform(action, sender: self, event: nil)
            }
        }
    }

    /// [GR-10] back to possible; the environment calls it once all touches are gone.
    func performReset() {
        cancelTimer()
        // Keeping the storage: the next gesture's first touch then allocates nothing here.
        trackedTouches.removeAll(keepingCapacity: true)
        touchesSinceReset.removeAll(keepingCapacity: true)
        requestedState = nil
        isWaitingForFailure = false
        dynamicRequirements = nil
        isParticipating = false
        _state = .possible
        reset()
    }

    /// [GR-11] disabled or removed: cancelled with one action if it had begun, failed if possible.
    func stopParticipating() {
        guard isParticipating else { return }
        switch _state {
        case .began, .changed: apply(.cancelled)
        case .possible: apply(.failed)
        case .ended, .cancelled, .failed: break
        }
        if let window = touchesSinceReset.first?.window {
            window.gestureEnvironment.recognizerStoppedParticipating(self)
        } else {
            performReset()
        }
    }

    // MARK: Timers for concrete recognizers

    /// Runs `body` at `deadline` on the application's clock (replacing an earlier timer), so that a
    /// recognizer can change state with no touch event [GR-8, GR-13, GR-14].
    func scheduleTimer(at deadline: Double, _ body: @escaping @MainActor (Double) -> Void) {
        cancelTimer()
        let applicationBits = applicationBitsOfView()
        guard applicationBits != 0 else { return }
        let clock = withUnretained(applicationBits, as: Application.self) { $0.clock }
        let delay = deadline - clock.now
        let token: RecognizerTimerToken
        if let existing = timerToken {
            token = existing
        } else {
            token = RecognizerTimerToken(self)
            timerToken = token
        }
        timer = clock.schedule(after: delay) {
            guard let self = token.recognizer, self.isParticipating else { return }
            self.timer = nil
            body(deadline)
        }
    }

    func cancelTimer() {
        timer?.cancel()
        timer = nil
    }

    /// True while a timer of this recognizer is pending (it still expects time to pass).
    var hasPendingTimer: Bool {
        let bits = unretainedBits(&timer)
        guard bits != 0 else { return false }
        return withUnretained(bits, as: ClockTimer.self) { $0.isPending }
    }
}

/// A (target, action) pair or a closure of a recognizer.
struct RecognizerTarget {
    weak var target: AnyObject?
    let action: Selector?
    let handler: (@MainActor (GestureRecognizer) -> Void)?
}

/// A recognizer referenced without keeping it alive.
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?

    init(_ recognizer: GestureRecognizer) {
        self.recognizer = recognizer
    }
}

extension GestureRecognizer: @MainActor CustomStringConvertible {
    public var description: String { "\(displayName)(\(state.wireName))" }
}

/// A recognizer as its timer closures see it: the recognizer owns the token and clears it in its
/// deinit, so a timer that fires later finds nil, exactly as a weak reference to the recognizer would.
/// A weak reference would give every recognizer a weak-reference side table, which makes every retain
/// and release of it a slow one; touch handling retains participants on every event.
@MainActor
final class RecognizerTimerToken {
    // Cleared by the recognizer's deinit before the recognizer goes away; never read after that.
    unowned(unsafe) var recognizer: GestureRecognizer?

    init(_ recognizer: GestureRecognizer) {
        self.recognizer = recognizer
    }
}
