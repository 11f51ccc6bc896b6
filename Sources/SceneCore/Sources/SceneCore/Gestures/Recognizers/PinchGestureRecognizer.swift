/// Recognizes two fingers moving apart or together (continuous) [GR-17]: UIKit's
/// `UIPinchGestureRecognizer`. ``scale`` is the current finger distance over the distance when the
/// second finger went down (absolute, not incremental).
@MainActor
open class PinchGestureRecognizer: GestureRecognizer, MachineDrivenRecognizer {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    /// Creates a recognizer that calls `handler` on each transition [GR-4], given this recognizer as
    /// a `PinchGestureRecognizer`.
    public convenience init(name: String? = nil, handler: @escaping @MainActor (PinchGestureRecognizer) -> Void) {
        self.init()
        configure(name: name, handler: handler)
    }

    // Safe: see MachineDrivenRecognizer.
    @exclusivity(unchecked) var machine = PinchMachine()
    // Deliberately the same shape in every recognizer (`duplicates` pairs them): each setting below is
    // this open class's own public symbol (Sources/SceneCore/ABI) forwarding to its machine, and the
    // two overrides after them are how MachineDrivenRecognizer drives each one, inlined per class.

    /// Current scale; setting it re-bases the gesture so it reads as set, and resets the velocity.
    public var scale: Double {
        get { machine.scale }
        set { machine.setScale(newValue) }
    }
    /// Scale per second over the most recent samples.
    public var velocity: Double { machine.velocity }
    /// Points the finger distance must change before the pinch begins (`PINCH_BEGIN_SLOP`, default 5).
    public var beginSlop: Double {
        get { machine.beginSlop }
        set { machine.beginSlop = newValue }
    }

    override func machineStep(_ input: MachineInput) -> Point? { step(input) }
    override func machineTouches(_ touches: TouchSet, _ phase: Touch.Phase, _ event: Event) {
        drive(touches, phase: phase, event: event)
    }
}
