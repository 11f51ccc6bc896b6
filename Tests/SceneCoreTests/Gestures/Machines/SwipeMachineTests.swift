import SceneCore
import Testing

@Suite("SwipeMachine")
struct SwipeMachineTests {
    @Test("GR-16: defaults come from InteractionDefaults, and the direction is .right")
    func defaults() {
        let machine = SwipeMachine()
        #expect(machine.direction == .right)
        #expect(machine.numberOfTouchesRequired == 1)
        #expect(machine.minimumDistance == InteractionDefaults.swipeMinimumDistance)
        #expect(machine.maximumDuration == InteractionDefaults.swipeMaximumDuration)
    }

    @Test("§0: SwipeDirection has UIKit's raw values right 1, left 2, up 4, down 8")
    func directionRawValues() {
        #expect(SwipeDirection.right.rawValue == 1)
        #expect(SwipeDirection.left.rawValue == 2)
        #expect(SwipeDirection.up.rawValue == 4)
        #expect(SwipeDirection.down.rawValue == 8)
        #expect(SwipeDirection([.left, .down]).rawValue == 10)
    }

    @Test("GR-16, §9-27: +80 pt in x over 0.2 s is recognized before the finger lifts")
    func scenario27Right() {
        var driver = GestureMachineDriver(SwipeMachine())
        driver.down(1, 100, 300, at: 0)
        #expect(driver.move(1, 120, 300, at: 0.05) == .none)
        #expect(driver.move(1, 140, 300, at: 0.10) == .none)
        #expect(driver.move(1, 160, 300, at: 0.15) == .end)
        driver.move(1, 180, 300, at: 0.20)
        driver.up(1, 180, 300, at: 0.25)
        #expect(driver.steps == [MachineStep(0.15, .end)])
        #expect(driver.machine.location == Point(x: 100, y: 300))
    }

    @Test("GR-16, §9-27: −80 pt in x fails a right swipe")
    func scenario27Left() {
        var driver = GestureMachineDriver(SwipeMachine())
        driver.down(1, 100, 300, at: 0)
        driver.move(1, 80, 300, at: 0.05)
        driver.move(1, 60, 300, at: 0.10)
        driver.move(1, 40, 300, at: 0.15)
        driver.move(1, 20, 300, at: 0.20)
        driver.up(1, 20, 300, at: 0.25)
        #expect(driver.steps == [MachineStep(0.15, .fail)])
    }

    @Test("GR-16, §9-27: +80 pt taking 0.8 s fails when the 0.5 s timer fires")
    func scenario27Slow() {
        var driver = GestureMachineDriver(SwipeMachine())
        driver.down(1, 100, 300, at: 0)
        #expect(isApproximately(driver.machine.deadline, 0.5))
        for step in 1...8 {
            driver.move(1, 100 + Double(step) * 10, 300, at: Double(step) * 0.1)
        }
        driver.up(1, 180, 300, at: 0.8)
        #expect(driver.steps == [MachineStep(0.5, .fail)])
    }

    @Test("GR-16: an event later than the maximum duration fails even when the timer has not run yet")
    func lateEventFails() {
        var machine = SwipeMachine()
        machine.touchBegan(1, at: Point(x: 0, y: 0), time: 0)
        _ = machine.evaluate(at: 0)
        machine.touchMoved(1, to: Point(x: 80, y: 0), time: 0.6)
        #expect(machine.evaluate(at: 0.6) == .fail)
    }

    /// One row of the direction table: allowed directions, a displacement, the expected output.
    struct DirectionCase: CustomTestStringConvertible, Sendable {
        let direction: SwipeDirection
        let dx: Double
        let dy: Double
        let expected: GestureMachineOutput

        init(_ direction: SwipeDirection, _ dx: Double, _ dy: Double, _ expected: GestureMachineOutput) {
            self.direction = direction
            self.dx = dx
            self.dy = dy
            self.expected = expected
        }

        var testDescription: String { "directions \(direction.rawValue), (\(dx), \(dy)) → \(expected)" }
    }

    @Test(
        "GR-16: the dominant axis decides once it reaches the minimum distance",
        arguments: [
            DirectionCase(.right, 60, 0, .end),
            DirectionCase(.right, -60, 0, .fail),
            DirectionCase(.right, 0, 60, .fail),
            DirectionCase(.right, 60, 59, .end),
            DirectionCase(.right, 60, -59, .end),
            DirectionCase(.right, 60, 60, .fail),
            DirectionCase(.right, 45, 30, .none),
            DirectionCase(.right, 49.9, 0, .none),
            DirectionCase(.right, 50, 0, .end),
            DirectionCase(.left, -60, 0, .end),
            DirectionCase(.left, 60, 0, .fail),
            DirectionCase(.up, 0, -60, .end),
            DirectionCase(.up, 0, 60, .fail),
            DirectionCase(.down, 0, 60, .end),
            DirectionCase(.down, 10, -60, .fail),
            DirectionCase([.left, .right], -60, 10, .end),
            DirectionCase([.left, .right], 60, -10, .end),
            DirectionCase([.left, .right], 10, 60, .fail),
            DirectionCase([.up, .down], 30, 60, .end),
            DirectionCase([.up, .down], 30, -60, .end),
            DirectionCase([.right, .down], 40, -55, .fail),
            DirectionCase([], 60, 0, .fail),
        ]
    )
    func directionTable(_ row: DirectionCase) {
        var driver = GestureMachineDriver(SwipeMachine(direction: row.direction))
        driver.down(1, 200, 200, at: 0)
        #expect(driver.move(1, 200 + row.dx, 200 + row.dy, at: 0.1) == row.expected)
    }

    @Test("GR-16: lifting before the swipe was recognized fails it")
    func liftBeforeRecognitionFails() {
        var driver = GestureMachineDriver(SwipeMachine())
        driver.down(1, 100, 100, at: 0)
        driver.move(1, 140, 100, at: 0.1)
        #expect(driver.up(1, 140, 100, at: 0.15) == .fail)
        #expect(driver.machine.deadline == nil)
    }

    @Test("GR-16: a cancelled touch fails the swipe")
    func cancelFails() {
        var driver = GestureMachineDriver(SwipeMachine())
        driver.down(1, 100, 100, at: 0)
        #expect(driver.cancel(1, at: 0.1) == .fail)
    }

    @Test("GR-16: more touches than required fail the swipe")
    func tooManyTouchesFails() {
        var driver = GestureMachineDriver(SwipeMachine())
        driver.down(1, 100, 100, at: 0)
        #expect(driver.down(2, 100, 200, at: 0.05) == .fail)
    }

    @Test("GR-16: a two-finger swipe waits for both fingers and measures from where the second landed")
    func twoFingerSwipe() {
        var driver = GestureMachineDriver(SwipeMachine(direction: .down, numberOfTouchesRequired: 2))
        driver.down(1, 100, 100, at: 0)
        // Alone, the first finger travels far enough, but a one-finger swipe is not this gesture.
        #expect(driver.move(1, 100, 170, at: 0.05) == .none)
        #expect(driver.down(2, 200, 170, at: 0.06) == .none)
        #expect(driver.machine.location == Point(x: 150, y: 170))
        #expect(driver.event(at: 0.1, .move(1, 100, 210), .move(2, 200, 210)) == .none)
        #expect(driver.event(at: 0.15, .move(1, 100, 220), .move(2, 200, 220)) == .end)
        #expect(driver.machine.touchCount == 2)
        #expect(driver.machine.location == Point(x: 150, y: 170))
    }

    @Test("GR-16: the timer runs from the first touch-down")
    func timerFromFirstTouch() {
        var driver = GestureMachineDriver(SwipeMachine(numberOfTouchesRequired: 2))
        driver.down(1, 100, 100, at: 1)
        driver.down(2, 100, 200, at: 1.2)
        #expect(isApproximately(driver.machine.deadline, 1.5))
    }

    @Test("GR-16: after recognizing, the swipe ignores input until reset")
    func ignoresInputAfterRecognition() {
        var driver = GestureMachineDriver(SwipeMachine())
        driver.down(1, 100, 100, at: 0)
        driver.move(1, 160, 100, at: 0.1)
        driver.move(1, 0, 100, at: 0.2)
        driver.up(1, 0, 100, at: 0.3)
        driver.advance(to: 2)
        #expect(driver.steps == [MachineStep(0.1, .end)])
        driver.machine.reset()
        #expect(driver.machine.location == nil)
        #expect(driver.machine.deadline == nil)
        driver.down(2, 0, 0, at: 3)
        #expect(driver.move(2, 60, 0, at: 3.1) == .end)
    }
}
