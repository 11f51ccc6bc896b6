import SceneCore

/// The pending timers of a host clock, sorted by (deadline, scheduling order): the one queue both
/// ``MonotonicClock`` and ``VirtualClock`` keep, built like SceneCore's `ManualClock`.
///
/// Cancelled timers stay queued until they reach the front and are dropped there, so cancelling costs
/// nothing here; an insertion sweeps them all out once the queue has doubled since the last sweep
/// (a touch arms and cancels a gesture's timers: at a thousand touches a second a 150 ms timer left
/// 150 cancelled entries that ``pending``, read at the end of every turn of a scene process, walked).
/// Main actor only, like the clocks that own it.
@MainActor
struct TimerQueue {
    private struct Entry {
        var deadline: Double
        var timer: ClockTimer
        var purpose: TimerPurpose
    }

    private var entries: [Entry] = []
    /// How many entries the queue held after its last sweep (or fewer, when it shrank since).
    private var sweptCount = 0

    /// Entries a queue may hold beyond twice its count at the last sweep before it sweeps again.
    static let sweepSlack = 32

    /// Queues `timer` at `deadline` after every entry due at the same time or earlier.
    mutating func insert(_ timer: ClockTimer, at deadline: Double, purpose: TimerPurpose) {
        if entries.count >= 2 * sweptCount + Self.sweepSlack {
            // Amortized: at least `sweptCount + sweepSlack` insertions pay for each sweep.
            entries.removeAll { !$0.timer.isPending }
            sweptCount = entries.count
        }
        // Most timers are due after every queued one: search from the end.
        var index = entries.endIndex
        while index > entries.startIndex, entries[index - 1].deadline > deadline {
            index -= 1
        }
        entries.insert(Entry(deadline: deadline, timer: timer, purpose: purpose), at: index)
    }

    /// The deadline of the first timer still pending (cancelled ones at the front are dropped).
    mutating func nextDeadline() -> Double? {
        dropCancelledFront()
        return entries.first?.deadline
    }

    /// Takes the first pending timer out of the queue if it is due at or before `time`.
    mutating func popDue(notAfter time: Double) -> (deadline: Double, timer: ClockTimer)? {
        dropCancelledFront()
        guard let first = entries.first, first.deadline <= time else { return nil }
        entries.removeFirst()
        sweptCount = min(sweptCount, entries.count)
        return (first.deadline, first.timer)
    }

    /// How many entries are queued, cancelled ones included (what a sweep bounds).
    var count: Int { entries.count }

    /// The timers still pending, in firing order.
    var pending: [PendingTimer] {
        entries.lazy.filter { $0.timer.isPending }.map { PendingTimer(deadline: $0.deadline, purpose: $0.purpose) }
    }

    private mutating func dropCancelledFront() {
        var dropped = 0
        while dropped < entries.count, !entries[dropped].timer.isPending { dropped += 1 }
        if dropped > 0 {
            entries.removeFirst(dropped)
            sweptCount = min(sweptCount, entries.count)
        }
    }
}
