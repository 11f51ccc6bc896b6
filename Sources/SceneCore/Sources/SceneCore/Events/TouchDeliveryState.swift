/// How far a touch got in its delivery to its view, as the window tracks it.
///
/// A touch's phases reach its view unless the touch was filtered at `began` ([TD-8] multiple touch,
/// [TD-9] exclusive touch: `suppressed`), cut off by a recognizer or by the view leaving its window
/// ([GR-9] `cancelsTouchesInView`, [WS-8]: `cutOff`), or held back while recognizers with
/// `delaysTouchesBegan` / `delaysTouchesEnded` are still undecided [GR-9].
struct TouchDeliveryState {
    /// Filtered at `began`; the view never sees this touch.
    var suppressed = false
    /// Cut off from the view; nothing more is delivered (a `touchesCancelled` was sent if needed).
    var cutOff = false
    /// The view received `touchesBegan` for this touch.
    var beganDelivered = false
    /// `touchesBegan` is being held back by `delaysTouchesBegan`.
    var heldBegan = false
    /// The touch moved while `touchesBegan` was held: one `touchesMoved` follows the release.
    var movedWhileHeld = false
    /// `touchesEnded` is due but held back (by `delaysTouchesEnded`, or until a held began is released).
    var heldEnded = false
    /// The view received `touchesEnded` or `touchesCancelled`: the view is done with this touch.
    var finished = false
    /// The touch changed in the event being dispatched.
    var changedInEvent = false

    /// True while the view is (or is about to be) tracking this touch: what TD-8 and TD-9 look at.
    var isActiveForView: Bool {
        (beganDelivered || heldBegan) && !finished && !cutOff && !suppressed
    }

    /// True while something is still waiting to be delivered.
    var hasHeldPhases: Bool { heldBegan || heldEnded }
}
