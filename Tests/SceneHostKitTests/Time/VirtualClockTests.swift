import SceneCore
import SceneHostKit
import Testing

@MainActor
@Suite("Virtual clock")
struct VirtualClockTests {
    @Test("Advancing fires every due timer in deadline order (ties in scheduling order), each at its own time, and skips cancelled ones")
    func advanceFiresInOrder() {
        let clock = VirtualClock()
        var fired: [String] = []
        _ = clock.schedule(after: 0.3) { fired.append("c@\(clock.now)") }
        _ = clock.schedule(after: 0.1) { fired.append("a@\(clock.now)") }
        _ = clock.schedule(after: 0.1) { fired.append("b@\(clock.now)") }
        let cancelled = clock.schedule(after: 0.2) { fired.append("cancelled") }
        _ = clock.schedule(after: 0.5) { fired.append("late") }
        cancelled.cancel()
        clock.advance(by: 0.3)
        #expect(fired == ["a@0.1", "b@0.1", "c@0.3"])
        #expect(clock.now == 0.3)
        #expect(clock.pendingTimers == [PendingTimer(deadline: 0.5, purpose: .code)])
    }

    @Test("A timer that a firing timer schedules inside the span fires in the same advance")
    func chainedTimers() {
        let clock = VirtualClock()
        var fired: [Double] = []
        _ = clock.schedule(after: 0.1) {
            fired.append(clock.now)
            _ = clock.schedule(after: 0.1) { fired.append(clock.now) }
        }
        clock.advance(by: 0.25)
        #expect(fired == [0.1, 0.2])
    }

    @Test("Time moves only when told to: nothing fires by itself, and the time does not change")
    func timeStandsStill() async {
        let clock = VirtualClock(now: 5)
        var fired = false
        _ = clock.schedule(after: 0.001) { fired = true }
        await Task.yield()
        #expect(!fired)
        #expect(clock.now == 5)
    }

    // The same rule as MonotonicClockTests' zeroDelay, deliberately spelled out again (`duplicates` pairs
    // them): each clock's suite states its own contract, and this one also checks that time stood still.
    @Test("A timer due now runs at the next turn of the main loop without anyone advancing, never inside schedule")
    func dueTimersRunOnTheNextTurn() async {
        let clock = VirtualClock()
        var fired = false
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = clock.schedule(after: 0) {
                fired = true
                done.resume()
            }
            #expect(!fired)
        }
        #expect(fired)
        #expect(clock.now == 0)
    }

    @Test("drive(until:) fires one timer at a time until its goal holds; a nested drive adds its goal to the outer one")
    func drive() {
        let clock = VirtualClock()
        var steps: [Double] = []
        var innerDone = false
        _ = clock.schedule(after: 0.2) {
            steps.append(clock.now)
            // A nested drive (as when a step starts another script): the outer one finishes it.
            _ = clock.schedule(after: 0.5) {
                steps.append(clock.now)
                innerDone = true
            }
            clock.drive { innerDone }
        }
        _ = clock.schedule(after: 0.1) { steps.append(clock.now) }
        _ = clock.schedule(after: 9) { steps.append(clock.now) }
        clock.drive { steps.count >= 2 }
        #expect(steps == [0.1, 0.2, 0.7])
        #expect(clock.now == 0.7)
    }

    @Test("onTimersFired runs once after each batch of fired timers")
    func firedCallback() {
        let clock = VirtualClock()
        var batches = 0
        clock.onTimersFired = { batches += 1 }
        _ = clock.schedule(after: 0.1) {}
        _ = clock.schedule(after: 0.2) {}
        clock.advance(by: 1)
        clock.advance(by: 1)
        #expect(batches == 1)
    }

    @Test("Owner-driven SceneCore timers are queued as model timers: a long press on a virtual clock begins when the clock passes its deadline")
    func longPressOnTheVirtualClock() {
        let clock = VirtualClock()
        let application = Application(clock: clock)
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let press = LongPressGestureRecognizer(name: "press") { _ in }
        view.addGestureRecognizer(press)
        let delegate = BuildWindow(views: [view])
        let scene = try! application.connectScene(named: "s", delegate: delegate, screenFrame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.activate()
        let touch = application.touchDown(at: Point(x: 50, y: 50))
        #expect(clock.pendingTimers == [PendingTimer(deadline: 0.5, purpose: .model)])
        clock.advance(by: 0.49)
        #expect(press.state == .possible)
        clock.advance(by: 0.01)
        #expect(press.state == .began)
        application.touchUp(touch!)
    }
}
