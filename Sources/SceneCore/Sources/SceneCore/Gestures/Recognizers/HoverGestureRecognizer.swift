/// Recognizes a pointer over its view with no button down (continuous) [SV-21]: UIKit's
/// `UIHoverGestureRecognizer`.
///
/// It begins when the pointer enters the view (or a view inside it), changes each time the pointer
/// moves over it, and ends when the pointer leaves it or leaves the window; then it resets. It takes
/// no touches and no part in the window's gesture arena. Disabled while it hovers, it is cancelled at
/// the next pointer event.
/// ``location(in:)`` is the pointer.
@MainActor
open class HoverGestureRecognizer: GestureRecognizer {
    // Spelled out so the module interface says `isolated deinit` like the superclass's.
    isolated deinit {}

    /// Creates a recognizer that calls `handler` on each transition, given this recognizer as a
    /// `HoverGestureRecognizer`.
    public convenience init(name: String? = nil, handler: @escaping @MainActor (HoverGestureRecognizer) -> Void) {
        self.init()
        configure(name: name, handler: handler)
    }

    /// The pointer, in window coordinates, while hovering; nil otherwise.
    var pointerLocation: Point?

    override func machineStep(_ input: MachineInput) -> Point? {
        switch input {
        case .location: return pointerLocation
        case .reset: pointerLocation = nil
        case .timer: break
        }
        return nil
    }

    /// [SV-21] The pointer is over the view at `point` (window coordinates): began the first time,
    /// changed after.
    func pointerDidMove(to point: Point) {
        pointerLocation = point
        apply(state == .possible ? .began : .changed)
    }

    /// [SV-21] The pointer left the view (ended) or the recognizer was disabled (cancelled); then it
    /// resets.
    func pointerDidLeave(_ outcome: State) {
        guard state == .began || state == .changed else { return }
        apply(outcome)
        performReset()
    }
}
