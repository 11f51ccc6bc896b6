@testable import SceneCore
import Testing

/// Which recognizers the window feeds straight through their state machine: exactly SceneCore's six
/// classes, never a subclass (which may override the touch methods and must see every call).
@MainActor
@Suite("Recognizer touch routing [GR-2]")
struct GestureRecognizerRoutingTests {
    private final class CountingTap: TapGestureRecognizer {
        var began = 0
        override func touchesBegan(_ touches: TouchSet, with event: Event) {
            began += 1
            super.touchesBegan(touches, with: event)
        }
    }

    @Test("The six built-in recognizers go straight to their machine; a plain or subclassed one does not")
    func builtInsOnly() {
        #expect(TapGestureRecognizer().touchesGoStraightToMachine)
        #expect(PanGestureRecognizer().touchesGoStraightToMachine)
        #expect(LongPressGestureRecognizer().touchesGoStraightToMachine)
        #expect(SwipeGestureRecognizer().touchesGoStraightToMachine)
        #expect(PinchGestureRecognizer().touchesGoStraightToMachine)
        #expect(RotationGestureRecognizer().touchesGoStraightToMachine)
        #expect(!GestureRecognizer().touchesGoStraightToMachine)
        #expect(!CountingTap().touchesGoStraightToMachine)
    }

    @Test("A subclass's touchesBegan override runs, and its tap still recognizes through super")
    func subclassOverrideRuns() {
        let harness = Harness()
        let view = harness.addTracedView()
        let tap = CountingTap()
        var recognized = 0
        tap.addAction { recognizer in if recognizer.state == .ended { recognized += 1 } }
        view.addGestureRecognizer(tap)
        harness.tap(50, 50)
        #expect(tap.began == 1)
        #expect(recognized == 1)
    }
}
