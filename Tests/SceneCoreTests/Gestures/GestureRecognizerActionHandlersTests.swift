import SceneCore
import Testing

/// A pan of the test's own, to show that a subclass's handlers get the subclass.
@MainActor
final class LabelledPan: PanGestureRecognizer {
    var label = "drag"
}

@MainActor
@Suite("A recognizer's handlers get the recognizer as its own class [GR-4]")
struct GestureRecognizerActionHandlersTests {
    let harness = Harness()

    @Test("A pan made with a handler gives the handler the pan itself: it reads the translation with no downcast")
    func panHandlerGetsThePan() throws {
        let view = harness.addTracedView()
        var seen: [(PanGestureRecognizer, GestureRecognizer.State, Point)] = []
        let pan = PanGestureRecognizer(name: "P") { pan in seen.append((pan, pan.state, pan.translation(in: view))) }
        view.addGestureRecognizer(pan)
        let touch = try #require(harness.down(100, 100))
        harness.move(touch, 112, 100)
        harness.move(touch, 140, 100)
        harness.up(touch)
        #expect(pan.name == "P")
        #expect(seen.map(\.1) == [.began, .changed, .ended])
        #expect(seen.map(\.2) == [Point(x: 12, y: 0), Point(x: 40, y: 0), Point(x: 40, y: 0)])
        #expect(seen.allSatisfy { $0.0 === pan })
    }

    @Test("A tap made with a handler gives the handler the tap (its taps required), once, when it recognizes")
    func tapHandlerGetsTheTap() {
        let view = harness.addTracedView()
        var required: [Int] = []
        let tap = TapGestureRecognizer(name: "T") { tap in required.append(tap.numberOfTapsRequired) }
        view.addGestureRecognizer(tap)
        harness.tap(50, 50)
        #expect(required == [1])
    }

    @Test("addAction on a subclass gives its closure the subclass; the closure taking GestureRecognizer still works beside it")
    func subclassHandlerGetsTheSubclass() throws {
        let view = harness.addTracedView()
        let pan = LabelledPan()
        var labels: [String] = []
        var states: [GestureRecognizer.State] = []
        pan.addAction { (pan: LabelledPan) in labels.append("\(pan.label) \(pan.state.wireName)") }
        pan.addAction { (recognizer: GestureRecognizer) in states.append(recognizer.state) }
        view.addGestureRecognizer(pan)
        let touch = try #require(harness.down(100, 100))
        harness.move(touch, 130, 100)
        harness.up(touch)
        #expect(labels == ["drag began", "drag ended"])
        #expect(states == [.began, .ended])
    }

    @Test("Each of the six recognizers' init(name:handler:) names it and gives the handler its own class")
    func everyRecognizerInitIsTyped() {
        // The closures' parameter types are the point: each line compiles only if the handler is given
        // the recognizer's own class.
        let recognizers: [GestureRecognizer] = [
            TapGestureRecognizer(name: "tap") { (_: TapGestureRecognizer) in },
            LongPressGestureRecognizer(name: "long press") { (_: LongPressGestureRecognizer) in },
            PanGestureRecognizer(name: "pan") { (_: PanGestureRecognizer) in },
            SwipeGestureRecognizer(name: "swipe") { (_: SwipeGestureRecognizer) in },
            PinchGestureRecognizer(name: "pinch") { (_: PinchGestureRecognizer) in },
            RotationGestureRecognizer(name: "rotation") { (_: RotationGestureRecognizer) in },
        ]
        #expect(recognizers.map(\.displayName) == ["tap", "long press", "pan", "swipe", "pinch", "rotation"])
    }
}
