import SceneCore
import Testing

/// Property animators on the manual clock [AN-5, HT-10]: run, pause, scrub, reverse, continue, stop.
///
/// `box` is a 100 × 100 view centred at (50, 50); each animator moves its center to x 250 over 1 s,
/// linear, so progress p draws it at x 50 + 200·p.
@MainActor
@Suite("Property animators")
struct PropertyAnimatorTests {
    let harness = Harness()
    let box = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let ends = LineLog()

    init() {
        harness.root.addSubview(box)
    }

    private func animator(curve: TimingCurve = .linear) -> PropertyAnimator {
        let animator = PropertyAnimator(duration: 1, curve: curve) { [box] in box.center = Point(x: 250, y: 50) }
        animator.addCompletion { [ends] position in ends.lines.append(position.rawValue) }
        return animator
    }

    private var drawnX: Double { box.presentation.center.x }

    @Test("AN-5: started, it runs its blocks (the model at once) and draws the progress along its curve to the end, then completes at .end")
    func runsToTheEnd() {
        let animator = animator()
        #expect(animator.state == .inactive)
        animator.startAnimation()
        #expect(box.center.x == 250)
        #expect(animator.state == .active && animator.isRunning)
        harness.wait(0.3)
        #expect(abs(drawnX - 110) < 1e-9)
        #expect(abs(animator.fractionComplete - 0.3) < 1e-9)
        harness.wait(0.7)
        #expect(drawnX == 250)
        #expect(animator.state == .inactive)
        #expect(ends.lines == ["end"])
    }

    @Test("AN-5: paused it stays; fractionComplete scrubs it linearly, even on an eased curve; continued it runs the rest of the time")
    func pauseScrubContinue() {
        let animator = animator(curve: .easeInOut)
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning)
        #expect(box.center.x == 250 && drawnX == 50)
        animator.fractionComplete = 0.5
        #expect(drawnX == 150, "scrubbing is linear")
        harness.wait(5)
        #expect(drawnX == 150, "a paused animator does not move")
        #expect(harness.application.pendingWork().isEmpty, "nor is it pending work: it waits for input, not time")
        animator.fractionComplete = 2
        #expect(animator.fractionComplete == 1, "clamped")
        animator.fractionComplete = 0.25
        animator.continueAnimation(withTimingParameters: .linear)
        harness.wait(0.375)
        #expect(abs(drawnX - 175) < 1e-9, "the remaining 0.75 of the way over the remaining 0.75 s: at 0.625 halfway")
        harness.wait(0.375)
        #expect(ends.lines == ["end"])
    }

    @Test("AN-5: reversed, it runs back from where it is to its start; finishing there puts the model back")
    func reverse() {
        let animator = animator()
        animator.startAnimation()
        harness.wait(0.4)
        animator.isReversed = true
        harness.wait(0.2)
        #expect(abs(drawnX - 90) < 1e-9, "halfway back from 0.4")
        harness.wait(0.2)
        #expect(ends.lines == ["start"])
        #expect(box.center.x == 50, "the model is back at its start")
        #expect(drawnX == 50)
    }

    @Test("AN-5: a paused animator reversed and continued with a duration factor returns to the start in that share of its time")
    func interactiveCancel() {
        let animator = animator()
        animator.pauseAnimation()
        animator.fractionComplete = 0.6
        animator.isReversed = true
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0.5)
        harness.wait(0.15)
        #expect(abs(drawnX - 110) < 1e-9, "0.6 of the way back over 0.3 s: at 0.3 after 0.15 s")
        harness.wait(0.15)
        #expect(ends.lines == ["start"])
        #expect(box.center.x == 50)
    }

    @Test("AN-5: stopped without finishing, the model takes the drawn values and no completion runs; stopped to finish, finishAnimation(at:) ends it")
    func stop() {
        let first = animator()
        first.startAnimation()
        harness.wait(0.25)
        first.stopAnimation(true)
        #expect(first.state == .inactive)
        #expect(abs(box.center.x - 100) < 1e-9 && !box.isAnimating)
        harness.wait(1)
        #expect(ends.lines.isEmpty)

        let second = PropertyAnimator(duration: 1, curve: .linear) { [box] in box.center = Point(x: 300, y: 50) }
        second.addCompletion { [ends] position in ends.lines.append(position.rawValue) }
        second.startAnimation()
        harness.wait(0.5)
        second.stopAnimation(false)
        #expect(second.state == .stopped)
        second.startAnimation()
        #expect(second.state == .stopped, "a stopped animator does not start again")
        second.finishAnimation(at: .start)
        #expect(box.center.x == 100 && ends.lines == ["start"])
    }

    @Test("HT-10: a property animator lets touches reach its views by default; with isUserInteractionEnabled false they are not hit")
    func interaction() {
        let open = animator()
        open.startAnimation()
        #expect(harness.window.hitTest(Point(x: 250, y: 50), with: nil) === box)
        harness.wait(1)
        let closed = PropertyAnimator(duration: 1, curve: .linear) { [box] in box.center = Point(x: 50, y: 50) }
        closed.isUserInteractionEnabled = false
        closed.startAnimation()
        #expect(harness.window.hitTest(Point(x: 50, y: 50), with: nil) === harness.root)
        harness.wait(1)
        #expect(harness.window.hitTest(Point(x: 50, y: 50), with: nil) === box)
    }

    @Test("AN-5: a running animator is pending work until its end; nothing is armed afterwards")
    func pending() {
        let animator = animator()
        animator.startAnimation()
        #expect(harness.application.pendingWork().first?.deadline == 101)
        harness.wait(1)
        #expect(harness.application.pendingWork().isEmpty)
        #expect(harness.clock.pendingTimerCount == 0)
    }
}
