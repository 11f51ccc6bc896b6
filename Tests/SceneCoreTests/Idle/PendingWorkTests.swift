import SceneCore
import Testing

/// `Application.pendingWork()`: what keeps the model busy, with its owner, until it is idle.
@MainActor
@Suite("Pending work")
struct PendingWorkTests {
    /// A view at (0, 0, 200 × 200) under the root, with `recognizers` on it.
    private func view(in harness: Harness, _ recognizers: [GestureRecognizer] = []) -> View {
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        view.accessibilityIdentifier = "target"
        for recognizer in recognizers { view.addGestureRecognizer(recognizer) }
        harness.root.addSubview(view)
        return view
    }

    @Test("A model with nothing going on has no pending work")
    func idleModel() {
        let harness = Harness()
        _ = view(in: harness)
        #expect(harness.application.pendingWork().isEmpty)
    }

    @Test("A finger that is down is pending until it lifts, named with its view")
    func touchDown() {
        let harness = Harness()
        _ = view(in: harness)
        let touch = harness.down(50, 50)
        let work = harness.application.pendingWork()
        #expect(work.count == 1)
        guard case .touchDown(let pending)? = work.first else {
            Issue.record("expected a touch, got \(work.map(\.summary))")
            return
        }
        #expect(pending === touch)
        #expect(work[0].summary == "touch \(touch!.identifier) is down (began) on target")
        #expect(work[0].window === harness.window)
        harness.up(touch)
        #expect(harness.application.pendingWork().isEmpty)
    }

    @Test("A long press waits on its timer, with its deadline, until the timer fires")
    func longPressTimer() {
        let harness = Harness()
        let press = LongPressGestureRecognizer(name: "press") { _ in }
        _ = view(in: harness, [press])
        let touch = harness.down(50, 50)
        let timers = harness.application.pendingWork().filter { $0.deadline != nil }
        #expect(timers.count == 1)
        #expect(timers.first?.deadline == 100.5)
        #expect(timers.first?.summary == "recognizer press on target waits for the press to last 0.5 s")
        harness.clock.advance(by: 0.6)
        #expect(press.state == .began)
        #expect(harness.application.pendingWork().allSatisfy { $0.deadline == nil }, "only the finger is left")
        harness.up(touch)
        #expect(harness.application.pendingWork().isEmpty)
    }

    @Test("A single tap that requires a double tap to fail waits, and the double tap's timer is pending, until it fires")
    func tapWaitsForDoubleTap() {
        let harness = Harness()
        var singles = 0
        let single = TapGestureRecognizer(name: "single") { _ in singles += 1 }
        let double = TapGestureRecognizer(name: "double") { _ in }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        _ = view(in: harness, [single, double])
        harness.tap(50, 50)
        let summaries = harness.application.pendingWork().map(\.summary)
        #expect(summaries.contains("recognizer double on target waits for tap 2 of 2 to begin (within 0.35 s of the last lift)"))
        #expect(summaries.contains("recognizer single on target recognized and waits for double on target to fail"))
        #expect(harness.application.pendingWork().compactMap(\.deadline) == [100.05 + 0.35])
        #expect(singles == 0)
        harness.clock.advance(by: 0.4)
        #expect(singles == 1)
        #expect(harness.application.pendingWork().isEmpty)
    }

    @Test("A touch held back by delaysTouchesBegan is a delayed delivery until the recognizer fails")
    func delayedDelivery() {
        let harness = Harness()
        let press = LongPressGestureRecognizer(name: "press") { _ in }
        press.delaysTouchesBegan = true
        _ = view(in: harness, [press])
        let touch = harness.down(50, 50)
        let delayed = harness.application.pendingWork().filter {
            if case .delayedDelivery(_, let phase) = $0 { return phase == .began }
            return false
        }
        #expect(delayed.count == 1)
        #expect(delayed.first?.summary.hasSuffix("'s began is held back from target until a recognizer decides") == true)
        harness.move(touch, 120, 50)  // moves too far: the press fails, the began is released
        #expect(!harness.application.pendingWork().contains { if case .delayedDelivery = $0 { true } else { false } })
        harness.up(touch)
        #expect(harness.application.pendingWork().isEmpty)
    }
}
