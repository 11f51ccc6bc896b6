/// Recognizes two fingers turning (continuous) [GR-18]: UIKit's `UIRotationGestureRecognizer`.
/// ``rotation`` is in radians since the gesture started, positive clockwise on screen, absolute.
@MainActor
open class RotationGestureRecognizer: GestureRecognizer, MachineDrivenRecognizer {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    /// Creates a recognizer that calls `handler` on each transition [GR-4], given this recognizer as
    /// a `RotationGestureRecognizer`.
    public convenience init(name: String? = nil, handler: @escaping @MainActor (RotationGestureRecognizer) -> Void) {
        self.init()
        configure(name: name, handler: handler)
    }

    // Safe: see MachineDrivenRecognizer.
    @exclusivity(unchecked) var machine = RotationMachine()
    // Deliberately the same shape in every recognizer (`duplicates` pairs them): each setting below is
    // this open class's own public symbol (Sources/SceneCore/ABI) forwarding to its machine, and the
    // two overrides after them are how MachineDrivenRecognizer drives each one, inlined per class.

    /// Current rotation; setting it re-bases the gesture so it reads as set, and resets the velocity.
    public var rotation: Double {
        get { machine.rotation }
        set { machine.setRotation(newValue) }
    }
    /// Radians per second over the most recent samples.
    public var velocity: Double { machine.velocity }
    /// Radians the finger angle must change before the rotation begins (`ROTATION_BEGIN_SLOP`, default 0.05).
    public var beginSlop: Double {
        get { machine.beginSlop }
        set { machine.beginSlop = newValue }
    }

    override func machineStep(_ input: MachineInput) -> Point? { step(input) }
    override func machineTouches(_ touches: TouchSet, _ phase: Touch.Phase, _ event: Event) {
        drive(touches, phase: phase, event: event)
    }
}
