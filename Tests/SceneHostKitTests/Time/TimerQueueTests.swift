import SceneCore
@testable import SceneHostKit
import TestSupport
import Testing

@MainActor
@Suite("Timer queue")
struct TimerQueueTests {
    /// The plain definition: every timer ever queued, kept in (deadline, scheduling order), read by
    /// filtering out the cancelled ones each time.
    @MainActor
    private struct Reference {
        var entries: [(deadline: Double, order: Int, timer: ClockTimer, purpose: TimerPurpose)] = []
        var scheduled = 0

        mutating func insert(_ timer: ClockTimer, at deadline: Double, purpose: TimerPurpose) {
            // After every entry due at the same time or earlier: (deadline, scheduling order).
            let index = entries.firstIndex { $0.deadline > deadline } ?? entries.endIndex
            entries.insert((deadline, scheduled, timer, purpose), at: index)
            scheduled += 1
        }

        var live: [(deadline: Double, order: Int, timer: ClockTimer, purpose: TimerPurpose)] { entries.filter { $0.timer.isPending } }

        var pending: [PendingTimer] { live.map { PendingTimer(deadline: $0.deadline, purpose: $0.purpose) } }

        mutating func popDue(notAfter time: Double) -> ClockTimer? {
            guard let first = live.first, first.deadline <= time else { return nil }
            entries.removeAll { $0.timer === first.timer }
            return first.timer
        }
    }

    @Test("Random inserts, cancels and pops answer as the plain definition does: the pending timers, the next deadline, the timer popped", arguments: [1 as UInt64, 2, 3, 4])
    func agreesWithThePlainDefinition(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var queue = TimerQueue()
        var reference = Reference()
        var timers: [ClockTimer] = []
        let purposes: [TimerPurpose] = [.model, .code, .inputScript]
        for step in 0..<2_000 {
            switch random.below(10) {
            case 0..<5:
                // Few distinct deadlines, so that ties (kept in scheduling order) are common.
                let deadline = Double(random.below(40)) / 4
                let timer = ClockTimer(deadline: deadline, action: {})
                let purpose = purposes[random.below(purposes.count)]
                queue.insert(timer, at: deadline, purpose: purpose)
                reference.insert(timer, at: deadline, purpose: purpose)
                timers.append(timer)
            case 5..<8:
                if !timers.isEmpty { timers[random.below(timers.count)].cancel() }
            case 8:
                let time = Double(random.below(40)) / 4
                let popped = queue.popDue(notAfter: time)
                let expected = reference.popDue(notAfter: time)
                #expect(popped?.timer === expected, "seed \(seed), step \(step)")
                popped?.timer.cancel()
            default:
                #expect(queue.nextDeadline() == reference.live.first?.deadline, "seed \(seed), step \(step)")
            }
            #expect(queue.pending == reference.pending, "seed \(seed), step \(step)")
        }
    }

    @Test("Timers armed and cancelled again and again leave a bounded queue, not one entry each")
    func cancelledTimersAreSwept() {
        var queue = TimerQueue()
        let kept = ClockTimer(deadline: 100, action: {})
        queue.insert(kept, at: 100, purpose: .code)
        var most = 0
        for index in 0..<10_000 {
            // A gesture's timer: armed at a touch-down, cancelled at its touch-up, due later than either.
            let timer = ClockTimer(deadline: 50 + Double(index) / 1_000, action: {})
            queue.insert(timer, at: timer.deadline, purpose: .model)
            timer.cancel()
            most = max(most, queue.count)
        }
        #expect(most <= 2 + TimerQueue.sweepSlack, "at most the slack's cancelled entries beyond twice the live ones; it held \(most)")
        #expect(queue.pending == [PendingTimer(deadline: 100, purpose: .code)])
    }
}
