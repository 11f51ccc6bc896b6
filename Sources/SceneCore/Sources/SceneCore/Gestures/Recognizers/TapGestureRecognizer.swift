/// Recognizes one or more taps of one or more fingers (discrete) [GR-13]: UIKit's
/// `UITapGestureRecognizer`.
///
/// It recognizes at the touch-up that completes ``numberOfTapsRequired`` taps, and fails when more
/// fingers than required come down, a finger moves more than ``allowableMovement``, a press lasts
/// longer than ``maximumPressDuration``, or the next tap does not start within ``maximumInterval``
/// near the first. A tap recognizer can prevent another tap recognizer only when both require the same
/// number of touches and the other requires no more taps than it does [GR-7]: a single tap never
/// prevents a double tap.
@MainActor
open class TapGestureRecognizer: GestureRecognizer, MachineDrivenRecognizer {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    /// Creates a recognizer that calls `handler` on each transition [GR-4], given this recognizer as
    /// a `TapGestureRecognizer`.
    public convenience init(name: String? = nil, handler: @escaping @MainActor (TapGestureRecognizer) -> Void) {
        self.init()
        configure(name: name, handler: handler)
    }

    // Safe: see MachineDrivenRecognizer.
    @exclusivity(unchecked) var machine = TapMachine()
    // Deliberately the same shape in every recognizer (`duplicates` pairs them): each setting below is
    // this open class's own public symbol (Sources/SceneCore/ABI) forwarding to its machine, and the
    // two overrides after them are how MachineDrivenRecognizer drives each one, inlined per class.

    /// Taps needed to recognize. Default 1.
    public var numberOfTapsRequired: Int {
        get { machine.numberOfTapsRequired }
        set { machine.numberOfTapsRequired = Swift.max(1, newValue) }
    }
    /// Fingers each tap needs. Default 1.
    public var numberOfTouchesRequired: Int {
        get { machine.numberOfTouchesRequired }
        set { machine.numberOfTouchesRequired = Swift.max(1, newValue) }
    }
    /// Points a finger may move and still tap (`TAP_ALLOWABLE_MOVEMENT`, default 10).
    public var allowableMovement: Double {
        get { machine.allowableMovement }
        set { machine.allowableMovement = newValue }
    }
    /// Longest press, in seconds, that still counts as a tap (`TAP_MAX_PRESS`, default 0.75).
    public var maximumPressDuration: Double {
        get { machine.maximumPressDuration }
        set { machine.maximumPressDuration = newValue }
    }
    /// Longest wait, in seconds, for the next tap (`TAP_MAX_INTERVAL`, default 0.35).
    public var maximumInterval: Double {
        get { machine.maximumInterval }
        set { machine.maximumInterval = newValue }
    }

    override func machineStep(_ input: MachineInput) -> Point? { step(input) }
    override func machineTouches(_ touches: TouchSet, _ phase: Touch.Phase, _ event: Event) {
        drive(touches, phase: phase, event: event)
    }

    /// [GR-7] only taps with the same number of touches and no more taps required.
    open override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard let tap = other as? TapGestureRecognizer else { return true }
        return tap.numberOfTouchesRequired == numberOfTouchesRequired && tap.numberOfTapsRequired <= numberOfTapsRequired
    }

    override var isSingleFingerSingleTap: Bool { numberOfTapsRequired == 1 && numberOfTouchesRequired == 1 }
}
