import SceneCore
import Testing

/// Block animations on the manual clock [AN-2 … AN-4, HT-10]: the model changes at once, the
/// presentation moves frame by frame, hit testing uses the model, completions come from the clock.
///
/// The harness's clock starts at 100. `box` is a 100 × 100 view at (0, 0) in the root view.
@MainActor
@Suite("View animations")
struct ViewAnimationTests {
    let harness = Harness()
    let box = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let completions = LineLog()

    init() {
        box.backgroundColor = .red
        harness.root.addSubview(box)
    }

    private func complete(_ name: String) -> @MainActor (Bool) -> Void {
        { [completions] finished in completions.lines.append("\(name) finished=\(finished)") }
    }

    private func moveBox(to x: Double, duration: Double = 1, delay: Double = 0, options: AnimationOptions = .curveLinear, name: String = "move") {
        View.animate(withDuration: duration, delay: delay, options: options, animations: { box.center = Point(x: x, y: 50) }, completion: complete(name))
    }

    private func drawnFills() -> [(Rect, Color)] {
        let context = RecordingContext()
        harness.window.drawHierarchy(in: context, region: DamageRegion(harness.window.bounds))
        return context.fills
    }

    // MARK: Model and presentation [AN-2]

    @Test("AN-2: the model value changes at once; the presentation runs from the old value to it along the curve and ends on it")
    func modelAtOncePresentationOverTime() {
        moveBox(to: 250)
        #expect(box.center == Point(x: 250, y: 50), "the model is the destination inside the call")
        #expect(box.presentation.center == Point(x: 50, y: 50))
        #expect(box.isAnimating)
        harness.wait(0.25)
        #expect(box.presentation.center.x == 100, "linear: a quarter of the way after a quarter of the time")
        harness.wait(0.5)
        #expect(box.presentation.center.x == 200)
        harness.wait(0.25)
        #expect(box.presentation.center == Point(x: 250, y: 50))
        #expect(!box.isAnimating)
        #expect(completions.lines == ["move finished=true"])
    }

    @Test("AN-2: the default curve is ease-in-out, and a named curve option picks its curve")
    func curves() {
        View.animate(withDuration: 1, animations: { box.center = Point(x: 150, y: 50) })
        harness.wait(0.25)
        let expected = 50 + 100 * TimingCurve.easeInOut.progress(at: 0.25, duration: 1)
        #expect(abs(box.presentation.center.x - expected) < 1e-9)
        #expect(box.presentation.center.x < 75, "slow at the start")
        harness.wait(1)
        View.animate(withDuration: 1, options: .curveEaseOut, animations: { box.center = Point(x: 250, y: 50) })
        harness.wait(0.25)
        #expect(abs(box.presentation.center.x - (150 + 100 * TimingCurve.easeOut.progress(at: 0.25, duration: 1))) < 1e-9)
    }

    @Test("AN-2: a spring animation is at the spring curve's value at fixed times and rests exactly on the target")
    func springPositions() {
        View.animate(
            withDuration: 0.5, usingSpringWithDamping: 0.3, initialSpringVelocity: 2,
            animations: { box.alpha = 0 }, completion: complete("spring"))
        let curve = TimingCurve.spring(dampingRatio: 0.3, initialVelocity: 2)
        var overshot = false
        for step in 1...29 {
            harness.wait(1.0 / 60)
            let elapsed = Double(step) / 60
            let expected = 1 - curve.progress(at: elapsed, duration: 0.5)
            #expect(abs(box.presentation.alpha - expected) < 1e-9, "at \(elapsed) s")
            if box.presentation.alpha < 0 { overshot = true }
        }
        #expect(overshot, "a damping ratio of 0.3 overshoots its target")
        harness.wait(0.1)
        #expect(box.presentation.alpha == 0)
        #expect(completions.lines == ["spring finished=true"])
    }

    @Test("AN-2: a frame change animates bounds and center, and the subviews autoresizing follows animate with it")
    func frameAnimatesBoundsAndCenter() {
        let bar = View(frame: Rect(x: 0, y: 0, width: 100, height: 10))
        bar.autoresizingMask = [.flexibleWidth]
        box.addSubview(bar)
        View.animate(withDuration: 1, options: .curveLinear, animations: { box.frame = Rect(x: 0, y: 0, width: 300, height: 100) })
        #expect(bar.frame.size.width == 300)
        harness.wait(0.5)
        #expect(box.presentation.frame == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(bar.presentation.bounds.size.width == 200, "the autoresized subview animates in the same block")
    }

    @Test("AN-2: a background colour animates through its premultiplied components, so a fade from none does not pass through black")
    func colourFromClear() {
        let fresh = View(frame: Rect(x: 200, y: 0, width: 10, height: 10))
        harness.root.addSubview(fresh)
        View.animate(withDuration: 1, options: .curveLinear, animations: { fresh.backgroundColor = Color(red: 1, green: 0, blue: 0) })
        harness.wait(0.5)
        #expect(fresh.presentation.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    }

    @Test("AN-2: a drawing shows the presentation at the clock's time, between two frames too, and after the end the model")
    func drawingShowsThePresentation() {
        moveBox(to: 250)
        harness.clock.advance(by: 0.5 + 1.0 / 120)  // half a frame past a frame
        let fill = drawnFills().first { $0.1 == .red }
        #expect(abs((fill?.0.origin.x ?? 0) - (100 + 200.0 / 120)) < 1e-9, "drawn where the animation is at the clock's time, not at the last frame")
        #expect(harness.window.hitTest(Point(x: 230, y: 50), with: nil) === harness.root, "hit testing is not the drawing")
        harness.wait(1)
        #expect(drawnFills().first { $0.1 == .red }?.0 == Rect(x: 200, y: 0, width: 100, height: 100))
    }

    @Test("AN-2: with an observer, every frame damages where the view was and where it is; with nothing running no timer is armed")
    func framesDamageAndStop() {
        let observer = harness.window.addDamageObserver()
        _ = drawnFills()
        _ = observer.takeRegion()
        moveBox(to: 250)
        harness.wait(1.0 / 60)
        harness.window.resolvePendingDamage()
        let region = observer.takeRegion()
        #expect(region.intersects(Rect(x: 1, y: 50, width: 1, height: 1)), "where it was")
        #expect(region.intersects(Rect(x: 102, y: 50, width: 1, height: 1)), "where it is now (moved 200/60 pt)")
        #expect(!region.intersects(Rect(x: 200, y: 50, width: 1, height: 1)), "not where the model is")
        harness.wait(1)
        #expect(harness.clock.pendingTimerCount == 0, "no frames are owed once nothing animates")
        harness.window.removeDamageObserver(observer)
    }

    // MARK: Hit testing [HT-10]

    @Test("HT-10: a view animating without allowUserInteraction is not hit, nor is its subtree; once it ends it is hit at its model place")
    func animatingViewsAreNotHit() {
        let inner = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        box.addSubview(inner)
        moveBox(to: 250)
        #expect(harness.window.hitTest(Point(x: 220, y: 20), with: nil) === harness.root)
        #expect(harness.window.hitTest(Point(x: 20, y: 50), with: nil) === harness.root, "nor where it is drawn")
        harness.wait(1)
        #expect(harness.window.hitTest(Point(x: 220, y: 20), with: nil) === inner)
    }

    @Test("HT-10: with allowUserInteraction the animating view is hit at its model place, not where it is drawn")
    func allowUserInteractionHitsTheModel() {
        moveBox(to: 250, options: [.curveLinear, .allowUserInteraction])
        harness.wait(0.5)
        #expect(harness.window.hitTest(Point(x: 250, y: 50), with: nil) === box)
        #expect(harness.window.hitTest(Point(x: 150, y: 50), with: nil) === harness.root, "where it is drawn is empty for touches")
    }

    @Test("HT-10: a touch on an animating view goes to the view behind it, and a tap there after the end reaches it")
    func touchesDuringAnimation() {
        moveBox(to: 250)
        let touch = harness.tap(250, 50)
        #expect(touch?.view === harness.root)
        harness.wait(1)
        #expect(harness.tap(250, 50)?.view === box)
    }

    // MARK: Interruption [AN-3]

    @Test("AN-3: animating a property again interrupts its animation: finished=false from the clock, not inside the call")
    func interruptionCompletesFalse() {
        moveBox(to: 250, name: "first")
        harness.wait(0.5)
        moveBox(to: 50, name: "second")
        #expect(completions.lines.isEmpty, "never called inside animate")
        harness.wait(0)
        #expect(completions.lines == ["first finished=false"])
        harness.wait(1)
        #expect(completions.lines == ["first finished=false", "second finished=true"])
    }

    @Test("AN-3: without beginFromCurrentState the new animation starts from the model value; with it, from where the view is drawn")
    func beginFromCurrentState() {
        moveBox(to: 250)
        harness.wait(0.5)
        #expect(box.presentation.center.x == 150)
        moveBox(to: 50)
        #expect(box.presentation.center.x == 250, "jumps to the old model value (the old destination)")
        harness.wait(1)
        moveBox(to: 250)
        harness.wait(0.5)
        moveBox(to: 50, options: [.curveLinear, .beginFromCurrentState])
        #expect(box.presentation.center.x == 150, "goes on from where it is drawn")
        harness.wait(0.5)
        #expect(box.presentation.center.x == 100)
    }

    @Test("AN-3: a change without animation leaves a running animation alone; the view is drawn at the model from its end on")
    func plainChangeKeepsTheAnimation() {
        moveBox(to: 250)
        harness.wait(0.5)
        box.center = Point(x: 400, y: 50)
        harness.wait(0.25)
        #expect(box.presentation.center.x == 200)
        harness.wait(0.25)
        #expect(box.presentation.center.x == 400)
        #expect(completions.lines == ["move finished=true"])
    }

    @Test("AN-3: an animation of another property of the same view runs beside it, and each block completes on its own")
    func otherPropertiesRunTogether() {
        moveBox(to: 250, name: "move")
        harness.wait(0.5)
        View.animate(withDuration: 1, options: .curveLinear, animations: { box.alpha = 0.5 }, completion: complete("fade"))
        harness.wait(0.5)
        #expect(box.presentation.center.x == 250)
        #expect(box.presentation.alpha == 0.75)
        harness.wait(0.5)
        #expect(completions.lines == ["move finished=true", "fade finished=true"])
    }

    // MARK: Time and completion [AN-4]

    @Test("AN-4: a delay holds the old value, then runs the animation; the completion comes after delay and duration")
    func delay() {
        moveBox(to: 250, delay: 0.5)
        harness.wait(0.5)
        #expect(box.presentation.center.x == 50)
        harness.wait(0.5)
        #expect(box.presentation.center.x == 150)
        #expect(completions.lines.isEmpty)
        harness.wait(0.5)
        #expect(completions.lines == ["move finished=true"])
    }

    @Test("AN-4: with nothing to animate the completion gets finished=true from the clock, after the delay")
    func nothingToAnimate() {
        moveBox(to: 50, delay: 0.2, name: "unchanged")
        moveBox(to: 100, duration: 0, name: "instant")
        #expect(box.center.x == 100)
        #expect(!box.isAnimating)
        #expect(completions.lines.isEmpty)
        harness.wait(0)
        #expect(completions.lines == ["instant finished=true"])
        harness.wait(0.2)
        #expect(completions.lines == ["instant finished=true", "unchanged finished=true"])
    }

    @Test("AN-4: views outside any window change without animating, and their block completes at once")
    func outsideAWindow() {
        let loose = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        View.animate(withDuration: 1, animations: { loose.alpha = 0.5 }, completion: complete("loose"))
        #expect(loose.alpha == 0.5)
        #expect(!loose.isAnimating)
        #expect(completions.lines == ["loose finished=true"])
    }

    @Test("AN-4: performWithoutAnimation inside a block changes at once, and nested blocks keep their own timing")
    func withoutAnimationAndNesting() {
        let other = View(frame: Rect(x: 200, y: 200, width: 10, height: 10))
        harness.root.addSubview(other)
        View.animate(withDuration: 1, options: .curveLinear, animations: {
            View.performWithoutAnimation { box.alpha = 0.5 }
            View.animate(withDuration: 2, options: .curveLinear, animations: { other.alpha = 0 })
            box.center = Point(x: 150, y: 50)
        })
        #expect(box.presentation.alpha == 0.5)
        harness.wait(0.5)
        #expect(box.presentation.center.x == 100)
        #expect(other.presentation.alpha == 0.75, "its own two seconds")
    }

    @Test("AN-4: the pending-work list names each running animation, its view, property and end, until it ends")
    func pendingWorkNamesAnimations() {
        moveBox(to: 250)
        harness.wait(0.25)
        let work = harness.application.pendingWork()
        #expect(work.count == 1)
        #expect(work.first?.view === box)
        #expect(work.first?.deadline == 101)
        #expect(work.first?.summary.hasSuffix("animates center until 101") == true, "\(work.first?.summary ?? "")")
        harness.wait(0.75)
        #expect(harness.application.pendingWork().isEmpty)
    }
}
