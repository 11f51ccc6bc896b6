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

    /// Calls `timer.fire()` once at `timer.deadline`, or at the first chance when that is not after
    /// `now` (never synchronously inside this call); a timer cancelled before then is skipped. `timer` is
    /// pending and was armed by SceneCore, which reuses its timers this way instead of allocating one
    /// per deadline; the clock may keep its reference after it fired or was cancelled.
    ///
    /// The default implementation relays through ``schedule(after:_:)``: one closure timer per call,
    /// cancelled with `timer`. Clocks that keep their own timer queue implement this to avoid it.
    func schedule(_ timer: ClockTimer)
}

extension EventClock {
    public func schedule(_ timer: ClockTimer) {
        // The relay holds `timer` until it fires or is cancelled, and cancelling `timer` cancels the
        // relay, which then lets go of `timer`.
        let relay = schedule(after: timer.deadline - now) { [timer] in timer.fire() }
        timer.attachRelay(relay)
    }
}
