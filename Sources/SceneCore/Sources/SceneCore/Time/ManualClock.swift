/// A clock that only moves when told to. Tests and deterministic tools drive time with it.
///
/// `advance(by:)` fires every timer whose deadline falls inside the interval, in deadline order
/// (ties in scheduling order), with `now` set to each timer's deadline while it runs. Timers that a
/// firing timer schedules inside the interval fire in the same call.
@MainActor
public final class ManualClock: EventClock {
    public private(set) var now: Double
    private var timers: [ClockTimer] = []
    private var sequence: [ObjectIdentifier: Int] = [:]
    private var nextSequence = 0

    public init(now: Double = 0) {
        self.now = now
    }

    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ClockTimer {
        let timer = ClockTimer(deadline: now + Swift.max(0, delay), action: action) { [weak self] cancelled in
            self?.forget(cancelled)
        }
        timers.append(timer)
        sequence[ObjectIdentifier(timer)] = nextSequence
        nextSequence += 1
        return timer
    }

    /// Number of timers still waiting to fire.
    public var pendingTimerCount: Int { timers.count }

    /// Moves time forward by `seconds`, firing due timers on the way.
    public func advance(by seconds: Double) {
        advance(to: now + seconds)
    }

    /// Moves time forward to `time` (never backwards), firing due timers on the way.
    public func advance(to time: Double) {
        while let next = nextDueTimer(before: time) {
            now = Swift.max(now, next.deadline)
            forget(next)
            next.fire()
        }
        now = Swift.max(now, time)
    }

    /// Fires the timers that are due at the current time without moving it.
    public func runDueTimers() {
        advance(to: now)
    }

    private func nextDueTimer(before time: Double) -> ClockTimer? {
        var best: ClockTimer?
        for timer in timers where timer.deadline <= time {
            guard let current = best else {
                best = timer
                continue
            }
            if timer.deadline < current.deadline
                || (timer.deadline == current.deadline
                    && sequence[ObjectIdentifier(timer), default: 0] < sequence[ObjectIdentifier(current), default: 0])
            {
                best = timer
            }
        }
        return best
    }

    private func forget(_ timer: ClockTimer) {
        timers.removeAll { $0 === timer }
        sequence[ObjectIdentifier(timer)] = nil
    }
}
