import SceneCore
import Testing

// Each test spells out its own touch script through GestureMachineDriver (the shared fixture), so
// that a case reads as the rule it checks; scripts alike in shape (`duplicates` pairs them, within this
// file and with the other machines' tests) are deliberate, not copies to merge.

@Suite("LongPressMachine")
struct LongPressMachineTests {
    @Test("GR-14: defaults come from InteractionDefaults")
    func defaults() {
        let machine = LongPressMachine()
        #expect(machine.minimumPressDuration == InteractionDefaults.longPressMinimumDuration)
        #expect(machine.allowableMovement == InteractionDefaults.longPressAllowableMovement)
        #expect(machine.numberOfTapsRequired == 0)
        #expect(machine.numberOfTouchesRequired == 1)
        #expect(machine.maximumTapPressDuration == InteractionDefaults.tapMaximumPressDuration)
        #expect(machine.maximumTapInterval == InteractionDefaults.tapMaximumInterval)
    }

    @Test("GR-14, §9-24: a still press begins at t = 0.5 from the timer; a 3 pt move changes; the lift ends")
    func scenario24Press() {
        var driver = GestureMachineDriver(LongPressMachine())
        #expect(driver.down(1, 100, 100, at: 0) == .none)
        #expect(isApproximately(driver.machine.deadline, 0.5))
        #expect(driver.machine.timerFired(at: 0.49) == .none)
        driver.advance(to: 0.5)
        #expect(driver.steps == [MachineStep(0.5, .begin)])
        #expect(driver.machine.deadline == nil)
        #expect(driver.move(1, 103, 100, at: 0.6) == .change)
        #expect(driver.up(1, 103, 100, at: 0.7) == .end)
        #expect(driver.steps == [MachineStep(0.5, .begin), MachineStep(0.6, .change), MachineStep(0.7, .end)])
        #expect(driver.machine.location == Point(x: 103, y: 100))
    }

    @Test("GR-14, §9-24: moving 15 pt at t = 0.2 fails the press, and no timer is left")
    func scenario24MoveFails() {
        var driver = GestureMachineDriver(LongPressMachine())
        driver.down(1, 100, 100, at: 0)
        #expect(driver.move(1, 115, 100, at: 0.2) == .fail)
        #expect(driver.machine.deadline == nil)
        driver.advance(to: 1)
        driver.up(1, 115, 100, at: 1)
        #expect(driver.steps == [MachineStep(0.2, .fail)])
    }

    @Test(
        "GR-14: before it begins, a press fails only when a touch moves beyond the allowable movement",
        arguments: [(9.0, 0.0, false), (10.0, 0.0, false), (6.0, 8.0, false), (8.0, 8.0, true), (0.0, 10.5, true)]
    )
    func allowableMovement(dx: Double, dy: Double, fails: Bool) {
        var driver = GestureMachineDriver(LongPressMachine())
        driver.down(1, 100, 100, at: 0)
        driver.move(1, 100 + dx, 100 + dy, at: 0.2)
        driver.advance(to: 0.6)
        #expect(driver.steps == (fails ? [MachineStep(0.2, .fail)] : [MachineStep(0.5, .begin)]))
    }

    @Test("GR-14: lifting before the timer fails the press")
    func liftBeforeTimerFails() {
        var driver = GestureMachineDriver(LongPressMachine())
        driver.down(1, 100, 100, at: 0)
        #expect(driver.up(1, 100, 100, at: 0.3) == .fail)
        #expect(driver.machine.deadline == nil)
    }

    @Test("GR-14: a touch beyond the required number fails the press")
    func tooManyTouchesFails() {
        var driver = GestureMachineDriver(LongPressMachine())
        driver.down(1, 100, 100, at: 0)
        #expect(driver.down(2, 150, 100, at: 0.1) == .fail)
        driver.advance(to: 1)
        #expect(driver.steps == [MachineStep(0.1, .fail)])
    }

    @Test("GR-14: a cancelled touch fails a press that has not begun")
    func cancelBeforeBeginFails() {
        var driver = GestureMachineDriver(LongPressMachine())
        driver.down(1, 100, 100, at: 0)
        #expect(driver.cancel(1, at: 0.1) == .fail)
    }

    @Test("GR-14: the timer starts when the required touches are all down")
    func timerStartsWithRequiredTouches() {
        var driver = GestureMachineDriver(LongPressMachine(numberOfTouchesRequired: 2))
        driver.down(1, 100, 100, at: 0)
        #expect(driver.machine.deadline == nil)
        driver.down(2, 140, 100, at: 0.2)
        #expect(isApproximately(driver.machine.deadline, 0.7))
        driver.advance(to: 1)
        #expect(driver.steps == [MachineStep(0.7, .begin)])
        #expect(driver.machine.touchCount == 2)
        #expect(driver.machine.location == Point(x: 120, y: 100))
    }

    @Test("GR-14: after it begins, movement of any size changes and never cancels")
    func movementAfterBeginChanges() {
        var driver = GestureMachineDriver(LongPressMachine())
        driver.down(1, 100, 100, at: 0)
        driver.advance(to: 0.5)
        #expect(driver.move(1, 300, 400, at: 0.6) == .change)
        #expect(driver.move(1, 300, 400, at: 0.7) == .none)
        #expect(driver.move(1, 301, 400, at: 0.8) == .change)
        #expect(driver.machine.location == Point(x: 301, y: 400))
    }

    @Test("GR-14: after it begins, lifting any one finger ends the press")
    func liftingAnyFingerEnds() {
        var driver = GestureMachineDriver(LongPressMachine(numberOfTouchesRequired: 2))
        driver.event(at: 0, .down(1, 100, 100), .down(2, 140, 100))
        driver.advance(to: 0.5)
        #expect(driver.up(2, 140, 100, at: 0.6) == .end)
        #expect(driver.up(1, 100, 100, at: 0.7) == .none)
        #expect(driver.steps == [MachineStep(0.5, .begin), MachineStep(0.6, .end)])
    }

    @Test("GR-14: a touch cancelled after the press began cancels it")
    func cancelAfterBeginCancels() {
        var driver = GestureMachineDriver(LongPressMachine())
        driver.down(1, 100, 100, at: 0)
        driver.advance(to: 0.5)
        #expect(driver.cancel(1, at: 0.6) == .cancel)
    }

    @Test("GR-14: touches that go down after the press began are not tracked")
    func laterTouchesIgnored() {
        var driver = GestureMachineDriver(LongPressMachine())
        driver.down(1, 100, 100, at: 0)
        driver.advance(to: 0.5)
        #expect(driver.down(2, 200, 100, at: 0.6) == .none)
        #expect(driver.machine.touchCount == 1)
        #expect(driver.move(2, 220, 100, at: 0.7) == .none)
        #expect(driver.up(2, 220, 100, at: 0.8) == .none)
        #expect(driver.up(1, 100, 100, at: 0.9) == .end)
    }

    @Test("GR-14: with one tap required, a tap then a held press begins 0.5 s after the press goes down")
    func tapThenPress() {
        var driver = GestureMachineDriver(LongPressMachine(numberOfTapsRequired: 1))
        driver.down(1, 100, 100, at: 0)
        #expect(isApproximately(driver.machine.deadline, 0.75))
        driver.up(1, 100, 100, at: 0.05)
        #expect(isApproximately(driver.machine.deadline, 0.40))
        driver.down(2, 103, 100, at: 0.2)
        #expect(isApproximately(driver.machine.deadline, 0.7))
        driver.advance(to: 1)
        #expect(driver.steps == [MachineStep(0.7, .begin)])
    }

    @Test("GR-14: with one tap required, a plain press (the tap held too long) fails at 0.75 s")
    func tapHeldTooLongFails() {
        var driver = GestureMachineDriver(LongPressMachine(numberOfTapsRequired: 1))
        driver.down(1, 100, 100, at: 0)
        driver.advance(to: 2)
        #expect(driver.steps == [MachineStep(0.75, .fail)])
    }

    @Test("GR-14: with one tap required, the press must begin within the tap interval of the lift")
    func pressTooLateFails() {
        var driver = GestureMachineDriver(LongPressMachine(numberOfTapsRequired: 1))
        driver.tap(1, 100, 100, at: 0)
        driver.advance(to: 2)
        #expect(driver.steps == [MachineStep(0.40, .fail)])
    }

    @Test("GR-14: with one tap required, a press beyond the allowable movement from the tap fails")
    func pressTooFarFromTapFails() {
        var driver = GestureMachineDriver(LongPressMachine(numberOfTapsRequired: 1))
        driver.tap(1, 100, 100, at: 0)
        #expect(driver.down(2, 100, 111, at: 0.2) == .fail)
    }

    @Test("GR-14: with one tap required, the tap obeys the tap rules: moving during the tap fails")
    func tapMovementFails() {
        var driver = GestureMachineDriver(LongPressMachine(numberOfTapsRequired: 1))
        driver.down(1, 100, 100, at: 0)
        #expect(driver.move(1, 120, 100, at: 0.02) == .fail)
    }

    @Test("GR-14: the configured tap timings apply to the preceding taps")
    func configuredTapTimings() {
        var driver = GestureMachineDriver(
            LongPressMachine(numberOfTapsRequired: 1, maximumTapPressDuration: 0.2, maximumTapInterval: 0.1)
        )
        driver.down(1, 100, 100, at: 0)
        #expect(isApproximately(driver.machine.deadline, 0.2))
        driver.up(1, 100, 100, at: 0.05)
        #expect(isApproximately(driver.machine.deadline, 0.15))
    }

    @Test("GR-14: after the outcome the machine ignores input; reset starts over")
    func resetStartsOver() {
        var driver = GestureMachineDriver(LongPressMachine())
        driver.down(1, 100, 100, at: 0)
        driver.up(1, 100, 100, at: 0.1)
        driver.down(2, 100, 100, at: 0.2)
        driver.advance(to: 1)
        #expect(driver.steps == [MachineStep(0.1, .fail)])
        driver.machine.reset()
        #expect(driver.machine.location == nil)
        driver.down(3, 100, 100, at: 2)
        driver.advance(to: 3)
        #expect(driver.steps == [MachineStep(0.1, .fail), MachineStep(2.5, .begin)])
    }
}
