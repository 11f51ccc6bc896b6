import SceneCore
import SceneHostKit
import Testing

/// The real clock (its timers wait for real time, a few milliseconds here).
@MainActor
@Suite("Monotonic clock")
struct MonotonicClockTests {
    @Test("Timers fire on the main loop in deadline order, not before their deadline, and cancelled ones never fire")
    func firesInOrder() async {
        let clock = MonotonicClock()
        let start = clock.now
        var fired: [(String, Double)] = []
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = clock.schedule(after: 0.02) {
                fired.append(("b", clock.now))
                done.resume()
            }
            _ = clock.schedule(after: 0.005) { fired.append(("a", clock.now)) }
            clock.schedule(after: 0.01) { fired.append(("cancelled", clock.now)) }.cancel()
            #expect(clock.pendingTimers.count == 2)
        }
        #expect(fired.map(\.0) == ["a", "b"])
        #expect(fired[0].1 - start >= 0.005)
        #expect(fired[1].1 - start >= 0.02)
        #expect(clock.pendingTimers.isEmpty)
    }

    // VirtualClockTests states the same rule for the virtual clock, deliberately apart (`duplicates`
    // pairs them): each clock's suite states its own contract.
    @Test("A timer scheduled with no delay runs at the next turn, never inside schedule")
    func zeroDelay() async {
        let clock = MonotonicClock()
        var fired = false
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = clock.schedule(after: 0) {
                fired = true
                done.resume()
            }
            #expect(!fired)
        }
        #expect(fired)
    }

    @Test("Scripted steps are tagged as input scripts, plain timers as code")
    func purposes() {
        let clock = MonotonicClock()
        let script = clock.schedule(after: 10, purpose: .inputScript) {}
        let code = clock.schedule(after: 20) {}
        #expect(clock.pendingTimers.map(\.purpose) == [.inputScript, .code])
        script.cancel()
        code.cancel()
        #expect(clock.pendingTimers.isEmpty)
    }
}
