import SceneCore
import Testing

@MainActor
@Suite("ManualClock")
struct ManualClockTests {
    @Test("Timers fire in deadline order, ties in scheduling order, with now set to each deadline")
    func order() {
        let clock = ManualClock()
        var fired: [String] = []
        _ = clock.schedule(after: 2) { fired.append("b@\(clock.now)") }
        _ = clock.schedule(after: 1) { fired.append("a@\(clock.now)") }
        _ = clock.schedule(after: 2) { fired.append("c@\(clock.now)") }
        clock.advance(by: 1.5)
        #expect(fired == ["a@1.0"])
        clock.advance(by: 1)
        #expect(fired == ["a@1.0", "b@2.0", "c@2.0"])
        #expect(clock.now == 2.5)
    }

    @Test("A cancelled timer never fires; timers scheduled by a timer inside the interval fire too")
    func cancelAndChain() {
        let clock = ManualClock()
        var fired = 0
        let timer = clock.schedule(after: 1) { fired += 10 }
        timer.cancel()
        _ = clock.schedule(after: 1) { _ = clock.schedule(after: 1) { fired += 1 } }
        clock.advance(by: 3)
        #expect(fired == 1)
        #expect(!timer.isPending)
        #expect(clock.pendingTimerCount == 0)
    }
}
