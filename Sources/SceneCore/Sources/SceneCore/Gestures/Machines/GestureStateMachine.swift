/// The per-gesture logic behind a gesture recognizer, as a value with no views and no clock.
///
/// A recognizer owns one machine and drives it like this for every event that carries touches it
/// tracks:
///
///     touchBegan / touchMoved / touchEnded / touchCancelled   (one call per touch change)
///              │
///              ▼
///     evaluate(at: event time) ──▶ GestureMachineOutput ──▶ state transition (arbitration may hold it)
///              │
///              ▼
///     read `deadline` ──▶ (re)schedule a timer on the injected clock ──▶ timerFired(at: deadline)
///
/// Locations are window coordinates (y down) and times are seconds on the event clock. Touch ids are
/// the host's touch identifiers; a change for an id the machine does not track is ignored.
///
/// Once a machine has output `.end` (discrete), `.end` or `.cancel` (continuous) or `.fail`, it ignores
/// further input and outputs `.none` until ``reset()``. A continuous machine outputs `.change` once per
/// ``evaluate(at:)`` in which its values changed, after `.begin`, whether or not arbitration has let
/// the recognizer begin yet.
///
/// Deliver a due timer before any event stamped at or after its deadline. Machines whose rules are
/// about elapsed time (taps, swipes) also fail on their own when an event shows a deadline passed.
///
/// Machines allocate only when a touch begins; moved events update stored state in place.
///
/// See also: ``GestureMachineOutput``, ``TapMachine``, ``LongPressMachine``, ``PanMachine``,
/// ``SwipeMachine``, ``PinchMachine``, ``RotationMachine``.
public protocol GestureStateMachine: Sendable {
    /// Records that the touch `id` went down at `location`. Outputs nothing until ``evaluate(at:)``.
    mutating func touchBegan(_ id: UInt64, at location: Point, time: Double)
    /// Records that the touch `id` is now at `location`.
    mutating func touchMoved(_ id: UInt64, to location: Point, time: Double)
    /// Records that the touch `id` lifted at `location` (its final position).
    mutating func touchEnded(_ id: UInt64, at location: Point, time: Double)
    /// Records that the system cancelled the touch `id`; a cancelled touch never counts as completed.
    mutating func touchCancelled(_ id: UInt64, time: Double)
    /// Called once after all touch changes of one event were fed. Returns what the recognizer should do.
    ///
    /// - Parameter time: The event's timestamp, never earlier than the times fed before.
    mutating func evaluate(at time: Double) -> GestureMachineOutput
    /// Absolute time at which the machine needs ``timerFired(at:)``, or nil. The recognizer schedules it
    /// on the injected clock and re-reads it after every call; a deadline that changed replaces the
    /// previous one.
    var deadline: Double? { get }
    /// The timer for ``deadline`` ran. A call earlier than the current deadline, or with no deadline,
    /// does nothing and returns `.none`.
    mutating func timerFired(at time: Double) -> GestureMachineOutput
    /// Back to the initial state (the recognizer calls it on reset, GR-10). Configuration is kept, and
    /// so is the storage already allocated for touches.
    mutating func reset()
    /// Touches currently down that the machine tracks (GR-12 numberOfTouches).
    var touchCount: Int { get }
    /// Centroid of the tracked touches (GR-12 location); for taps the location of the first tap, for
    /// swipes where the swipe began. With no touch down it is the centroid where the last tracked touch
    /// lifted (so an `.end` action can still read where the gesture ended); nil only before the first
    /// touch and after ``reset()``.
    var location: Point? { get }
    /// Current location of the tracked touch at `index` (touches ordered by id), for
    /// `location(ofTouch:in:)`; nil when `index` is not in `0..<touchCount`.
    func touchLocation(at index: Int) -> Point?
}
