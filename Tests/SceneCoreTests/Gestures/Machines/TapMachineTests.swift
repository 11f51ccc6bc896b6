import SceneCore
import Testing

// Each test spells out its own touch script through GestureMachineDriver (the shared fixture), so
// that a case reads as the rule it checks; scripts alike in shape (`duplicates` pairs them, within this
// file and with the other machines' tests) are deliberate, not copies to merge.

@Suite("TapMachine")
struct TapMachineTests {
    @Test("GR-13: a single tap recognizes right at its touch-up, not at touch-down")
    func singleTapRecognizesAtTouchUp() {
        var driver = GestureMachineDriver(TapMachine())
        #expect(driver.down(1, 50, 50, at: 0) == .none)
        #expect(driver.up(1, 50, 50, at: 0.05) == .end)
        #expect(driver.steps == [MachineStep(0.05, .end)])
        #expect(driver.machine.tapsCompleted == 1)
    }

    @Test("GR-13: defaults come from InteractionDefaults")
    func defaults() {
        let machine = TapMachine()
        #expect(machine.numberOfTapsRequired == 1)
        #expect(machine.numberOfTouchesRequired == 1)
        #expect(machine.allowableMovement == InteractionDefaults.tapAllowableMovement)
        #expect(machine.maximumPressDuration == InteractionDefaults.tapMaximumPressDuration)
        #expect(machine.maximumInterval == InteractionDefaults.tapMaximumInterval)
    }

    @Test(
        "GR-13: a tap fails when its touch moves more than the allowable movement (10 pt), not before",
        arguments: [
            (dx: 10.0, dy: 0.0, fails: false),
            (dx: 10.01, dy: 0.0, fails: true),
            (dx: 6.0, dy: 8.0, fails: false),
            (dx: 8.0, dy: 8.0, fails: true),
            (dx: 0.0, dy: -10.5, fails: true),
        ]
    )
    func allowableMovement(dx: Double, dy: Double, fails: Bool) {
        var driver = GestureMachineDriver(TapMachine())
        driver.down(1, 100, 100, at: 0)
        let atMove = driver.move(1, 100 + dx, 100 + dy, at: 0.02)
        driver.up(1, 100 + dx, 100 + dy, at: 0.05)
        if fails {
            #expect(atMove == .fail)
            #expect(driver.steps == [MachineStep(0.02, .fail)])
        } else {
            #expect(atMove == .none)
            #expect(driver.steps == [MachineStep(0.05, .end)])
        }
    }

    @Test("GR-13: movement is measured from where the touch began, not from its previous position")
    func movementAccumulates() {
        var driver = GestureMachineDriver(TapMachine())
        driver.down(1, 100, 100, at: 0)
        driver.move(1, 106, 100, at: 0.01)
        #expect(driver.move(1, 112, 100, at: 0.02) == .fail)
    }

    @Test("GR-13: a tap whose lift location is beyond the allowable movement fails at the lift")
    func liftBeyondMovementFails() {
        var driver = GestureMachineDriver(TapMachine())
        driver.down(1, 100, 100, at: 0)
        #expect(driver.up(1, 100, 115, at: 0.05) == .fail)
    }

    @Test("GR-13: the press timer is due 0.75 s after touch-down and fails the tap when it fires")
    func pressTimerFails() {
        var driver = GestureMachineDriver(TapMachine())
        driver.down(1, 50, 50, at: 1.0)
        #expect(isApproximately(driver.machine.deadline, 1.75))
        #expect(driver.machine.timerFired(at: 1.7) == .none)
        driver.advance(to: 2.0)
        #expect(driver.steps == [MachineStep(1.75, .fail)])
        #expect(driver.machine.deadline == nil)
        #expect(driver.up(1, 50, 50, at: 2.0) == .none)
    }

    @Test("GR-13: a press just under the maximum duration is still a tap")
    func pressJustUnderMaximum() {
        var driver = GestureMachineDriver(TapMachine())
        driver.down(1, 50, 50, at: 0)
        #expect(driver.up(1, 50, 50, at: 0.74) == .end)
    }

    @Test("GR-13: a lift that arrives after the press deadline fails even when the timer has not run yet")
    func lateLiftFailsWithoutTimer() {
        var machine = TapMachine()
        machine.touchBegan(1, at: Point(x: 50, y: 50), time: 0)
        #expect(machine.evaluate(at: 0) == .none)
        machine.touchEnded(1, at: Point(x: 50, y: 50), time: 0.8)
        #expect(machine.evaluate(at: 0.8) == .fail)
    }

    @Test("GR-13, §9-21: a double tap recognizes at the second touch-up, with ups at 0.05 and 0.25")
    func doubleTap() {
        var driver = GestureMachineDriver(TapMachine(numberOfTapsRequired: 2))
        driver.down(1, 50, 50, at: 0)
        #expect(driver.up(1, 50, 50, at: 0.05) == .none)
        #expect(driver.machine.tapsCompleted == 1)
        #expect(isApproximately(driver.machine.deadline, 0.40))
        driver.down(2, 52, 50, at: 0.20)
        #expect(isApproximately(driver.machine.deadline, 0.95))
        driver.up(2, 52, 50, at: 0.25)
        #expect(driver.steps == [MachineStep(0.25, .end)])
        #expect(driver.machine.tapsCompleted == 2)
        #expect(driver.machine.deadline == nil)
    }

    @Test("GR-13, §9-21: a double-tap machine fails at t = 0.40 from its timer when the second tap never comes")
    func doubleTapFailsAtInterval() {
        var driver = GestureMachineDriver(TapMachine(numberOfTapsRequired: 2))
        driver.down(1, 50, 50, at: 0)
        driver.up(1, 50, 50, at: 0.05)
        driver.advance(to: 1.0)
        #expect(driver.steps == [MachineStep(0.40, .fail)])
    }

    @Test("GR-13, §9-22: on a double tap the single-tap machine recognizes at 0.05 and ignores the second tap")
    func singleTapIgnoresSecondTap() {
        var single = GestureMachineDriver(TapMachine())
        var double = GestureMachineDriver(TapMachine(numberOfTapsRequired: 2))
        for (id, time) in [(UInt64(1), 0.0), (UInt64(2), 0.20)] {
            single.tap(id, 50, 50, at: time)
            double.tap(id, 50, 50, at: time)
        }
        #expect(single.steps == [MachineStep(0.05, .end)])
        #expect(double.steps == [MachineStep(0.25, .end)])
    }

    @Test("GR-13: the next tap must begin within the maximum interval of the previous lift, even without the timer")
    func nextTapTooLate() {
        var machine = TapMachine(numberOfTapsRequired: 2)
        machine.touchBegan(1, at: Point(x: 50, y: 50), time: 0)
        _ = machine.evaluate(at: 0)
        machine.touchEnded(1, at: Point(x: 50, y: 50), time: 0.05)
        #expect(machine.evaluate(at: 0.05) == .none)
        machine.touchBegan(2, at: Point(x: 50, y: 50), time: 0.41)
        #expect(machine.evaluate(at: 0.41) == .fail)
    }

    @Test(
        "GR-13: the next tap fails when it begins more than the allowable movement from the first tap",
        arguments: [
            (x: 59.0, y: 50.0, recognized: true),
            (x: 60.0, y: 50.0, recognized: true),
            (x: 60.5, y: 50.0, recognized: false),
            (x: 57.0, y: 58.0, recognized: false),
        ]
    )
    func nextTapDistance(x: Double, y: Double, recognized: Bool) {
        var driver = GestureMachineDriver(TapMachine(numberOfTapsRequired: 2))
        driver.tap(1, 50, 50, at: 0)
        let atDown = driver.down(2, x, y, at: 0.2)
        driver.up(2, x, y, at: 0.25)
        if recognized {
            #expect(driver.steps == [MachineStep(0.25, .end)])
        } else {
            #expect(atDown == .fail)
            #expect(driver.steps == [MachineStep(0.2, .fail)])
        }
    }

    @Test("GR-13: every later tap is compared with the first tap, so a drifting triple tap fails")
    func tapsCompareWithFirstTap() {
        var driver = GestureMachineDriver(TapMachine(numberOfTapsRequired: 3))
        driver.tap(1, 50, 50, at: 0)
        driver.tap(2, 58, 50, at: 0.2)
        #expect(driver.down(3, 66, 50, at: 0.4) == .fail)
    }

    @Test("GR-13: a tap fails when more touches than required are down at once")
    func tooManyTouches() {
        var driver = GestureMachineDriver(TapMachine())
        driver.down(1, 50, 50, at: 0)
        #expect(driver.down(2, 80, 50, at: 0.01) == .fail)
        #expect(driver.up(2, 80, 50, at: 0.02) == .none)
        #expect(driver.up(1, 50, 50, at: 0.03) == .none)
        #expect(driver.steps == [MachineStep(0.01, .fail)])
    }

    @Test("GR-13: a two-finger tap recognizes when both fingers have lifted")
    func twoFingerTap() {
        var driver = GestureMachineDriver(TapMachine(numberOfTouchesRequired: 2))
        driver.down(1, 40, 50, at: 0)
        driver.down(2, 80, 50, at: 0.01)
        #expect(driver.machine.touchCount == 2)
        #expect(driver.up(1, 40, 50, at: 0.05) == .none)
        #expect(driver.up(2, 80, 50, at: 0.06) == .end)
        #expect(driver.machine.location == Point(x: 60, y: 50))
    }

    @Test("GR-13: a tap that completes with fewer touches than required fails")
    func tooFewTouches() {
        var driver = GestureMachineDriver(TapMachine(numberOfTouchesRequired: 2))
        driver.down(1, 40, 50, at: 0)
        #expect(driver.up(1, 40, 50, at: 0.05) == .fail)
    }

    @Test("GR-13: a two-finger double tap compares the second tap's centroid with the first tap's")
    func twoFingerDoubleTap() {
        var driver = GestureMachineDriver(TapMachine(numberOfTapsRequired: 2, numberOfTouchesRequired: 2))
        driver.event(at: 0, .down(1, 40, 50), .down(2, 80, 50))
        driver.event(at: 0.05, .up(1, 40, 50), .up(2, 80, 50))
        // Each finger lands 20 pt from the first tap's centroid; the new centroid is 2 pt away.
        driver.event(at: 0.2, .down(3, 82, 50), .down(4, 42, 50))
        #expect(driver.event(at: 0.25, .up(3, 82, 50), .up(4, 42, 50)) == .end)
        #expect(driver.machine.location == Point(x: 60, y: 50))
    }

    @Test("GR-13: a cancelled touch fails the tap")
    func cancelledTouchFails() {
        var driver = GestureMachineDriver(TapMachine())
        driver.down(1, 50, 50, at: 0)
        #expect(driver.cancel(1, at: 0.02) == .fail)
    }

    @Test("GR-12: a tap's location is where the first tap went down, not where a later tap was")
    func locationIsFirstTap() {
        var driver = GestureMachineDriver(TapMachine(numberOfTapsRequired: 2))
        #expect(driver.machine.location == nil)
        driver.down(1, 50, 50, at: 0)
        driver.move(1, 53, 50, at: 0.01)
        #expect(driver.machine.location == Point(x: 50, y: 50))
        driver.up(1, 53, 50, at: 0.05)
        driver.tap(2, 56, 50, at: 0.2)
        #expect(driver.steps == [MachineStep(0.25, .end)])
        #expect(driver.machine.location == Point(x: 50, y: 50))
    }

    @Test("GR-12: touch locations are ordered by touch id and follow the touches")
    func touchLocationsOrderedById() {
        var driver = GestureMachineDriver(TapMachine(numberOfTouchesRequired: 2))
        driver.down(7, 70, 10, at: 0)
        driver.down(3, 30, 10, at: 0)
        driver.move(7, 72, 10, at: 0.01)
        #expect(driver.machine.touchLocation(at: 0) == Point(x: 30, y: 10))
        #expect(driver.machine.touchLocation(at: 1) == Point(x: 72, y: 10))
        #expect(driver.machine.touchLocation(at: 2) == nil)
        #expect(driver.machine.touchLocation(at: -1) == nil)
    }

    @Test("GR-13: after recognizing, the machine ignores input until reset, and reset keeps the configuration")
    func ignoresInputUntilReset() {
        var driver = GestureMachineDriver(TapMachine(numberOfTapsRequired: 1, allowableMovement: 4))
        driver.tap(1, 50, 50, at: 0)
        driver.down(2, 50, 50, at: 0.1)
        driver.move(2, 90, 50, at: 0.2)
        driver.advance(to: 5)
        #expect(driver.steps == [MachineStep(0.05, .end)])
        #expect(driver.machine.deadline == nil)

        driver.machine.reset()
        #expect(driver.machine.tapsCompleted == 0)
        #expect(driver.machine.location == nil)
        #expect(driver.machine.touchCount == 0)
        #expect(driver.machine.allowableMovement == 4)
        driver.down(3, 10, 10, at: 6)
        #expect(driver.move(3, 15, 10, at: 6.01) == .fail)
    }

    @Test("GR-13: an event for a touch the machine does not track changes nothing")
    func untrackedTouchIgnored() {
        var driver = GestureMachineDriver(TapMachine())
        driver.down(1, 50, 50, at: 0)
        #expect(driver.move(9, 500, 500, at: 0.01) == .none)
        #expect(driver.up(9, 500, 500, at: 0.02) == .none)
        #expect(driver.cancel(9, at: 0.03) == .none)
        #expect(driver.up(1, 50, 50, at: 0.05) == .end)
    }
}
