/// Recognizes a quick straight stroke (discrete) [GR-16]: UIKit's `UISwipeGestureRecognizer`.
///
/// Recognized, possibly before the finger lifts, when the centroid has moved ``minimumDistance``
/// along an allowed ``direction`` within ``maximumDuration`` with that axis dominant.
@MainActor
open class SwipeGestureRecognizer: GestureRecognizer, MachineDrivenRecognizer {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    /// Allowed directions, UIKit's raw values (right 1, left 2, up 4, down 8).
    public typealias Direction = SwipeDirection

    // Safe: see MachineDrivenRecognizer.
    @exclusivity(unchecked) var machine = SwipeMachine()
    @exclusivity(unchecked) var scheduledDeadline: Double?

    /// Default `.right`.
    public var direction: Direction {
        get { machine.direction }
        set { machine.direction = newValue }
    }
    /// Default 1.
    public var numberOfTouchesRequired: Int {
        get { machine.numberOfTouchesRequired }
        set { machine.numberOfTouchesRequired = Swift.max(1, newValue) }
    }
    /// Points the stroke must cover (`SWIPE_MIN_DISTANCE`, default 50).
    public var minimumDistance: Double {
        get { machine.minimumDistance }
        set { machine.minimumDistance = newValue }
    }
    /// Seconds within which it must cover them (`SWIPE_MAX_DURATION`, default 0.5).
    public var maximumDuration: Double {
        get { machine.maximumDuration }
        set { machine.maximumDuration = newValue }
    }

    open override func touchesBegan(_ touches: TouchSet, with event: Event) { drive(touches, phase: .began, event: event) }
    open override func touchesMoved(_ touches: TouchSet, with event: Event) { drive(touches, phase: .moved, event: event) }
    open override func touchesEnded(_ touches: TouchSet, with event: Event) { drive(touches, phase: .ended, event: event) }
    open override func touchesCancelled(_ touches: TouchSet, with event: Event) { drive(touches, phase: .cancelled, event: event) }

    open override func reset() {
        resetMachine()
        super.reset()
    }

    override func timerDidFire() { machineTimerFired() }

    override var locationInWindow: Point? { machineLocation ?? super.locationInWindow }

    override var isSingleFingerHorizontalSwipe: Bool {
        numberOfTouchesRequired == 1 && !direction.isDisjoint(with: [.left, .right])
    }
}
