import Foundation
import SceneCore
import Testing

@Suite("RotationMachine")
struct RotationMachineTests {
    /// Touch 5 and touch 9 on opposite sides of `center`, so that the vector from the lower id (5) to
    /// the higher id (9) points at `angle` (y down: a growing angle turns clockwise on screen).
    static func fingers(center: Point, angle: Double, radius: Double) -> (lower: Point, higher: Point) {
        let dx = cos(angle) * radius
        let dy = sin(angle) * radius
        return (Point(x: center.x - dx, y: center.y - dy), Point(x: center.x + dx, y: center.y + dy))
    }

    @Test("GR-18: defaults come from InteractionDefaults; a rotation has no timer")
    func defaults() {
        let machine = RotationMachine()
        #expect(machine.beginSlop == InteractionDefaults.rotationBeginSlop)
        #expect(machine.rotation == 0)
        #expect(machine.deadline == nil)
    }

    @Test("GR-18: a scripted rotation reads the geometric angle turned, unwrapped across ±π and past a full turn")
    func scriptedRotation() {
        // Start near π so the finger vector's angle wraps from +π to −π on the way.
        let startAngle = 3.0
        let turns = [0.02, 0.06, 0.56, 1.06, 2.0, 2.9, 4.5, 6.0, 7.0, 5.5, 3.0, 0.5, -1.5, -4.0]
        var driver = GestureMachineDriver(RotationMachine())
        let start = Self.fingers(center: Point(x: 200, y: 300), angle: startAngle, radius: 80)
        driver.event(at: 0, .down(9, start.higher.x, start.higher.y), .down(5, start.lower.x, start.lower.y))
        var outputs: [GestureMachineOutput] = []
        for (index, turn) in turns.enumerated() {
            let angle = startAngle + turn
            let center = Point(x: 200 + 5 * Double(index), y: 300 - 7 * Double(index))
            let (lower, higher) = Self.fingers(center: center, angle: angle, radius: 80 + 10 * Double(index))
            outputs.append(
                driver.event(at: 0.02 * Double(index + 1), .move(5, lower.x, lower.y), .move(9, higher.x, higher.y))
            )
            #expect(abs(driver.machine.rotation - turn) <= 1e-9, "after turning \(turn) rad")
            // The same angle from Foundation, as a cross-check of the wrapped value.
            let measured = atan2(higher.y - lower.y, higher.x - lower.x)
            #expect(abs(remainder(startAngle + driver.machine.rotation - measured, 2 * Double.pi)) <= 1e-9)
        }
        #expect(outputs == [.none, .begin] + Array(repeating: .change, count: turns.count - 2))
    }

    @Test("GR-18: with y pointing down, a clockwise turn on screen reads positive")
    func clockwiseIsPositive() {
        var driver = GestureMachineDriver(RotationMachine())
        driver.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        // Touch 2 moves down (larger y): clockwise on screen.
        #expect(driver.move(2, 200, 110, at: 0.1) == .begin)
        #expect(abs(driver.machine.rotation - atan2(10.0, 100.0)) <= 1e-12)
        #expect(driver.machine.rotation > 0)
        driver.move(2, 200, 90, at: 0.2)
        #expect(abs(driver.machine.rotation - atan2(-10.0, 100.0)) <= 1e-12)
    }

    @Test("GR-18: the angle is measured from the lower-id touch to the higher-id touch")
    func angleFromLowerToHigherId() {
        var driver = GestureMachineDriver(RotationMachine())
        // Touch 7 goes down first, on the right; touch 3 on the left. The vector 3 → 7 points right.
        driver.down(7, 200, 100, at: 0)
        driver.down(3, 100, 100, at: 0.01)
        driver.move(7, 200, 130, at: 0.1)
        #expect(abs(driver.machine.rotation - atan2(30.0, 100.0)) <= 1e-12)
    }

    @Test(
        "GR-18: the rotation begins once the angle has turned by the slop (0.05 rad), either way",
        arguments: [(0.0499, false), (0.0501, true), (-0.0499, false), (-0.0501, true), (1.5, true)]
    )
    func beginSlop(turn: Double, begins: Bool) {
        var driver = GestureMachineDriver(RotationMachine())
        driver.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        #expect(driver.move(2, 100 + 100 * cos(turn), 100 + 100 * sin(turn), at: 0.1) == (begins ? .begin : .none))
    }

    @Test("GR-18: a finger lifting or a third touch before the rotation began fails it")
    func earlyFailures() {
        var lifted = GestureMachineDriver(RotationMachine())
        lifted.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        #expect(lifted.up(1, 100, 100, at: 0.1) == .fail)

        var third = GestureMachineDriver(RotationMachine())
        third.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        #expect(third.down(3, 150, 150, at: 0.1) == .fail)

        var cancelled = GestureMachineDriver(RotationMachine())
        cancelled.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        #expect(cancelled.cancel(2, at: 0.1) == .fail)
    }

    @Test("GR-18: after it began, a third touch is ignored, a lift freezes the rotation, both lifted ends")
    func afterBegin() {
        var driver = GestureMachineDriver(RotationMachine())
        driver.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        driver.move(2, 100, 200, at: 0.1)
        #expect(abs(driver.machine.rotation - Double.pi / 2) <= 1e-12)
        #expect(driver.down(3, 0, 0, at: 0.2) == .none)
        #expect(driver.machine.touchCount == 2)
        #expect(driver.up(1, 100, 100, at: 0.3) == .none)
        #expect(driver.move(2, 0, 100, at: 0.4) == .none)
        #expect(abs(driver.machine.rotation - Double.pi / 2) <= 1e-12)
        #expect(driver.up(2, 0, 100, at: 0.5) == .end)
        #expect(driver.steps == [MachineStep(0.1, .begin), MachineStep(0.5, .end)])
    }

    @Test("GR-18: a touch cancelled after the rotation began cancels it")
    func cancelAfterBegin() {
        var driver = GestureMachineDriver(RotationMachine())
        driver.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        driver.move(2, 100, 200, at: 0.1)
        #expect(driver.cancel(1, at: 0.2) == .cancel)
    }

    @Test("GR-18: setRotation re-bases the rotation, which keeps turning from there")
    func setRotation() {
        var driver = GestureMachineDriver(RotationMachine())
        driver.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        driver.move(2, 100, 200, at: 0.1)
        driver.machine.setRotation(0)
        #expect(driver.machine.rotation == 0)
        driver.move(2, 0, 100, at: 0.2)
        #expect(abs(driver.machine.rotation - Double.pi / 2) <= 1e-12)
    }

    @Test("GR-18: velocity is radians per second, and setRotation resets it")
    func velocity() {
        var driver = GestureMachineDriver(RotationMachine())
        let start = Self.fingers(center: Point(x: 200, y: 200), angle: 0, radius: 50)
        driver.event(at: 0, .down(1, start.lower.x, start.lower.y), .down(2, start.higher.x, start.higher.y))
        // 0.05 rad every 1/64 s: 3.2 rad/s.
        for step in 1...10 {
            let (lower, higher) = Self.fingers(center: Point(x: 200, y: 200), angle: 0.05 * Double(step), radius: 50)
            driver.event(at: Double(step) / 64, .move(1, lower.x, lower.y), .move(2, higher.x, higher.y))
        }
        #expect(abs(driver.machine.velocity - 3.2) <= 1e-9)
        driver.machine.setRotation(0)
        #expect(driver.machine.velocity == 0)
        let (lower, higher) = Self.fingers(center: Point(x: 200, y: 200), angle: 0.45, radius: 50)
        driver.event(at: 11.0 / 64, .move(1, lower.x, lower.y), .move(2, higher.x, higher.y))
        #expect(abs(driver.machine.velocity + 3.2) <= 1e-9)
    }

    @Test("GR-10: reset returns to the initial state and keeps the slop")
    func reset() {
        var driver = GestureMachineDriver(RotationMachine(beginSlop: 0.5))
        driver.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        driver.move(2, 100, 200, at: 0.1)
        driver.machine.reset()
        #expect(driver.machine.rotation == 0)
        #expect(driver.machine.velocity == 0)
        #expect(driver.machine.touchCount == 0)
        #expect(driver.machine.location == nil)
        #expect(driver.machine.beginSlop == 0.5)
        driver.event(at: 1, .down(1, 100, 100), .down(2, 200, 100))
        #expect(driver.move(2, 200, 120, at: 1.1) == .none)
    }
}
