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
        var fired: [(String, Double)] = []
        var deadlines: [String: Double] = [:]
        // Each deadline is "now + delay" at its own schedule call, so a busy machine that pauses
        // this thread between the calls may put "a" after "b": the order asserted is the deadlines'.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            for (name, delay) in [("b", 0.02), ("a", 0.005)] {
                deadlines[name] = clock.schedule(after: delay) {
                    fired.append((name, clock.now))
                    if fired.count == 2 { done.resume() }
                }.deadline
            }
            clock.schedule(after: 0.01) { fired.append(("cancelled", clock.now)) }.cancel()
            #expect(clock.pendingTimers.count == 2)
        }
        let byDeadline = deadlines.sorted { $0.value < $1.value }.map(\.key)
        #expect(fired.map(\.0) == byDeadline)
        for (name, time) in fired {
            #expect(time >= deadlines[name] ?? .infinity, "\(name) fired before its deadline")
        }
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
