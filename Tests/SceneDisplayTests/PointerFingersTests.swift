import SceneCore
import SceneDisplay
import Testing

@Suite("The pointer as fingers, as the iOS Simulator does it")
struct PointerFingersTests {
    let size = Size(width: 390, height: 844)

    @Test("The left button is one finger that keeps its identity from press to release")
    func oneFinger() {
        var pointer = PointerFingers(modifier: .alt)
        #expect(pointer.press(at: Point(x: 240, y: 250), windowSize: size, modifiers: []) == [FingerChange(finger: 0, phase: .down, location: Point(x: 240, y: 250))])
        #expect(pointer.move(to: Point(x: 245, y: 250)) == [FingerChange(finger: 0, phase: .move, location: Point(x: 245, y: 250))])
        #expect(pointer.move(to: Point(x: 245, y: 250)).isEmpty, "no move when the pointer did not move")
        #expect(pointer.fingerLocations == [Point(x: 245, y: 250)])
        #expect(pointer.release(at: Point(x: 246, y: 251)) == [FingerChange(finger: 0, phase: .up, location: Point(x: 246, y: 251))])
        #expect(!pointer.isDown && pointer.fingerLocations.isEmpty)
        #expect(pointer.move(to: Point(x: 1, y: 1)).isEmpty, "motion with the button up is no touch")
    }

    @Test("A release outside the window lifts the finger where it last was")
    func releaseOutside() {
        var pointer = PointerFingers(modifier: .alt)
        _ = pointer.press(at: Point(x: 10, y: 10), windowSize: size, modifiers: [])
        _ = pointer.move(to: Point(x: 0, y: 5))
        #expect(pointer.release(at: nil) == [FingerChange(finger: 0, phase: .up, location: Point(x: 0, y: 5))])
    }

    @Test("With the modifier held, a second finger goes down mirrored through the window's centre and stays mirrored")
    func mirrored() {
        var pointer = PointerFingers(modifier: .alt)
        let down = pointer.press(at: Point(x: 100, y: 600), windowSize: size, modifiers: [.alt])
        #expect(down == [
            FingerChange(finger: 0, phase: .down, location: Point(x: 100, y: 600)),
            FingerChange(finger: 1, phase: .down, location: Point(x: 290, y: 244)),
        ])
        let moved = pointer.move(to: Point(x: 150, y: 500))
        #expect(moved == [
            FingerChange(finger: 0, phase: .move, location: Point(x: 150, y: 500)),
            FingerChange(finger: 1, phase: .move, location: Point(x: 240, y: 344)),
        ])
        #expect(pointer.release(at: nil).map(\.phase) == [.up, .up])
    }

    @Test("Shift with the modifier moves both fingers together (a two-finger pan)")
    func together() {
        var pointer = PointerFingers(modifier: .alt)
        _ = pointer.press(at: Point(x: 100, y: 600), windowSize: size, modifiers: [.alt, .shift])
        let moved = pointer.move(to: Point(x: 120, y: 610))
        #expect(moved == [
            FingerChange(finger: 0, phase: .move, location: Point(x: 120, y: 610)),
            FingerChange(finger: 1, phase: .move, location: Point(x: 310, y: 254)),
        ])
    }

    @Test("The modifier is configurable; other modifiers and none make one finger")
    func configurableModifier() {
        var control = PointerFingers(modifier: .control)
        #expect(control.press(at: Point(x: 1, y: 1), windowSize: size, modifiers: [.alt]).count == 1, "Alt is not the modifier here")
        _ = control.cancel()
        #expect(control.press(at: Point(x: 1, y: 1), windowSize: size, modifiers: [.control]).count == 2)
        var none = PointerFingers(modifier: .none)
        #expect(none.press(at: Point(x: 1, y: 1), windowSize: size, modifiers: [.alt, .control, .command, .shift]).count == 1)
    }

    @Test("Cancelling cancels every finger down at its place; a second press while down does nothing")
    func cancel() {
        var pointer = PointerFingers(modifier: .alt)
        _ = pointer.press(at: Point(x: 100, y: 100), windowSize: size, modifiers: [.alt])
        #expect(pointer.press(at: Point(x: 5, y: 5), windowSize: size, modifiers: []).isEmpty)
        #expect(pointer.cancel() == [
            FingerChange(finger: 0, phase: .cancel, location: Point(x: 100, y: 100)),
            FingerChange(finger: 1, phase: .cancel, location: Point(x: 290, y: 744)),
        ])
        #expect(pointer.cancel().isEmpty)
    }
}

@Suite("Touchscreen fingers get identities of their own")
struct TouchscreenFingersTests {
    let window = DisplayWindowID(1)
    let size = Size(width: 400, height: 800)

    @Test("Normalized positions are scaled by the window size and fingers are numbered from 2, lowest free first")
    func identities() {
        var fingers = TouchscreenFingers()
        let a = TouchscreenFingers.Identity(device: 7, finger: 100)
        let b = TouchscreenFingers.Identity(device: 7, finger: 101)
        let c = TouchscreenFingers.Identity(device: 7, finger: 102)
        #expect(fingers.down(a, x: 0.25, y: 0.5, window: window, size: size)?.1 == FingerChange(finger: 2, phase: .down, location: Point(x: 100, y: 400)))
        #expect(fingers.down(b, x: 0.5, y: 0.5, window: window, size: size)?.1.finger == 3)
        #expect(fingers.down(a, x: 0.1, y: 0.1, window: window, size: size) == nil, "a finger already down")
        #expect(fingers.up(a, x: 0.25, y: 0.5) { _ in size }?.1 == FingerChange(finger: 2, phase: .up, location: Point(x: 100, y: 400)))
        #expect(fingers.down(c, x: 1, y: 1, window: window, size: size)?.1.finger == 2, "the lowest free number")
        #expect(fingers.move(b, x: 0.75, y: 0.25) { _ in size }?.1 == FingerChange(finger: 3, phase: .move, location: Point(x: 300, y: 200)))
        #expect(fingers.move(b, x: 0.75, y: 0.25) { _ in size } == nil, "no move without motion")
        #expect(fingers.cancel(in: window).map(\.finger) == [2, 3])
        #expect(fingers.count == 0)
        #expect(fingers.up(b, x: 0, y: 0) { _ in size } == nil, "an unknown finger")
    }
}

@Suite("The two-finger pair's centre")
struct PairCenterTests {
    @Test("A Shift-drag moves the pair's centre; a pinch then turns around it")
    func movedCenter() {
        let size = Size(width: 390, height: 844)
        var pointer = PointerFingers(modifier: .alt)
        _ = pointer.press(at: Point(x: 195, y: 422), windowSize: size, modifiers: [.alt, .shift])
        #expect(pointer.pairCenter == Point(x: 195, y: 422))
        _ = pointer.move(to: Point(x: 195, y: 670))
        let center = pointer.pairCenter
        #expect(center == Point(x: 195, y: 670))
        _ = pointer.release(at: nil)
        #expect(pointer.pairCenter == nil)
        let down = pointer.press(at: Point(x: 145, y: 620), windowSize: size, modifiers: [.alt], pairCenter: center)
        #expect(down.map(\.location) == [Point(x: 145, y: 620), Point(x: 245, y: 720)])
    }
}
