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
        @inline(__always)
        public var isFinished: Bool {
            switch self {
            case .ended, .cancelled, .failed: true
            case .possible, .began, .changed: false
            }
        }
    }

    // Exclusivity is unchecked on the state the environment reads on every touch event, for each
    // participant, several times (short accesses, UnretainedAccess.swift).
    @exclusivity(unchecked) var _state: State = .possible
    /// A transition the recognizer asked for that the window has not applied yet.
    @exclusivity(unchecked) var requestedState: State?
    /// Where the recognizer stands in its window's gesture arena: outside, participating, or with its
    /// requested transition waiting for failure requirements [GR-8, GR-10].
    @exclusivity(unchecked) var standing = GestureArenaStanding.outside

    /// Requirements from delegate and subclass hooks, computed once per recognition attempt [GR-8].
    var dynamicRequirements: [GestureRecognizer]?
    private var requiredToFail: [WeakRecognizer] = []
    private var targets: [RecognizerTarget] = []
    // Back links cleared (UnretainedAccess.swift): the view owns its recognizers and clears this
    // pointer when it removes one or goes away.
    @exclusivity(unchecked) unowned(unsafe) var _view: View?
    /// Touches currently down that this recognizer tracks, by identifier.
    @exclusivity(unchecked) var trackedTouches: [Touch] = []
    /// Every touch tracked since the last reset (for cancelsTouchesInView and "sharing a touch").
    @exclusivity(unchecked) var touchesSinceReset: [Touch] = []
    /// The recognizer's clock timer, made at its first deadline and armed again for later ones while
    /// no clock holds it any more (see `scheduleTimer(at:)`). It calls the recognizer without keeping
    /// it alive; the deinit cancels it.
    @exclusivity(unchecked) private var timer: ClockTimer?
    /// The deadline the timer was last scheduled for by a recognizer's state machine (see
    /// `MachineDrivenRecognizer`); nil when no such timer is pending.
    @exclusivity(unchecked) var scheduledDeadline: Double?

    /// The object asked about participation; not kept alive.
    public weak var delegate: (any GestureRecognizerDelegate)? {
        didSet { mayHaveDelegate = delegate != nil }
    }
    /// False while ``delegate`` is certainly nil (never set, or set to nil), so that touch handling can
    /// skip loading the weak reference. True does not mean the delegate is still alive.
    private(set) var mayHaveDelegate = false

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

    /// True when the recognizer's class is exactly one of SceneCore's six machine-driven recognizers
    /// (not a subclass, which may override the touch methods): its touch methods would only call
    /// `machineTouches`, so the window calls that directly (one dynamic call per phase, not two).
    let touchesGoStraightToMachine: Bool

    /// Creates a recognizer with no action.
    public init() {
        let kind = ObjectIdentifier(type(of: self))
        touchesGoStraightToMachine =
            kind == ObjectIdentifier(TapGestureRecognizer.self) || kind == ObjectIdentifier(PanGestureRecognizer.self)
            || kind == ObjectIdentifier(LongPressGestureRecognizer.self)
            || kind == ObjectIdentifier(SwipeGestureRecognizer.self)
            || kind == ObjectIdentifier(PinchGestureRecognizer.self)
            || kind == ObjectIdentifier(RotationGestureRecognizer.self)
    }

    isolated deinit {
        // The timer does not retain the recognizer: once cancelled it never calls it.
        timer?.cancel()
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

    /// The bits of ``view`` (0 for none), read without retaining it: where the helpers that find the
    /// recognizer's window, application and clock start (UnretainedAccess.swift).
    private var viewBits: UInt { unretainedBits(&_view) }

    /// When false the recognizer gets no touches; disabling one that has begun cancels it (one
    /// action), one that is possible fails [GR-11].
    public var isEnabled: Bool {
        get { _isEnabled }
        set {
            let oldValue = _isEnabled
            _isEnabled = newValue
            guard oldValue != newValue, !newValue else { return }
            stopParticipating()
        }
    }
    // Read for every recognizer a new touch is offered to.
    private var _isEnabled = true

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

    /// Adds a closure to the actions sent on each transition. (A closure that names the recognizer's
    /// own class, `{ (pan: PanGestureRecognizer) in … }`, gets it as that class: see
    /// ``GestureRecognizerActionHandlers``.)
    public func addAction(_ handler: @escaping @MainActor (GestureRecognizer) -> Void) {
        appendHandler(handler)
    }

    /// Adds a closure, called with this recognizer, to the actions sent on each transition.
    func appendHandler(_ handler: @escaping @MainActor (GestureRecognizer) -> Void) {
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

    // SceneCore's six recognizers do all of this through their state machine (`machineStep`); a
    // subclass that overrides these and calls `super` keeps that working.

    /// New touches for this recognizer, before the views get them [GR-2].
    open func touchesBegan(_ touches: TouchSet, with event: Event) { machineTouches(touches, .began, event) }
    /// Moved touches of this recognizer [GR-2].
    open func touchesMoved(_ touches: TouchSet, with event: Event) { machineTouches(touches, .moved, event) }
    /// Ended touches of this recognizer [GR-2].
    open func touchesEnded(_ touches: TouchSet, with event: Event) { machineTouches(touches, .ended, event) }
    /// Cancelled touches of this recognizer. After this call the window moves a recognizer that is
    /// still began or changed to cancelled, and one that is possible to failed [TD-11].
    open func touchesCancelled(_ touches: TouchSet, with event: Event) {
        machineTouches(touches, .cancelled, event)
    }

    /// Back to the initial state after ended, cancelled or failed, once all touches are gone [GR-10].
    /// Subclasses clear their own state and call `super`.
    open func reset() { _ = machineStep(.reset) }

    /// One input to the recognizer's state machine: what SceneCore's six recognizers override (with
    /// `MachineDrivenRecognizer.step`), so that their touch methods, reset, timer and location are
    /// written once. Recognizers without a machine answer nil and do nothing.
    func machineStep(_ input: MachineInput) -> Point? { nil }

    /// The recognizer's touches that changed to `phase` in `event`, for its state machine [GR-2]: the
    /// hot half of `machineStep(_:)`, a method of its own so that the touches and the event are passed
    /// borrowed (an enum payload would retain both on every event).
    func machineTouches(_ touches: TouchSet, _ phase: Touch.Phase, _ event: Event) {}

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
        if let location = machineStep(.location) { return location }
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

    /// True between receiving a first touch and the next reset [GR-10].
    var isParticipating: Bool { standing.isParticipating }

    /// Whether this recognizer tracks `touch` now or tracked it since the last reset.
    func tracks(_ touch: Touch) -> Bool {
        touchesSinceReset.contains { $0 === touch }
    }

    private func requestTransition(to newState: State) {
        // A continuous gesture held in `possible` by arbitration keeps its pending begin while it
        // reports progress; it begins with its latest values once released [GR-8].
        if _state == .possible, requestedState == .began, newState == .changed { return }
        // A begin or recognition held in `possible` by arbitration [GR-8] is withdrawn when the
        // gesture fails or is cancelled before it was released: the recognizer fails, never having
        // begun (a cancel of a gesture that never began is a failure, as in TD-11).
        if _state == .possible, requestedState != nil, newState == .failed || newState == .cancelled {
            requestedState = nil
            requestTransition(to: .failed)
            return
        }
        let from = requestedState ?? _state
        guard newState != from || newState == .changed else { return }
        precondition(
            GestureRecognizer.isLegal(from: from, to: newState),
            "\(displayName): illegal state transition \(from.wireName) → \(newState.wireName) [GR-4]")
        requestedState = newState
        // Most transitions are asked for during touch handling, which settles them; outside it (a
        // timer, code) the arena of the view's window settles now.
        idleGestureArenaHost(ofView: viewBits)?.gestureArenaMemberDidRequestTransition(self)
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

    /// Applies a transition the arena decided: state, actions, observers [GR-4]. The transition asked
    /// for is settled, and a wait for failure requirements is over. Called by the arena's host only.
    func apply(_ newState: State) {
        let old = _state
        _state = newState
        requestedState = nil
        if standing == .awaitingFailure { standing = .participating }
        if newState != .failed && newState != .possible {
            sendActions()
        }
        if newState.isFinished { cancelTimer() }
        // Diagnostics and notifications both go to the observers of the view's application: nothing to
        // do without any.
        if let application = observingApplication(ofView: viewBits) {
            application.diagnose(.gestures, "\(displayName) on \(_view.map(ViewReference.describe) ?? "nil"): \(old.wireName) → \(newState.wireName)")
            application.notifyObservers { $0.gestureRecognizerDidChangeState(self, from: old) }
        }
    }

    private func sendActions() {
        // Over a copy, as `for entry in targets` would; only the entry being sent is copied out (its
        // weak target is loaded only for a target-action pair).
        let entries = targets
        var index = 0
        while index < entries.count {
            if let handler = entries[index].handler {
                handler(self)
            } else if let target = entries[index].target as? any ActionTarget, let action = entries[index].action {
                _ = target.perform(action, sender: self, event: nil)
            }
            index += 1
        }
    }

    /// [GR-10] back to possible; the environment calls it once all touches are gone.
    func performReset() {
        cancelTimer()
        // Keeping the storage: the next gesture's first touch then allocates nothing here.
        trackedTouches.removeAllKeepingCapacity()
        touchesSinceReset.removeAllKeepingCapacity()
        requestedState = nil
        if dynamicRequirements != nil { dynamicRequirements = nil }
        standing = .outside
        _state = .possible
        reset()
    }

    /// [GR-11] disabled or removed: cancelled with one action if it had begun, failed if possible;
    /// then the arena of its touches' window lets it go.
    func stopParticipating() {
        guard isParticipating else { return }
        if let transition = GestureArena<GestureRecognizer>.leavingTransition(of: self) { apply(transition) }
        let host: (any GestureArenaHost)? = touchesSinceReset.first?.window
        if let host {
            host.gestureArenaMemberDidLeave(self)
        } else {
            performReset()
        }
    }

    // MARK: Timers for concrete recognizers

    /// Calls ``timerDidFire()`` at `deadline` on the application's clock (replacing an earlier timer),
    /// if the recognizer still participates then, so that a recognizer can change state with no touch
    /// event [GR-8, GR-13, GR-14]. Does nothing when the view is in no application's window.
    func scheduleTimer(at deadline: Double) {
        cancelTimer()
        guard let clock = applicationClock(ofView: viewBits) else { return }
        // The timer is armed again only when this recognizer holds the sole reference: no clock still
        // queues it (a cancelled timer may stay queued until its deadline), and it is not firing now.
        if !isKnownUniquelyReferenced(&timer) { timer = ClockTimer() }
        let timer = self.timer.unsafelyUnwrapped
        // The deadline as `schedule(after:)` computes it from a delay (`now + max(0, delay)`).
        let now = clock.now
        timer.arm(at: now + Swift.max(0, deadline - now), owner: self)
        clock.schedule(timer)
    }

    func cancelTimer() {
        // Cancelled but kept: the next deadline arms it again.
        timer?.cancel()
    }

    /// The recognizer's timer reached its deadline while the recognizer participates. Overridden by
    /// the recognizers that schedule timers.
    func timerDidFire() { _ = machineStep(.timer) }

    /// True while a timer of this recognizer is pending (it still expects time to pass).
    var hasPendingTimer: Bool {
        timer?.isPending ?? false
    }

    /// The deadline of the pending timer, nil when none is pending (see ``Application/pendingWork()``).
    var pendingTimerDeadline: Double? {
        guard let timer, timer.isPending else { return nil }
        return timer.deadline
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

extension GestureRecognizer: GestureArenaMember {
    typealias Peer = GestureRecognizer

    /// A recognizer of one of SceneCore's six classes (not a subclass) has the default failure hooks;
    /// without a delegate nothing else can name a requirement.
    var mayNameFailureRequirements: Bool { mayHaveDelegate || !touchesGoStraightToMachine }
}

extension GestureRecognizer: ClockTimerOwner {
    func clockTimerFired(_ timer: ClockTimer) {
        guard isParticipating else { return }
        timerDidFire()
    }
}
