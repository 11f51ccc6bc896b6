/// A clock that only moves when told to. Tests, benchmarks and deterministic tools drive time with it.
///
/// `advance(by:)` fires every timer whose deadline falls inside the interval, in deadline order
/// (ties in scheduling order), with `now` set to each timer's deadline while it runs. Timers that a
/// firing timer schedules inside the interval fire in the same call. Cancelled timers are skipped and
/// dropped lazily, so cancelling costs nothing here.
@MainActor
public final class ManualClock: EventClock {
    public private(set) var now: Double
    /// Pending timers, sorted by (deadline, scheduling order).
    private var queue: [(deadline: Double, order: UInt64, timer: ClockTimer)] = []
    private var nextOrder: UInt64 = 0

    public init(now: Double = 0) {
        self.now = now
    }

    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ClockTimer {
        let deadline = now + Swift.max(0, delay)
        let timer = ClockTimer(deadline: deadline, action: action)
        let order = nextOrder
        nextOrder += 1
        // Most timers are due after every pending one: search from the end.
        var index = queue.endIndex
        while index > queue.startIndex, queue[index - 1].deadline > deadline {
            index -= 1
        }
        queue.insert((deadline, order, timer), at: index)
        return timer
    }

    /// Number of timers still waiting to fire (cancelled ones not counted).
    public var pendingTimerCount: Int {
        queue.reduce(0) { $0 + ($1.timer.isPending ? 1 : 0) }
    }

    /// Moves time forward by `seconds`, firing due timers on the way.
    public func advance(by seconds: Double) {
        advance(to: now + seconds)
    }

    /// Moves time forward to `time` (never backwards), firing due timers on the way.
    public func advance(to time: Double) {
        while let first = queue.first, first.deadline <= time {
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
