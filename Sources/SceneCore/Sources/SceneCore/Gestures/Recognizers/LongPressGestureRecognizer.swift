/// Recognizes a press held in place (continuous) [GR-14]: UIKit's `UILongPressGestureRecognizer`.
///
/// It begins from a timer, ``minimumPressDuration`` after the required fingers are down, if none moved
/// more than ``allowableMovement``; then any movement is a change and lifting a finger ends it.
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer, MachineDrivenRecognizer {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    /// Creates a recognizer that calls `handler` on each transition [GR-4], given this recognizer as
    /// a `LongPressGestureRecognizer`.
    public convenience init(name: String? = nil, handler: @escaping @MainActor (LongPressGestureRecognizer) -> Void) {
        self.init()
        configure(name: name, handler: handler)
    }

    // Safe: see MachineDrivenRecognizer.
    @exclusivity(unchecked) var machine = LongPressMachine()
    // Deliberately the same shape in every recognizer (`duplicates` pairs them): each setting below is
    // this open class's own public symbol (Sources/SceneCore/ABI) forwarding to its machine, and the
    // two overrides after them are how MachineDrivenRecognizer drives each one, inlined per class.

    /// Seconds the fingers must stay down. Default 0.5.
    public var minimumPressDuration: Double {
        get { machine.minimumPressDuration }
        set { machine.minimumPressDuration = newValue }
    }
    /// Points the fingers may move before the press begins. Default 10.
    public var allowableMovement: Double {
        get { machine.allowableMovement }
        set { machine.allowableMovement = newValue }
    }
    /// Full taps that must come before the press. Default 0.
    public var numberOfTapsRequired: Int {
        get { machine.numberOfTapsRequired }
        set { machine.numberOfTapsRequired = Swift.max(0, newValue) }
    }
    /// Fingers the press needs. Default 1.
    public var numberOfTouchesRequired: Int {
        get { machine.numberOfTouchesRequired }
        set { machine.numberOfTouchesRequired = Swift.max(1, newValue) }
    }

    override func machineStep(_ input: MachineInput) -> Point? { step(input) }
    override func machineTouches(_ touches: TouchSet, _ phase: Touch.Phase, _ event: Event) {
        drive(touches, phase: phase, event: event)
    }
}
