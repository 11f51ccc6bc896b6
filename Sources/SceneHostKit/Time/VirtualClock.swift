import Dispatch
public import SceneCore

/// A clock that moves only when told to (configuration `clock: virtual`): `Host1.AdvanceClock`
/// moves it, and scripted input moves it by its own delays (``drive(until:)``). Built like SceneCore's
/// `ManualClock`: one sorted queue; advancing fires every timer due on the way, in deadline order
/// (ties in scheduling order), with ``now`` set to each timer's deadline while it runs.
///
/// A timer already due when it is scheduled (a zero delay) still runs without anyone advancing: at
/// the next turn of the main loop, never inside the `schedule` call.
@MainActor
public final class VirtualClock: HostClock {
    public private(set) var now: Double
    private var queue = TimerQueue()
    public var onTimersFired: (@MainActor () -> Void)?
    /// A run of due timers is queued on the main queue.
    private var dueRunRequested = false
    /// Conditions ``drive(until:)`` still has to meet, outermost first; non-empty while driving.
    private var driveGoals: [@MainActor () -> Bool] = []

    /// - Parameter now: the starting time (0: every run of a script starts from the same time, so
    ///   the signals' timestamps repeat too).
    public init(now: Double = 0) {
        self.now = now
    }

    public var mode: ClockMode { .virtual }

    public var pendingTimers: [PendingTimer] { queue.pending }

    public func schedule(after delay: Double, purpose: TimerPurpose, _ action: @escaping @MainActor () -> Void) -> ClockTimer {
        let timer = ClockTimer(deadline: now + Swift.max(0, delay), action: action)
        enqueue(timer, purpose: purpose)
        return timer
    }

    /// Queues an owner-driven SceneCore timer at its deadline, or at ``now`` when that is earlier (so
    /// it runs after the timers already due, as a zero delay would).
    public func schedule(_ timer: ClockTimer) {
        enqueue(timer, purpose: .model)
    }

    private func enqueue(_ timer: ClockTimer, purpose: TimerPurpose) {
        let deadline = Swift.max(timer.deadline, now)
        queue.insert(timer, at: deadline, purpose: purpose)
        if deadline <= now && !dueRunRequested {
            dueRunRequested = true
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.dueRunRequested = false
                    self.advance(to: self.now)
                }
            }
        }
    }

    /// Moves time forward by `seconds` (≥ 0), firing due timers on the way.
    public func advance(by seconds: Double) {
        advance(to: now + Swift.max(0, seconds))
    }

    /// Moves time forward to `time` (never backwards), firing due timers on the way; timers that a
    /// firing timer schedules inside the interval fire in the same call.
    public func advance(to time: Double) {
        var fired = false
        while let (deadline, timer) = queue.popDue(notAfter: time) {
            now = Swift.max(now, deadline)
            fired = true
            timer.fire()
        }
        now = Swift.max(now, time)
        if fired { onTimersFired?() }
    }

    /// Fires timers one at a time, in deadline order, moving time to each, until `goal` holds (checked
    /// before each timer) or no timer is left. Scripted input uses it to play its own delays on this
    /// clock: its steps are timers, so whatever else is due in between (a long press's timer) fires
    /// at its place. A call made while another is driving adds its goal to that drive and returns at
    /// once; the outer call keeps going until every goal holds.
    public func drive(until goal: @escaping @MainActor () -> Bool) {
        driveGoals.append(goal)
        guard driveGoals.count == 1 else { return }
        var fired = false
        while driveGoals.contains(where: { !$0() }) {
            guard let deadline = queue.nextDeadline(), let (_, timer) = queue.popDue(notAfter: deadline) else { break }
            now = Swift.max(now, deadline)
            fired = true
            timer.fire()
        }
        driveGoals.removeAll()
        if fired { onTimersFired?() }
    }
}
