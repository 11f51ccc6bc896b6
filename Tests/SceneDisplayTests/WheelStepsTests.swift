import SceneCore
import SceneDisplay
import Testing

@Suite("SDL's wheel events as wheel steps in the content offset's sense")
struct WheelStepsTests {
    @Test("A notch away from the user scrolls towards the start of the content, one towards the user towards its end")
    func vertical() {
        let away = WheelSteps(preciseX: 0, preciseY: 1, flipped: false)
        let toward = WheelSteps(preciseX: 0, preciseY: -1, flipped: false)
        #expect(away.steps == Point(x: 0, y: -1) && toward.steps == Point(x: 0, y: 1))
        #expect(toward.delta(stepDistance: 40) == Point(x: 0, y: 40))
        #expect(away.delta(stepDistance: 25) == Point(x: 0, y: -25))
        #expect(away.isWholeSteps && !away.isZero)
    }

    @Test("A horizontal notch to the right scrolls towards the content's right end; both axes scale by the step")
    func horizontal() {
        let steps = WheelSteps(preciseX: 2, preciseY: -3, flipped: false)
        #expect(steps.steps == Point(x: 2, y: 3))
        #expect(steps.delta(stepDistance: 40) == Point(x: 80, y: 120))
    }

    @Test("Flipped (natural) scrolling: SDL's reversed values are the user's choice and scroll as they come")
    func flipped() {
        // With natural scrolling a finger pushing the wheel away reports −1 flipped: the content
        // follows the finger, towards its end, as the desktop's other programs do.
        let natural = WheelSteps(preciseX: -1, preciseY: -1, flipped: true)
        #expect(natural.flipped)
        #expect(natural.steps == Point(x: -1, y: 1))
        #expect(natural.steps == WheelSteps(preciseX: -1, preciseY: -1, flipped: false).steps, "the flag reverses nothing again")
    }

    @Test("Fractions of a notch (high-resolution wheels, touchpads) scroll fractions of a step")
    func fractions() {
        let steps = WheelSteps(preciseX: 0, preciseY: 0.25, flipped: false)
        #expect(!steps.isWholeSteps)
        #expect(steps.delta(stepDistance: 40) == Point(x: 0, y: -10))
    }

    @Test("A wheel event along neither axis, or with values that are not finite, scrolls nothing; y at rest is +0")
    func nothing() {
        #expect(WheelSteps(preciseX: 0, preciseY: 0, flipped: false).isZero)
        #expect(WheelSteps(preciseX: .nan, preciseY: .infinity, flipped: false).isZero)
        let sideways = WheelSteps(preciseX: 1, preciseY: 0, flipped: false)
        #expect(sideways.steps.y.sign == .plus, "no −0 in the record's text")
    }
}
