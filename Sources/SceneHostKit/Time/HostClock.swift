public import SceneCore

/// The clock a host runs on: SceneCore's `EventClock` plus what the host's idle tracking and
/// `Host1.AdvanceClock` need. ``MonotonicClock`` (real time) and ``VirtualClock`` (moved by hand).
///
/// Both keep their timers in one sorted queue (``TimerQueue``), fire them on the main actor in
/// deadline order, never synchronously inside a `schedule` call, and call ``onTimersFired`` after each
/// batch, so that whoever waits for the host to settle looks again.
@MainActor
public protocol HostClock: EventClock {
    /// Which kind of clock this is (configuration key `clock`).
    var mode: ClockMode { get }
    /// Timers still waiting to fire, in firing order.
    var pendingTimers: [PendingTimer] { get }
    /// Called on the main actor after timers fired (once per batch).
    var onTimersFired: (@MainActor () -> Void)? { get set }
    /// `schedule(after:_:)` for a timer whose owner lists it in the pending work itself.
    func schedule(after delay: Double, purpose: TimerPurpose, _ action: @escaping @MainActor () -> Void) -> ClockTimer
}

extension HostClock {
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ClockTimer {
        schedule(after: delay, purpose: .code, action)
    }
}
