import SceneCore
import Testing

// Each test spells out its own touch script through GestureMachineDriver (the shared fixture), so
// that a case reads as the rule it checks; scripts alike in shape (`duplicates` pairs them, within this
// file and with the other machines' tests) are deliberate, not copies to merge.

@Suite("PanMachine")
struct PanMachineTests {
    @Test("GR-15: defaults come from InteractionDefaults")
    func defaults() {
        let machine = PanMachine()
        #expect(machine.minimumNumberOfTouches == 1)
        #expect(machine.maximumNumberOfTouches == Int.max)
        #expect(machine.hysteresis == InteractionDefaults.panHysteresis)
        #expect(machine.deadline == nil)
    }

    @Test("GR-15, §9-23: down at x=100; 104 → nothing; 112 → begin with (12, 0); 140 → change with (40, 0); up → end")
    func scenario23() {
        var driver = GestureMachineDriver(PanMachine())
        #expect(driver.down(1, 100, 100, at: 0) == .none)
        #expect(driver.move(1, 104, 100, at: 0.01) == .none)
        #expect(driver.machine.translation == Point(x: 4, y: 0))
        #expect(driver.move(1, 112, 100, at: 0.02) == .begin)
        #expect(driver.machine.translation == Point(x: 12, y: 0))
        #expect(driver.move(1, 140, 100, at: 0.03) == .change)
        #expect(driver.machine.translation == Point(x: 40, y: 0))
        #expect(driver.up(1, 140, 100, at: 0.04) == .end)
        #expect(driver.steps == [MachineStep(0.02, .begin), MachineStep(0.03, .change), MachineStep(0.04, .end)])
        #expect(driver.machine.translation == Point(x: 40, y: 0))
        #expect(driver.machine.location == Point(x: 140, y: 100))
        #expect(driver.machine.touchCount == 0)
    }

    @Test(
        "GR-15: a pan begins once the straight-line translation reaches the hysteresis (10 pt)",
        arguments: [
            (dx: 9.9, dy: 0.0, begins: false),
            (dx: 10.0, dy: 0.0, begins: true),
            (dx: 6.0, dy: 8.0, begins: true),
            (dx: 6.0, dy: 7.9, begins: false),
            (dx: -7.0, dy: -7.0, begins: false),
            (dx: -7.1, dy: -7.1, begins: true),
        ]
    )
    func hysteresis(dx: Double, dy: Double, begins: Bool) {
        var driver = GestureMachineDriver(PanMachine())
        driver.down(1, 100, 100, at: 0)
        #expect(driver.move(1, 100 + dx, 100 + dy, at: 0.01) == (begins ? .begin : .none))
    }

    @Test("GR-15: a touch added or removed moves the centroid without adding to the translation")
    func rebaselinesOnTouchSetChanges() {
        var driver = GestureMachineDriver(PanMachine())
        driver.down(1, 100, 100, at: 0)
        driver.move(1, 105, 100, at: 0.01)
        #expect(driver.down(2, 305, 100, at: 0.02) == .none)
        #expect(driver.machine.location == Point(x: 205, y: 100))
        #expect(driver.machine.translation == Point(x: 5, y: 0))
        driver.event(at: 0.03, .move(1, 109, 100), .move(2, 309, 100))
        #expect(driver.machine.translation == Point(x: 9, y: 0))
        // One finger moving 4 pt moves the two-finger centroid 2 pt.
        #expect(driver.move(2, 313, 100, at: 0.04) == .begin)
        #expect(driver.machine.translation == Point(x: 11, y: 0))
        #expect(driver.up(2, 313, 100, at: 0.05) == .change)
        #expect(driver.machine.translation == Point(x: 11, y: 0))
        #expect(driver.machine.location == Point(x: 109, y: 100))
        #expect(driver.move(1, 119, 100, at: 0.06) == .change)
        #expect(driver.machine.translation == Point(x: 21, y: 0))
    }

    @Test("GR-15: with fewer touches than the minimum, movement does not begin the pan")
    func belowMinimumDoesNotBegin() {
        var driver = GestureMachineDriver(PanMachine(minimumNumberOfTouches: 2))
        driver.down(1, 100, 100, at: 0)
        #expect(driver.move(1, 140, 100, at: 0.01) == .none)
        #expect(driver.machine.translation == Point(x: 40, y: 0))
        #expect(driver.steps.isEmpty)
    }

    @Test("GR-15: more touches than the maximum before the pan began fail it")
    func tooManyTouchesFails() {
        var driver = GestureMachineDriver(PanMachine(maximumNumberOfTouches: 1))
        driver.down(1, 100, 100, at: 0)
        #expect(driver.down(2, 200, 100, at: 0.01) == .fail)
        #expect(driver.move(1, 150, 100, at: 0.02) == .none)
        #expect(driver.steps == [MachineStep(0.01, .fail)])
    }

    @Test("GR-15: after the pan began, touches beyond the maximum are not tracked")
    func extraTouchesAfterBeginIgnored() {
        var driver = GestureMachineDriver(PanMachine(maximumNumberOfTouches: 1))
        driver.down(1, 100, 100, at: 0)
        driver.move(1, 120, 100, at: 0.01)
        #expect(driver.down(2, 300, 100, at: 0.02) == .none)
        #expect(driver.machine.touchCount == 1)
        #expect(driver.move(2, 400, 100, at: 0.03) == .none)
        #expect(driver.machine.translation == Point(x: 20, y: 0))
    }

    @Test("GR-15: lifting every touch before the pan began fails it")
    func liftBeforeBeginFails() {
        var driver = GestureMachineDriver(PanMachine())
        driver.down(1, 100, 100, at: 0)
        driver.move(1, 105, 100, at: 0.01)
        #expect(driver.up(1, 105, 100, at: 0.02) == .fail)
    }

    @Test("GR-15: after it began, an event changes only when a touch moved")
    func changeOnlyWithMovement() {
        var driver = GestureMachineDriver(PanMachine())
        driver.down(1, 100, 100, at: 0)
        driver.move(1, 120, 100, at: 0.01)
        #expect(driver.move(1, 120, 100, at: 0.02) == .none)
        #expect(driver.event(at: 0.03) == .none)
        #expect(driver.move(1, 120, 101, at: 0.04) == .change)
    }

    @Test("GR-15: the pan ends only when all touches have lifted")
    func endsWhenAllLift() {
        var driver = GestureMachineDriver(PanMachine())
        driver.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        driver.event(at: 0.01, .move(1, 120, 100), .move(2, 220, 100))
        #expect(driver.up(1, 120, 100, at: 0.02) == .change)
        #expect(driver.up(2, 220, 100, at: 0.03) == .end)
        #expect(driver.steps == [MachineStep(0.01, .begin), MachineStep(0.02, .change), MachineStep(0.03, .end)])
    }

    @Test("GR-15: cancelling all touches of a pan that began cancels it; before it began, fails it")
    func cancel() {
        var began = GestureMachineDriver(PanMachine())
        began.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        began.move(1, 130, 100, at: 0.01)
        #expect(began.event(at: 0.02, .cancel(1), .cancel(2)) == .cancel)

        var mixed = GestureMachineDriver(PanMachine())
        mixed.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        mixed.move(1, 130, 100, at: 0.01)
        #expect(mixed.event(at: 0.02, .cancel(1), .up(2, 200, 100)) == .cancel)

        var possible = GestureMachineDriver(PanMachine())
        possible.down(1, 100, 100, at: 0)
        #expect(possible.cancel(1, at: 0.01) == .fail)
    }

    @Test("GR-15: one touch cancelled while another stays down keeps the pan going")
    func partialCancelContinues() {
        var driver = GestureMachineDriver(PanMachine())
        driver.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        driver.move(1, 130, 100, at: 0.01)
        #expect(driver.cancel(1, at: 0.02) == .change)
        #expect(driver.machine.touchCount == 1)
        #expect(driver.up(2, 200, 100, at: 0.03) == .end)
    }

    @Test("GR-15: setTranslation re-bases the total, which then keeps accumulating")
    func setTranslation() {
        var driver = GestureMachineDriver(PanMachine())
        driver.down(1, 100, 100, at: 0)
        driver.move(1, 130, 100, at: 0.01)
        driver.machine.setTranslation(.zero)
        #expect(driver.machine.translation == .zero)
        driver.move(1, 135, 90, at: 0.02)
        #expect(driver.machine.translation == Point(x: 5, y: -10))
        driver.machine.setTranslation(Point(x: 100, y: 100))
        driver.down(2, 335, 90, at: 0.03)
        #expect(driver.machine.translation == Point(x: 100, y: 100))
    }

    @Test("GR-15: velocity is in points per second over the most recent samples")
    func velocity() {
        var driver = GestureMachineDriver(PanMachine())
        driver.down(1, 0, 0, at: 0)
        // 1 pt per 10 ms for 0.2 s, then 5 pt per 10 ms: only the recent 0.1 s counts.
        var x = 0.0
        for step in 1...20 {
            x += 1
            driver.move(1, x, 0, at: Double(step) * 0.01)
        }
        #expect(isApproximately(driver.machine.velocity, Point(x: 100, y: 0), tolerance: 1e-6))
        for step in 21...40 {
            x += 5
            driver.move(1, x, -x, at: Double(step) * 0.01)
        }
        #expect(isApproximately(driver.machine.velocity, Point(x: 500, y: -500), tolerance: 1e-6))
    }

    @Test("GR-15: the velocity at the end is the speed the finger lifted with")
    func velocityAtEnd() {
        var driver = GestureMachineDriver(PanMachine())
        driver.down(1, 0, 0, at: 0)
        // 20 pt every 1/64 s (exact binary times) is 1280 pt/s; the lift continues the motion.
        for step in 1...10 {
            driver.move(1, Double(step) * 20, 0, at: Double(step) / 64)
        }
        #expect(driver.up(1, 220, 0, at: 11.0 / 64) == .end)
        #expect(isApproximately(driver.machine.velocity, Point(x: 1280, y: 0), tolerance: 1e-6))
    }

    @Test("GR-15: setTranslation resets the velocity, and the next movement is measured from it")
    func setTranslationResetsVelocity() {
        var driver = GestureMachineDriver(PanMachine())
        driver.down(1, 0, 0, at: 0)
        for step in 1...10 {
            driver.move(1, Double(step) * 10, 0, at: Double(step) * 0.01)
        }
        #expect(isApproximately(driver.machine.velocity, Point(x: 1000, y: 0), tolerance: 1e-6))
        driver.machine.setTranslation(.zero)
        #expect(driver.machine.velocity == .zero)
        driver.move(1, 102, 0, at: 0.11)
        #expect(isApproximately(driver.machine.velocity, Point(x: 200, y: 0), tolerance: 1e-6))
    }

    @Test("GR-10: reset forgets the touches, the translation and the velocity")
    func reset() {
        var driver = GestureMachineDriver(PanMachine(hysteresis: 3))
        driver.down(1, 0, 0, at: 0)
        driver.move(1, 50, 0, at: 0.01)
        driver.up(1, 50, 0, at: 0.02)
        driver.machine.reset()
        #expect(driver.machine.translation == .zero)
        #expect(driver.machine.velocity == .zero)
        #expect(driver.machine.location == nil)
        #expect(driver.machine.hysteresis == 3)
        driver.down(2, 10, 10, at: 1)
        #expect(driver.move(2, 13, 10, at: 1.01) == .begin)
    }
}
