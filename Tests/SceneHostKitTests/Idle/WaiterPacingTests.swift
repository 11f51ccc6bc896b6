@testable import SceneHostKit
import TestSupport
import Testing

@Suite("Pacing a waiter's checks by their cost")
struct WaiterPacingTests {
    private static let ms: UInt64 = 1_000_000

    @Test("A cheap condition is checked at every change")
    func cheapIsCheckedEveryTime() {
        var pacing = WaiterPacing()
        var time: UInt64 = 1_000 * Self.ms
        for _ in 0..<100 {
            #expect(pacing.changed(at: time) == .check)
            pacing.checked(from: time, to: time + 2_000)
            time += Self.ms
        }
    }

    @Test("A costly condition is not checked again before four times its cost from its start; the change is owed, not dropped")
    func costlyIsHeldOff() {
        var pacing = WaiterPacing()
        pacing.checked(from: 100 * Self.ms, to: 110 * Self.ms)
        #expect(pacing.earliest == 140 * Self.ms)
        #expect(pacing.changed(at: 112 * Self.ms) == .checkAt(140 * Self.ms))
        #expect(pacing.owesCheck)
        #expect(pacing.changed(at: 120 * Self.ms) == .none, "one wake-up for any number of changes")
        #expect(pacing.wokeUp(at: 139 * Self.ms) == .checkAt(140 * Self.ms), "a timer that runs early sets itself again")
        #expect(pacing.wokeUp(at: 140 * Self.ms) == .check)
        pacing.checked(from: 140 * Self.ms, to: 141 * Self.ms)
        #expect(!pacing.owesCheck)
        #expect(pacing.changed(at: 145 * Self.ms) == .check, "cheaper now: the next change is checked at once")
    }

    @Test("A wake-up with nothing owed does nothing")
    func wakeUpWithoutChange() {
        var pacing = WaiterPacing()
        pacing.checked(from: 0, to: 10 * Self.ms)
        #expect(pacing.wokeUp(at: 50 * Self.ms) == .none)
    }

    @Test("Cost at the end of the clock's range saturates instead of wrapping")
    func saturates() {
        var pacing = WaiterPacing()
        pacing.checked(from: UInt64.max - 10, to: UInt64.max - 1)
        #expect(pacing.earliest == UInt64.max)
        pacing.checked(from: 5, to: 3)
        #expect(pacing.earliest == 5, "a clock that went back counts as no cost")
    }

    @Test("On random costs and changes, no change goes unchecked and checks never take more than a quarter of the time", arguments: [UInt64(7), 42, 0xFEED])
    func randomSchedules(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var pacing = WaiterPacing()
        var time: UInt64 = 0
        var wakeUp: UInt64?
        var busy: UInt64 = 0
        var lastChange: UInt64?
        var firstCheckStart: UInt64?
        func check() {
            let cost = random.next() % (20 * Self.ms)
            if firstCheckStart == nil { firstCheckStart = time }
            pacing.checked(from: time, to: time + cost)
            busy += cost
            time += cost
            lastChange = nil
        }
        for _ in 0..<2_000 {
            time += random.next() % (8 * Self.ms)
            if let due = wakeUp, due <= time {
                wakeUp = nil
                switch pacing.wokeUp(at: due) {
                case .check: check()
                case .checkAt(let later): wakeUp = later
                case .none: break
                }
            }
            if lastChange == nil { lastChange = time }
            switch pacing.changed(at: time) {
            case .check: check()
            case .checkAt(let due): wakeUp = due
            case .none: #expect(wakeUp != nil, "owed with a wake-up set")
            }
            #expect(lastChange == nil || wakeUp != nil, "an unchecked change always has a wake-up")
        }
        if let start = firstCheckStart {
            #expect(busy * WaiterPacing.spacing <= time - start + 20 * Self.ms * WaiterPacing.spacing)
        }
    }
}
