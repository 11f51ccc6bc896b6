import SceneCore
import Testing

@MainActor
@Suite("Touch delivery [TD-1 … TD-11]")
struct TouchDeliveryTests {
    let harness = Harness()

    @Test("TD-1, TD-2, §9/10: a touch keeps its identity and its view; leaving the view does not rebind it")
    func touchStaysBound() throws {
        let a = TracingView("A", frame: Rect(x: 0, y: 0, width: 100, height: 100), trace: harness.trace)
        let sibling = TracingView("Sib", frame: Rect(x: 100, y: 0, width: 100, height: 100), trace: harness.trace)
        a.logsHitTesting = false
        sibling.logsHitTesting = false
        harness.root.addSubview(a)
        harness.root.addSubview(sibling)
        let touch = try #require(harness.down(50, 50))
        let identifier = touch.identifier
        harness.move(touch, 150, 50)
        #expect(touch.view === a)
        #expect(touch.identifier == identifier)
        #expect(touch.location(in: a) == Point(x: 150, y: 50))
        #expect(touch.previousLocation(in: a) == Point(x: 50, y: 50))
        harness.up(touch, 150, 50)
        #expect(harness.trace.lines(startingWith: "A.") == ["A.touchesBegan", "A.touchesMoved", "A.touchesEnded"])
        #expect(harness.trace.lines(startingWith: "Sib.").isEmpty)
        #expect(touch.phase == .ended)
    }

    @Test("TD-2: previousLocation equals location at began; location(in: nil) is in window coordinates")
    func locationsAtBegan() throws {
        let view = View(frame: Rect(x: 20, y: 30, width: 100, height: 100))
        harness.root.addSubview(view)
        let touch = try #require(harness.down(25, 35))
        #expect(touch.location(in: view) == Point(x: 5, y: 5))
        #expect(touch.previousLocation(in: view) == Point(x: 5, y: 5))
        #expect(touch.location(in: nil) == Point(x: 25, y: 35))
    }

    @Test("TD-3: timestamps come from the injected clock and are refreshed at every change")
    func timestampsFollowTheClock() throws {
        let touch = try #require(harness.down(10, 10))
        #expect(touch.timestamp == 100)
        harness.wait(0.25)
        harness.move(touch, 12, 10)
        #expect(touch.timestamp == 100.25)
    }

    @Test(
        "TD-4, §9/11: tapCount grows within 0.35 s and 45 pt of the previous touch's end",
        arguments: [
            (Point(x: 52, y: 50), 0.15, 2),  // down at t=0.20 after an up at t=0.05
            (Point(x: 52, y: 50), 0.75, 1),  // too late
            (Point(x: 150, y: 50), 0.05, 1),  // too far
        ])
    func tapCount(second: Point, gap: Double, expected: Int) throws {
        let first = try #require(harness.tap(50, 50, duration: 0.05))
        #expect(first.tapCount == 1)
        harness.wait(gap)
        let touch = try #require(harness.down(second.x, second.y))
        #expect(touch.tapCount == expected)
    }

    @Test("TD-4: the tap count stays constant for the touch's life and a third quick tap counts 3")
    func tripleTap() throws {
        harness.tap(50, 50)
        harness.wait(0.1)
        let second = try #require(harness.tap(50, 50))
        harness.wait(0.1)
        let third = try #require(harness.down(50, 50))
        #expect(second.tapCount == 2)
        #expect(third.tapCount == 3)
        harness.move(third, 55, 55)
        #expect(third.tapCount == 3)
    }

    @Test("TD-6: one event object carries the whole sequence, with stationary touches and per-view filters")
    func oneEventPerSequence() throws {
        let left = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let right = View(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        right.isMultipleTouchEnabled = true
        harness.root.addSubview(left)
        harness.root.addSubview(right)
        let recorder = EventCapture()
        left.addGestureRecognizer(recorder)
        let one = try #require(harness.down(10, 10))
        let two = try #require(harness.down(250, 10))
        harness.move(two, 260, 10)
        let event = try #require(recorder.lastEvent)
        #expect(event.allTouches?.count == 2)
        #expect(one.phase == .stationary)
        #expect(event.touches(for: left)?.first === one)
        #expect(event.touches(for: right)?.first === two)
        #expect(event.touches(for: harness.window)?.count == 2)
        #expect(event.type == .touches)
        #expect(event.coalescedTouches(for: two) == [two])
        #expect(event.predictedTouches(for: two)?.isEmpty == true)
    }

    @Test("TD-7: two touches beginning together in one multi-touch view arrive in one touchesBegan call")
    func oneCallPerPhasePerView() throws {
        let view = TracingView("V", frame: Rect(x: 0, y: 0, width: 200, height: 200), trace: harness.trace)
        view.logsHitTesting = false
        view.isMultipleTouchEnabled = true
        harness.root.addSubview(view)
        let touches = harness.application.dispatch([.down(Point(x: 10, y: 10)), .down(Point(x: 50, y: 50))])
        #expect(touches.count == 2)
        #expect(harness.trace.lines == ["V.touchesBegan(1,2)", "VC.touchesBegan"])
        harness.application.dispatch([.move(touches[0]!, to: Point(x: 12, y: 10)), .up(touches[1]!, at: nil)])
        #expect(harness.trace.lines.suffix(4) == ["V.touchesMoved", "VC.touchesMoved", "V.touchesEnded", "VC.touchesEnded"])
    }

    @Test("TD-8: without multiple touch, a view gets only its first touch; the second is not forwarded either")
    func singleTouchViewsIgnoreOtherTouches() throws {
        let view = TracingView("V", frame: Rect(x: 0, y: 0, width: 200, height: 200), trace: harness.trace)
        view.logsHitTesting = false
        harness.root.addSubview(view)
        let first = try #require(harness.down(10, 10))
        let second = try #require(harness.down(50, 50))
        harness.up(second)
        harness.up(first)
        #expect(harness.trace.lines == ["V.touchesBegan", "VC.touchesBegan", "V.touchesEnded", "VC.touchesEnded"])
    }

    @Test("TD-8: two touches beginning in the same event: only the lowest identifier is delivered")
    func lowestIdentifierWins() {
        let view = TracingView("V", frame: Rect(x: 0, y: 0, width: 200, height: 200), trace: harness.trace)
        view.logsHitTesting = false
        harness.root.addSubview(view)
        let touches = harness.application.dispatch([.down(Point(x: 10, y: 10)), .down(Point(x: 50, y: 50))])
        #expect(harness.trace.lines == ["V.touchesBegan", "VC.touchesBegan"])
        #expect(touches[0]!.identifier < touches[1]!.identifier)
    }

    @Test("TD-9, §9/13: an exclusive view excludes touches of other views, both ways")
    func exclusiveTouch() throws {
        let exclusive = TracingView("E", frame: Rect(x: 0, y: 0, width: 100, height: 100), trace: harness.trace)
        let other = TracingView("O", frame: Rect(x: 100, y: 0, width: 100, height: 100), trace: harness.trace)
        exclusive.logsHitTesting = false
        other.logsHitTesting = false
        exclusive.isExclusiveTouch = true
        harness.root.addSubview(exclusive)
        harness.root.addSubview(other)
        let one = try #require(harness.down(50, 50))
        let two = try #require(harness.down(150, 50))
        harness.up(two)
        harness.up(one)
        #expect(harness.trace.lines(startingWith: "O.").isEmpty)
        harness.trace.clear()
        let three = try #require(harness.down(150, 50))
        let four = try #require(harness.down(50, 50))
        harness.up(four)
        harness.up(three)
        #expect(harness.trace.lines(startingWith: "E.").isEmpty)
        #expect(harness.trace.lines(startingWith: "O.") == ["O.touchesBegan", "O.touchesEnded"])
    }

    @Test("TD-10: views nobody overrides forward to next; the chain reaches the window and the scene")
    func defaultsForward() throws {
        final class Sink: Responder {
            var count = 0
            override func touchesBegan(_ touches: TouchSet, with event: Event?) { count += 1 }
        }
        let sink = Sink()
        final class Delegate: ApplicationDelegate {}
        harness.application.delegate = nil
        let view = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        harness.root.addSubview(view)
        // The application forwards to its delegate only when the delegate is a plain responder.
        final class ResponderDelegate: Responder, ApplicationDelegate {
            var began = 0
            override func touchesBegan(_ touches: TouchSet, with event: Event?) { began += 1 }
        }
        let delegate = ResponderDelegate()
        harness.application.delegate = delegate
        harness.tap(10, 10)
        #expect(delegate.began == 1)
        _ = sink
    }

    @Test("TD-11, WS-8, §9/34: hiding the window mid-touch cancels it; the later up is ignored")
    func hidingTheWindowCancels() throws {
        let second = harness.makeWindow(frame: Rect(x: 0, y: 0, width: 400, height: 400), title: "W2")
        let view = TracingView("V", frame: Rect(x: 0, y: 0, width: 100, height: 100), trace: harness.trace)
        view.logsHitTesting = false
        second.addSubview(view)
        second.makeKeyAndVisible()
        let touch = try #require(harness.down(10, 10))
        #expect(touch.window === second)
        second.isHidden = true
        #expect(touch.phase == .cancelled)
        harness.up(touch)
        #expect(harness.trace.lines == ["V.touchesBegan", "V.touchesCancelled"])
        #expect(harness.application.activeTouches.isEmpty)
    }

    @Test("WS-8: removing the touched view cancels the touch for it once; its chain stops at the removed root")
    func removingTheTouchedView() throws {
        let parent = TracingView("P", frame: Rect(x: 0, y: 0, width: 200, height: 200), trace: harness.trace)
        let child = TracingView("C", frame: Rect(x: 0, y: 0, width: 100, height: 100), trace: harness.trace)
        parent.logsHitTesting = false
        child.logsHitTesting = false
        parent.addSubview(child)
        harness.root.addSubview(parent)
        let touch = try #require(harness.down(10, 10))
        harness.trace.clear()
        child.removeFromSuperview()
        #expect(harness.trace.lines == ["C.touchesCancelled"])
        harness.move(touch, 20, 20)
        harness.up(touch)
        #expect(harness.trace.lines == ["C.touchesCancelled"])
        #expect(touch.view === child)
    }

    @Test("WS-1: touches on a scene that is not foreground-active are dropped")
    func inactiveSceneDropsTouches() {
        harness.scene.deactivate()
        #expect(harness.down(10, 10) == nil)
        harness.scene.activate()
        #expect(harness.down(10, 10) != nil)
    }

    @Test("HT-1: a touch on no window is dropped and delivers nothing")
    func touchOffEveryWindow() {
        #expect(harness.down(1000, 1000) == nil)
        #expect(harness.down(.nan, 10) == nil)
        #expect(harness.observer.events(startingWith: "touch").isEmpty)
    }

    @Test("WS-10: observers hear one touch change per phase, after the views")
    func observersHearEachPhase() throws {
        let view = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        view.accessibilityIdentifier = "v"
        harness.root.addSubview(view)
        let touch = try #require(harness.down(10, 10))
        harness.move(touch, 12, 12)
        harness.up(touch)
        let id = touch.identifier
        #expect(harness.observer.events(startingWith: "touch") == ["touch \(id) began v", "touch \(id) moved v", "touch \(id) ended v"])
    }
}

/// A recognizer that records the last event it saw and never recognizes.
@MainActor
final class EventCapture: GestureRecognizer {
    var lastEvent: Event?
    override init() {
        super.init()
        cancelsTouchesInView = false
        delaysTouchesEnded = false
    }
    override func touchesBegan(_ touches: TouchSet, with event: Event) { lastEvent = event }
    override func touchesMoved(_ touches: TouchSet, with event: Event) { lastEvent = event }
}
