/// A clock that only moves when told to. Tests, benchmarks and deterministic tools drive time with it.
///
/// `advance(by:)` fires every timer whose deadline falls inside the interval, in deadline order
/// (ties in scheduling order), with `now` set to each timer's deadline while it runs. Timers that a
/// firing timer schedules inside the interval fire in the same call. Cancelled timers are skipped and
/// dropped lazily, so cancelling costs nothing here.
@MainActor
public final class ManualClock: EventClock {
    // Exclusivity is unchecked on both fields (short accesses, UnretainedAccess.swift): `advance` takes
    // the first entry out of the queue and updates `now` before it fires the timer.

    @exclusivity(unchecked) public private(set) var now: Double
    /// Pending timers, sorted by (deadline, scheduling order). Each entry keeps the deadline the timer
    /// had when it was queued.
    @exclusivity(unchecked) private var queue: [(deadline: Double, timer: ClockTimer)] = []

    public init(now: Double = 0) {
        self.now = now
    }

    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ClockTimer {
        let timer = ClockTimer(deadline: now + Swift.max(0, delay), action: action)
        enqueue(timer)
        return timer
    }

    /// Queues `timer` at its deadline, or at `now` when that is earlier (so it runs after the timers
    /// already due now, as a zero delay would).
    public func schedule(_ timer: ClockTimer) {
        if timer.deadline < now { timer.deadline = now }
        enqueue(timer)
    }

    private func enqueue(_ timer: ClockTimer) {
        let deadline = timer.deadline
        // Most timers are due after every pending one: search from the end.
        var index = queue.endIndex
        while index > queue.startIndex, queue[index - 1].deadline > deadline {
            index -= 1
        }
        if index == queue.endIndex {
            queue.append((deadline, timer))
        } else {
            queue.insert((deadline, timer), at: index)
        }
    }

    /// Number of timers still waiting to fire (cancelled ones not counted).
    public var pendingTimerCount: Int {
        var count = 0
        for entry in queue where entry.timer.isPending { count += 1 }
        return count
    }

    /// Moves time forward by `seconds`, firing due timers on the way.
    public func advance(by seconds: Double) {
        advance(to: now + seconds)
    }

    /// Moves time forward to `time` (never backwards), firing due timers on the way.
    public func advance(to time: Double) {
        while let first = queue.first, first.deadline <= time {
            // Out of the queue before it runs, so that the queue no longer holds a timer that fired
            // or was skipped (its owner can then arm it again).
            queue.removeFirst()
            guard first.timer.isPending else { continue }
            now = Swift.max(now, first.deadline)
            first.timer.fire()
        }
        now = Swift.max(now, time)
    }

    /// Fires the timers that are due at the current time without moving it.
    public func runDueTimers() {
        advance(to: now)
    }
}
