/// A scheduled one-shot action. Cancelling is idempotent and safe after the action ran.
///
/// A timer runs either a closure (the timers ``EventClock/schedule(after:_:)`` makes) or, for SceneCore's
/// own timers, a method of the object that owns it (a gesture recognizer). Such an owner keeps one timer
/// and arms it again for each deadline instead of allocating a timer and closures every time; it hands
/// the armed timer to ``EventClock/schedule(_:)``.
///
///     armed (isPending) ──deadline──▶ fire(): action or owner runs ──▶ not pending
///            └──────────cancel()──────────▶ not pending, nothing runs
@MainActor
public final class ClockTimer {
    // Exclusivity is unchecked on every mutable field (short accesses, UnretainedAccess.swift): the
    // action and the owner are called after the fields are updated, through locals.

    /// The clock time at which the action is due. Fixed while the timer is pending.
    @exclusivity(unchecked) public internal(set) var deadline: Double
    /// False once the timer fired or was cancelled. Read by gesture recognizers on every touch.
    @exclusivity(unchecked) public private(set) var isPending = true
    @exclusivity(unchecked) private var action: (@MainActor () -> Void)?
    private let onCancel: (@MainActor (ClockTimer) -> Void)?
    // The owner of an owner-driven timer, set only while the timer is pending. Back links cleared
    // (UnretainedAccess.swift): the owner holds this timer and cancels it in its deinit, which clears
    // this field, and `fire()` reaches the owner only while pending.
    @exclusivity(unchecked) private unowned(unsafe) var owner: (any ClockTimerOwner)?
    /// The closure timer that stands in for this one on a clock without its own ``EventClock/schedule(_:)``
    /// (see the default implementation); cancelled with this one.
    @exclusivity(unchecked) private var relay: ClockTimer?

    /// Creates a timer; clocks call this. `onCancel` lets a clock drop its own bookkeeping.
    public init(deadline: Double, action: @escaping @MainActor () -> Void, onCancel: (@MainActor (ClockTimer) -> Void)? = nil) {
        self.deadline = deadline
        self.action = action
        self.onCancel = onCancel
    }

    /// An owner-driven timer, not pending until ``arm(at:owner:)``.
    init() {
        self.deadline = 0
        self.isPending = false
        self.onCancel = nil
    }

    /// Makes a timer that is not pending (new, fired or cancelled) due at `deadline`, calling `owner`
    /// when it fires. The caller must hold the only reference to it, so that no clock still holds it.
    func arm(at deadline: Double, owner: any ClockTimerOwner) {
        precondition(!isPending && action == nil, "ClockTimer.arm: the timer is still pending")
        self.deadline = deadline
        self.owner = owner
        isPending = true
    }

    /// Prevents the action from running. Does nothing when it already ran or was cancelled.
    public func cancel() {
        guard isPending else { return }
        isPending = false
        action = nil
        owner = nil
        if let relay {
            self.relay = nil
            relay.cancel()
        }
        onCancel?(self)
    }

    /// Runs the action (or tells the owner) if still pending; clocks call this at the deadline.
    public func fire() {
        guard isPending else { return }
        isPending = false
        relay = nil
        if let action {
            self.action = nil
            action()
        } else if let owner {
            self.owner = nil
            owner.clockTimerFired(self)
        }
    }

    /// Ties `relay` to this timer: cancelling this one cancels it (the default ``EventClock/schedule(_:)``).
    func attachRelay(_ relay: ClockTimer) {
        self.relay = relay
    }
}
