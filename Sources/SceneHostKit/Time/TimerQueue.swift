import SceneCore

/// The pending timers of a host clock, sorted by (deadline, scheduling order): the one queue both
/// ``MonotonicClock`` and ``VirtualClock`` keep, built like SceneCore's `ManualClock`.
///
/// Cancelled timers stay queued until they reach the front and are dropped there, so cancelling costs
/// nothing here. Main actor only, like the clocks that own it.
@MainActor
struct TimerQueue {
    private struct Entry {
        var deadline: Double
        var timer: ClockTimer
        var purpose: TimerPurpose
    }

    private var entries: [Entry] = []

    /// Queues `timer` at `deadline` after every entry due at the same time or earlier.
    mutating func insert(_ timer: ClockTimer, at deadline: Double, purpose: TimerPurpose) {
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
        return (first.deadline, first.timer)
    }

    /// The timers still pending, in firing order.
    var pending: [PendingTimer] {
        entries.lazy.filter { $0.timer.isPending }.map { PendingTimer(deadline: $0.deadline, purpose: $0.purpose) }
    }

    private mutating func dropCancelledFront() {
        var dropped = 0
        while dropped < entries.count, !entries[dropped].timer.isPending { dropped += 1 }
        if dropped > 0 { entries.removeFirst(dropped) }
    }
}
