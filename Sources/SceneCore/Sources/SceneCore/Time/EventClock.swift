/// The source of time for the whole model: touch timestamps, tap-count windows, gesture timers.
///
/// SceneCore never reads a system clock itself. The host injects a monotonic clock driven by its run
/// loop; tests inject a ``ManualClock`` and advance it, so no test ever sleeps for a timer.
///
/// Timers fire on the main actor, one at a time, in deadline order; a timer cancelled before its
/// deadline never fires. `now` never goes backwards.
@MainActor
public protocol EventClock: AnyObject {
    /// Monotonic seconds since an arbitrary origin (the host uses seconds since boot, [TD-3]).
    var now: Double { get }

    /// Runs `action` once, `delay` seconds from now (immediately-due timers still run from the clock,
    /// never synchronously inside this call). Returns a handle that cancels it.
    func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ClockTimer
}

/// A scheduled one-shot action. Cancelling is idempotent and safe after the action ran.
@MainActor
public final class ClockTimer {
    /// The clock time at which the action is due.
    public let deadline: Double
    /// False once the timer fired or was cancelled. Unchecked exclusivity: read by gesture recognizers
    /// on every touch, only on the main actor, never held `inout`.
    @exclusivity(unchecked) public private(set) var isPending = true
    @exclusivity(unchecked) private var action: (@MainActor () -> Void)?
    private let onCancel: (@MainActor (ClockTimer) -> Void)?

    /// Creates a timer; clocks call this. `onCancel` lets a clock drop its own bookkeeping.
    public init(deadline: Double, action: @escaping @MainActor () -> Void, onCancel: (@MainActor (ClockTimer) -> Void)? = nil) {
        self.deadline = deadline
        self.action = action
        self.onCancel = onCancel
    }

    /// Prevents the action from running. Does nothing when it already ran or was cancelled.
    public func cancel() {
        guard isPending else { return }
        isPending = false
        action = nil
        onCancel?(self)
    }

    /// Runs the action if still pending; clocks call this at the deadline.
    public func fire() {
        guard isPending, let action else { return }
        isPending = false
        self.action = nil
        action()
    }
}
