import Foundation
import SceneCore
import Testing

@Suite("PinchMachine")
struct PinchMachineTests {
    /// Fingers 1 and 2 at `p1` and `p2`, placed by the test script.
    struct Frame {
        let p1: Point
        let p2: Point
        var distance: Double { hypot(p2.x - p1.x, p2.y - p1.y) }
    }

    /// Two fingers on an axis through `center` at `angle`, `halfDistance` from the center each side.
    static func frame(center: Point, angle: Double, halfDistance: Double) -> Frame {
        let dx = cos(angle) * halfDistance
        let dy = sin(angle) * halfDistance
        return Frame(
            p1: Point(x: center.x - dx, y: center.y - dy),
            p2: Point(x: center.x + dx, y: center.y + dy)
        )
    }

    @Test("GR-17: defaults come from InteractionDefaults; a pinch has no timer")
    func defaults() {
        let machine = PinchMachine()
        #expect(machine.beginSlop == InteractionDefaults.pinchBeginSlop)
        #expect(machine.scale == 1)
        #expect(machine.deadline == nil)
    }

    @Test("GR-17: a scripted pinch begins after the slop, and its scale is the distance over the start distance")
    func scriptedPinch() {
        // Half distances around a centre that drifts, on an axis that turns; the pinch closes and reopens.
        let halfDistances = [50.0, 51, 53, 57, 65, 80, 72.5, 40, 12.25, 90]
        let frames = halfDistances.enumerated().map { index, half in
            Self.frame(
                center: Point(x: 200 + 3 * Double(index), y: 300 - 2 * Double(index)),
                angle: 0.3 + 0.1 * Double(index),
                halfDistance: half
            )
        }
        let startDistance = frames[0].distance
        var driver = GestureMachineDriver(PinchMachine())
        driver.down(1, frames[0].p1.x, frames[0].p1.y, at: 0)
        #expect(driver.down(2, frames[0].p2.x, frames[0].p2.y, at: 0.01) == .none)
        // The expected output of each event, from the geometry alone: nothing until the distance has
        // changed by 5 pt, then a begin, then a change for every event (every event moves a finger).
        var began = false
        var expectedOutputs: [GestureMachineOutput] = []
        var outputs: [GestureMachineOutput] = []
        func expect(distance: Double) {
            #expect(abs(driver.machine.scale - distance / startDistance) <= 1e-9)
            if began {
                expectedOutputs.append(.change)
            } else if abs(distance - startDistance) >= 5 {
                began = true
                expectedOutputs.append(.begin)
            } else {
                expectedOutputs.append(.none)
            }
        }
        for (index, frame) in frames.enumerated().dropFirst() {
            let time = 0.01 + Double(index) * 0.02
            if index % 3 == 1 {
                // In some events only one finger moves.
                outputs.append(driver.event(at: time, .move(2, frame.p2.x, frame.p2.y)))
                expect(distance: Frame(p1: frames[index - 1].p1, p2: frame.p2).distance)
                outputs.append(driver.event(at: time + 0.01, .move(1, frame.p1.x, frame.p1.y)))
            } else {
                outputs.append(
                    driver.event(at: time, .move(1, frame.p1.x, frame.p1.y), .move(2, frame.p2.x, frame.p2.y))
                )
            }
            expect(distance: frame.distance)
            let midpoint = Point(x: (frame.p1.x + frame.p2.x) / 2, y: (frame.p1.y + frame.p2.y) / 2)
            #expect(isApproximately(driver.machine.location, midpoint))
        }
        #expect(outputs == expectedOutputs)
        #expect(outputs.contains(.begin))
    }

    @Test(
        "GR-17: the pinch begins once the distance has changed by the slop (5 pt), opening or closing",
        arguments: [(104.9, false), (105.0, true), (95.1, false), (95.0, true), (250.0, true)]
    )
    func beginSlop(distance: Double, begins: Bool) {
        var driver = GestureMachineDriver(PinchMachine())
        driver.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        #expect(driver.move(2, 100 + distance, 100, at: 0.1) == (begins ? .begin : .none))
        #expect(abs(driver.machine.scale - distance / 100) <= 1e-12)
    }

    @Test("GR-17: the start distance is taken when the second touch goes down")
    func startDistanceAtSecondTouch() {
        var driver = GestureMachineDriver(PinchMachine())
        driver.down(1, 100, 100, at: 0)
        driver.move(1, 0, 100, at: 0.1)
        driver.down(2, 300, 100, at: 0.2)
        #expect(driver.machine.scale == 1)
        #expect(driver.move(2, 350, 100, at: 0.3) == .begin)
        #expect(driver.machine.scale == 350.0 / 300.0)
    }

    @Test("GR-17: a finger lifting before the pinch began fails it")
    func liftBeforeBeginFails() {
        var single = GestureMachineDriver(PinchMachine())
        single.down(1, 100, 100, at: 0)
        #expect(single.up(1, 100, 100, at: 0.1) == .fail)

        var pair = GestureMachineDriver(PinchMachine())
        pair.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        pair.move(2, 202, 100, at: 0.1)
        #expect(pair.up(2, 202, 100, at: 0.2) == .fail)
    }

    @Test("GR-17: a third touch before the pinch began fails it; after it began, it is ignored")
    func thirdTouch() {
        var early = GestureMachineDriver(PinchMachine())
        early.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        #expect(early.down(3, 300, 100, at: 0.1) == .fail)

        var late = GestureMachineDriver(PinchMachine())
        late.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        late.move(2, 300, 100, at: 0.1)
        #expect(late.down(3, 150, 100, at: 0.2) == .none)
        #expect(late.machine.touchCount == 2)
        #expect(late.move(3, 160, 100, at: 0.3) == .none)
        #expect(late.machine.scale == 2)
    }

    @Test("GR-17: once a finger lifted, the scale freezes and no change follows; both lifted ends")
    func liftAfterBegin() {
        var driver = GestureMachineDriver(PinchMachine())
        driver.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        driver.move(2, 300, 100, at: 0.1)
        #expect(driver.up(1, 100, 100, at: 0.2) == .none)
        #expect(driver.move(2, 500, 100, at: 0.3) == .none)
        #expect(driver.machine.scale == 2)
        #expect(driver.machine.touchCount == 1)
        #expect(driver.up(2, 500, 100, at: 0.4) == .end)
        #expect(driver.steps == [MachineStep(0.1, .begin), MachineStep(0.4, .end)])
        #expect(driver.machine.location == Point(x: 500, y: 100))
    }

    @Test("GR-17: a touch cancelled after the pinch began cancels it; before, fails it")
    func cancel() {
        var began = GestureMachineDriver(PinchMachine())
        began.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        began.move(2, 300, 100, at: 0.1)
        #expect(began.cancel(2, at: 0.2) == .cancel)
        #expect(began.up(1, 100, 100, at: 0.3) == .none)

        var possible = GestureMachineDriver(PinchMachine())
        possible.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        #expect(possible.cancel(1, at: 0.1) == .fail)
    }

    @Test("GR-17: after it began, an event changes only when a finger moved")
    func changeOnlyWithMovement() {
        var driver = GestureMachineDriver(PinchMachine())
        driver.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        driver.move(2, 300, 100, at: 0.1)
        #expect(driver.move(2, 300, 100, at: 0.2) == .none)
        // Both fingers shift together: the distance is unchanged, but the pinch's location moved.
        #expect(driver.event(at: 0.3, .move(1, 110, 100), .move(2, 310, 100)) == .change)
        #expect(driver.machine.scale == 2)
    }

    @Test("GR-17: setScale re-bases the scale on the current distance")
    func setScale() {
        var driver = GestureMachineDriver(PinchMachine())
        driver.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        driver.move(2, 300, 100, at: 0.1)
        driver.machine.setScale(1)
        #expect(driver.machine.scale == 1)
        driver.move(2, 500, 100, at: 0.2)
        #expect(driver.machine.scale == 2)
        driver.machine.setScale(3)
        driver.move(2, 200, 100, at: 0.3)
        #expect(abs(driver.machine.scale - 0.75) <= 1e-12)
    }

    @Test("GR-17: velocity is scale per second, and setScale resets it")
    func velocity() {
        var driver = GestureMachineDriver(PinchMachine())
        driver.event(at: 0, .down(1, 0, 0), .down(2, 100, 0))
        // +10 pt of distance (+0.1 scale) every 1/64 s: 6.4 per second.
        for step in 1...10 {
            driver.move(2, 100 + Double(step) * 10, 0, at: Double(step) / 64)
        }
        #expect(abs(driver.machine.velocity - 6.4) <= 1e-9)
        driver.machine.setScale(1)
        #expect(driver.machine.velocity == 0)
        // From 200 pt (scale 1 now) to 220 pt: +0.1 in 1/64 s.
        driver.move(2, 220, 0, at: 11.0 / 64)
        #expect(abs(driver.machine.velocity - 6.4) <= 1e-9)
        // Closing reads negative.
        driver.move(2, 180, 0, at: 12.0 / 64)
        driver.move(2, 140, 0, at: 13.0 / 64)
        #expect(driver.machine.velocity < 0)
    }

    @Test("GR-12: the location is the fingers' centroid and touch locations are ordered by id")
    func locations() {
        var driver = GestureMachineDriver(PinchMachine())
        driver.event(at: 0, .down(8, 300, 100), .down(4, 100, 300))
        #expect(driver.machine.location == Point(x: 200, y: 200))
        #expect(driver.machine.touchLocation(at: 0) == Point(x: 100, y: 300))
        #expect(driver.machine.touchLocation(at: 1) == Point(x: 300, y: 100))
        #expect(driver.machine.touchLocation(at: 2) == nil)
    }

    @Test("GR-10: reset returns to the initial state and keeps the slop")
    func reset() {
        var driver = GestureMachineDriver(PinchMachine(beginSlop: 1))
        driver.event(at: 0, .down(1, 100, 100), .down(2, 200, 100))
        driver.move(2, 300, 100, at: 0.1)
        driver.event(at: 0.2, .up(1, 100, 100), .up(2, 300, 100))
        driver.machine.reset()
        #expect(driver.machine.scale == 1)
        #expect(driver.machine.velocity == 0)
        #expect(driver.machine.location == nil)
        #expect(driver.machine.beginSlop == 1)
        driver.event(at: 1, .down(1, 100, 100), .down(2, 200, 100))
        #expect(driver.move(2, 201, 100, at: 1.1) == .begin)
        #expect(driver.steps == [MachineStep(0.1, .begin), MachineStep(0.2, .end), MachineStep(1.1, .begin)])
    }
}
