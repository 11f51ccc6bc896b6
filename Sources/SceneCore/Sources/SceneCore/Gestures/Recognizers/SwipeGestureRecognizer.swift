/// Recognizes a quick straight stroke (discrete) [GR-16]: UIKit's `UISwipeGestureRecognizer`.
///
/// Recognized, possibly before the finger lifts, when the centroid has moved ``minimumDistance``
/// along an allowed ``direction`` within ``maximumDuration`` with that axis dominant.
@MainActor
open class SwipeGestureRecognizer: GestureRecognizer, MachineDrivenRecognizer {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    /// Creates a recognizer that calls `handler` on each transition [GR-4], given this recognizer as
    /// a `SwipeGestureRecognizer`.
    public convenience init(name: String? = nil, handler: @escaping @MainActor (SwipeGestureRecognizer) -> Void) {
        self.init()
        configure(name: name, handler: handler)
    }

    /// Allowed directions, UIKit's raw values (right 1, left 2, up 4, down 8).
    public typealias Direction = SwipeDirection

    // Safe: see MachineDrivenRecognizer.
    @exclusivity(unchecked) var machine = SwipeMachine()
    // Deliberately the same shape in every recognizer (`duplicates` pairs them): each setting below is
    // this open class's own public symbol (Sources/SceneCore/ABI) forwarding to its machine, and the
    // two overrides after them are how MachineDrivenRecognizer drives each one, inlined per class.

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

    override func machineStep(_ input: MachineInput) -> Point? { step(input) }
    override func machineTouches(_ touches: TouchSet, _ phase: Touch.Phase, _ event: Event) {
        drive(touches, phase: phase, event: event)
    }

    override var isSingleFingerHorizontalSwipe: Bool {
        numberOfTouchesRequired == 1 && !direction.isDisjoint(with: [.left, .right])
    }
}
