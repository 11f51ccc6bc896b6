/// Recognizes dragging (continuous) [GR-15]: UIKit's `UIPanGestureRecognizer`.
///
/// It begins once the centroid of between ``minimumNumberOfTouches`` and ``maximumNumberOfTouches``
/// fingers has moved ``hysteresis`` points, reports a change on every event with movement, and ends
/// when all fingers lift. ``translation(in:)`` is the total movement since the first finger went down
/// (or since the last ``setTranslation(_:in:)``), not a delta.
@MainActor
open class PanGestureRecognizer: GestureRecognizer, MachineDrivenRecognizer {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    /// Creates a recognizer that calls `handler` on each transition [GR-4], given this recognizer as
    /// a `PanGestureRecognizer`.
    public convenience init(name: String? = nil, handler: @escaping @MainActor (PanGestureRecognizer) -> Void) {
        self.init()
        configure(name: name, handler: handler)
    }

    // Safe: see MachineDrivenRecognizer.
    @exclusivity(unchecked) var machine = PanMachine()

    /// Default 1.
    public var minimumNumberOfTouches: Int {
        get { machine.minimumNumberOfTouches }
        set { machine.minimumNumberOfTouches = Swift.max(1, newValue) }
    }
    /// Default `Int.max`.
    public var maximumNumberOfTouches: Int {
        get { machine.maximumNumberOfTouches }
        set { machine.maximumNumberOfTouches = Swift.max(1, newValue) }
    }
    /// Points the centroid must travel before the pan begins (`PAN_HYSTERESIS`, default 10).
    public var hysteresis: Double {
        get { machine.hysteresis }
        set { machine.hysteresis = newValue }
    }

    /// The scroll events (wheel, trackpad) this recognizer accepts besides touches: UIKit's
    /// `allowedScrollTypesMask` [SV-17]. Default none; a ``ScrollView``'s own pan accepts `.all`.
    public var allowedScrollTypesMask: ScrollTypeMask = []

    /// The total movement, as a vector in `view`'s coordinate system (window coordinates for nil).
    public func translation(in view: View?) -> Point {
        convertVector(machine.translation, to: view)
    }

    /// Makes the current translation read `translation` (in `view`'s coordinates); resets the velocity.
    public func setTranslation(_ translation: Point, in view: View?) {
        machine.setTranslation(convertVector(translation, from: view))
    }

    /// Points per second over the most recent samples, in `view`'s coordinate system.
    public func velocity(in view: View?) -> Point {
        convertVector(machine.velocity, to: view)
    }

    override func machineStep(_ input: MachineInput) -> Point? { step(input) }
    override func machineTouches(_ touches: TouchSet, _ phase: Touch.Phase, _ event: Event) {
        drive(touches, phase: phase, event: event)
    }

    override var isSingleFingerPan: Bool { minimumNumberOfTouches == 1 && numberOfTouches <= 1 }

    private func convertVector(_ vector: Point, to view: View?) -> Point {
        guard view != nil else { return vector }
        let origin = convertFromWindow(.zero, to: view)
        let tip = convertFromWindow(vector, to: view)
        return tip - origin
    }

    private func convertVector(_ vector: Point, from view: View?) -> Point {
        guard let view, let window = touchesSinceReset.first?.window ?? self.view?.window else { return vector }
        return view.convert(vector, to: window) - view.convert(.zero, to: window)
    }
}
