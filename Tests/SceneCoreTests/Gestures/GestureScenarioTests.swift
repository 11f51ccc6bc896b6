import Foundation
import SceneCore
import Testing

/// The §9 scenarios that involve gesture recognizers.
@MainActor
@Suite("§9 gesture scenarios")
struct GestureScenarioTests {
    let harness = Harness()

    @Test("§9/12, TD-8: a view without multiple touch gets touch 1 only; its pan sees both")
    func multipleTouchDisabledWithPan() throws {
        let view = harness.addTracedView()
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        let one = try #require(harness.down(10, 10))
        let two = try #require(harness.down(50, 50))
        #expect(pan.numberOfTouches == 2)
        harness.up(two)
        harness.up(one)
        #expect(harness.trace.lines(startingWith: "V.") == ["V.touchesBegan", "V.touchesEnded"])
    }

    @Test("§9/14, UC-7: a button under an ancestor tap: touchDown, touchUpInside; the tap fails, shouldReceive asked once")
    func buttonBeatsAncestorTap() {
        let tap = harness.traceActions(of: TapGestureRecognizer(), as: "G")
        let delegate = ScriptedGestureDelegate()
        tap.delegate = delegate
        harness.root.addGestureRecognizer(tap)
        let button = EventRecordingButton(frame: Rect(x: 100, y: 100, width: 40, height: 40))
        button.recordAllEvents()
        harness.root.addSubview(button)
        harness.tap(120, 120)
        #expect(button.sent == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(harness.trace.lines(startingWith: "G").isEmpty)
        #expect(harness.observer.events(startingWith: "gesture") == ["gesture G possible→failed"])
        #expect(delegate.askedReceiveTouch == 1)
    }

    @Test("§9/15, UC-8, GR-9: a plain view under an ancestor tap: began → action → cancelled, nothing ends")
    func plainViewLosesToAncestorTap() {
        let view = harness.addTracedView()
        harness.root.addGestureRecognizer(harness.traceActions(of: TapGestureRecognizer(), as: "G"))
        harness.tap(10, 10)
        #expect(harness.trace.lines == ["V.touchesBegan", "VC.touchesBegan", "G.action(ended)", "V.touchesCancelled", "VC.touchesCancelled"])
        _ = view
    }

    @Test("§9/16, GR-9: with cancelsTouchesInView false: began → action → ended")
    func cancelsTouchesInViewFalse() {
        _ = harness.addTracedView()
        let tap = harness.traceActions(of: TapGestureRecognizer(), as: "G")
        tap.cancelsTouchesInView = false
        harness.root.addGestureRecognizer(tap)
        harness.tap(10, 10)
        #expect(harness.trace.lines(startingWith: "V.") + harness.trace.lines(startingWith: "G") == ["V.touchesBegan", "V.touchesEnded", "G.action(ended)"])
        #expect(harness.trace.lines.firstIndex(of: "G.action(ended)")! < harness.trace.lines.firstIndex(of: "V.touchesEnded")!)
    }

    @Test("§9/17, GR-9: delaysTouchesBegan: a quick tap shows the view nothing; a 1 s hold releases began at 0.75 s")
    func delaysTouchesBegan() throws {
        _ = harness.addTracedView()
        let tap = harness.traceActions(of: TapGestureRecognizer(), as: "G")
        tap.delaysTouchesBegan = true
        harness.root.addGestureRecognizer(tap)
        harness.tap(10, 10)
        #expect(harness.trace.lines == ["G.action(ended)"])
        harness.trace.clear()
        harness.wait(1)
        let touch = try #require(harness.down(10, 10))
        harness.wait(0.74)
        #expect(harness.trace.lines.isEmpty)
        harness.wait(0.02)
        #expect(harness.trace.lines == ["V.touchesBegan", "VC.touchesBegan"])
        harness.wait(0.24)
        harness.up(touch)
        #expect(harness.trace.lines == ["V.touchesBegan", "VC.touchesBegan", "V.touchesEnded", "VC.touchesEnded"])
    }

    @Test("§9/18, UC-7: a recognizer on the button itself wins: touchDown → action → touchCancel")
    func recognizerOnTheButton() {
        let button = EventRecordingButton(frame: Rect(x: 100, y: 100, width: 40, height: 40))
        button.recordAllEvents()
        harness.root.addSubview(button)
        let tap = TapGestureRecognizer()
        tap.addAction { _ in button.sent.append("T.action") }
        button.addGestureRecognizer(tap)
        harness.tap(120, 120)
        #expect(button.sent == ["touchDown", "T.action", "touchCancel"])
    }

    @Test("§9/21, GR-8, seed 004: single tap waits for the double tap to fail; V is cancelled at 0.40")
    func singleWaitsForDouble() {
        _ = harness.addTracedView()
        let single = harness.traceActions(of: TapGestureRecognizer(), as: "S")
        let double = harness.traceActions(of: TapGestureRecognizer(), as: "D")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        harness.root.addGestureRecognizer(single)
        harness.root.addGestureRecognizer(double)
        let start = harness.clock.now
        harness.tap(10, 10)
        #expect(harness.trace.lines(startingWith: "V.") == ["V.touchesBegan"])
        harness.wait(0.34)
        #expect(harness.trace.lines(startingWith: "S").isEmpty)
        harness.wait(0.02)
        #expect(harness.trace.lines(startingWith: "S") == ["S.action(ended)"])
        #expect(harness.trace.lines(startingWith: "V.") == ["V.touchesBegan", "V.touchesCancelled"])
        #expect(abs(harness.clock.now - start - 0.41) < 1e-9)
    }

    @Test("§9/21, seed 004: a double tap fires only the double-tap action")
    func doubleTapNeverFiresSingle() throws {
        _ = harness.addTracedView()
        let single = harness.traceActions(of: TapGestureRecognizer(), as: "S")
        let double = harness.traceActions(of: TapGestureRecognizer(), as: "D")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        harness.root.addGestureRecognizer(single)
        harness.root.addGestureRecognizer(double)
        harness.tap(10, 10)
        harness.wait(0.15)
        harness.tap(10, 10)
        #expect(harness.trace.lines(startingWith: "D") == ["D.action(ended)"])
        harness.wait(2)
        #expect(harness.trace.lines(startingWith: "S").isEmpty)
        // TD-8 counts fingers that are down: the first tap's held touchesEnded does not block the second
        // touch; D's recognition cancels both for the view in one call [GR-9].
        #expect(harness.trace.lines(startingWith: "V.") == ["V.touchesBegan", "V.touchesBegan", "V.touchesCancelled(1,2)"])
    }

    @Test("§9/22, GR-7a: without the requirement a double tap fires S at the first up and D at the second, S not again")
    func noRequirement() {
        _ = harness.addTracedView()
        let single = harness.traceActions(of: TapGestureRecognizer(), as: "S")
        let double = harness.traceActions(of: TapGestureRecognizer(), as: "D")
        double.numberOfTapsRequired = 2
        harness.root.addGestureRecognizer(single)
        harness.root.addGestureRecognizer(double)
        harness.tap(10, 10)
        #expect(harness.trace.lines(startingWith: "S") == ["S.action(ended)"])
        harness.wait(0.15)
        harness.tap(10, 10)
        #expect(harness.trace.lines(startingWith: "S") == ["S.action(ended)"])
        #expect(harness.trace.lines(startingWith: "D") == ["D.action(ended)"])
    }

    @Test("§9/23: pan beats tap: tap fails at x=112, pan begins there with (12, 0), V cancelled right after")
    func panBeatsTap() throws {
        let view = harness.addTracedView()
        let tap = harness.traceActions(of: TapGestureRecognizer(), as: "G")
        let pan = PanGestureRecognizer()
        pan.name = "P"
        var translations: [Point] = []
        pan.addAction { [trace = harness.trace] (pan: PanGestureRecognizer) in
            translations.append(pan.translation(in: view))
            trace.log("P.action(\(pan.state.wireName))")
        }
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(pan)
        let touch = try #require(harness.down(100, 100))
        harness.move(touch, 104, 100)
        harness.move(touch, 112, 100)
        #expect(tap.state == .failed, "the tap failed when the finger moved 12 pt [GR-13]; it resets only at the lift")
        harness.move(touch, 140, 100)
        harness.up(touch)
        #expect(
            harness.trace.lines(startingWith: "V.") + harness.trace.lines(startingWith: "P")
                == ["V.touchesBegan", "V.touchesMoved", "V.touchesCancelled", "P.action(began)", "P.action(changed)", "P.action(ended)"])
        let began = harness.trace.lines.firstIndex(of: "P.action(began)")!
        #expect(harness.trace.lines[began + 1] == "V.touchesCancelled")
        #expect(translations == [Point(x: 12, y: 0), Point(x: 40, y: 0), Point(x: 40, y: 0)])
        #expect(harness.trace.lines(startingWith: "G").isEmpty)
    }

    @Test("§9/24: long press begins from the timer at 0.5 s, changes on movement, ends on lift; 15 pt early fails")
    func longPress() throws {
        _ = harness.addTracedView()
        let press = harness.traceActions(of: LongPressGestureRecognizer(), as: "L")
        harness.root.addGestureRecognizer(press)
        let touch = try #require(harness.down(100, 100))
        harness.wait(0.49)
        #expect(harness.trace.lines(startingWith: "L").isEmpty)
        harness.wait(0.01)
        #expect(harness.trace.lines(startingWith: "L") == ["L.action(began)"])
        harness.move(touch, 103, 100)
        harness.up(touch)
        #expect(harness.trace.lines(startingWith: "L") == ["L.action(began)", "L.action(changed)", "L.action(ended)"])
        harness.trace.clear()
        harness.wait(1)
        let second = try #require(harness.down(100, 100))
        harness.wait(0.2)
        harness.move(second, 115, 100)
        harness.wait(1)
        harness.up(second)
        #expect(harness.trace.lines(startingWith: "L").isEmpty)
    }

    @Test("§9/25: pinch and rotation run together when a delegate allows it; otherwise the first wins")
    func pinchAndRotation() throws {
        for simultaneous in [true, false] {
            let harness = Harness()
            let view = harness.addTracedView()
            view.isMultipleTouchEnabled = true
            let pinch = harness.traceActions(of: PinchGestureRecognizer(), as: "PI")
            let rotation = harness.traceActions(of: RotationGestureRecognizer(), as: "RO")
            // Delegates are not kept alive by their recognizer: hold it for the whole run.
            let delegate = ScriptedGestureDelegate()
            delegate.simultaneous = simultaneous
            pinch.delegate = delegate
            view.addGestureRecognizer(pinch)
            view.addGestureRecognizer(rotation)
            let fingers = harness.application.dispatch([.down(Point(x: 100, y: 100)), .down(Point(x: 150, y: 100))])
            harness.wait(0.05)
            // spread to 80 pt apart and twist by 0.3 rad in one step
            let end = Point(x: 100 + 80 * cos(0.3), y: 100 + 80 * sin(0.3))
            harness.application.dispatch([.move(fingers[1]!, to: end)])
            harness.wait(0.05)
            harness.application.dispatch([.move(fingers[1]!, to: Point(x: end.x + 1, y: end.y + 1))])
            harness.application.dispatch([.up(fingers[0]!, at: nil), .up(fingers[1]!, at: nil)])
            withExtendedLifetime(delegate) {}
            let pinchActions = harness.trace.lines(startingWith: "PI")
            let rotationActions = harness.trace.lines(startingWith: "RO")
            #expect(pinchActions.first == "PI.action(began)")
            if simultaneous {
                #expect(rotationActions.first == "RO.action(began)")
                #expect(harness.trace.lines.firstIndex(of: "PI.action(began)")! < harness.trace.lines.firstIndex(of: "RO.action(began)")!)
            } else {
                #expect(rotationActions.isEmpty)
            }
        }
    }

    @Test("§9/26, GR-7a: nested taps — the child's tap wins, the parent's fails")
    func nestedTaps() {
        let parent = harness.addTracedView("P")
        let child = TracingView("C", frame: Rect(x: 0, y: 0, width: 50, height: 50), trace: harness.trace)
        child.logsHitTesting = false
        parent.addSubview(child)
        parent.addGestureRecognizer(harness.traceActions(of: TapGestureRecognizer(), as: "PT"))
        child.addGestureRecognizer(harness.traceActions(of: TapGestureRecognizer(), as: "CT"))
        harness.tap(10, 10)
        #expect(harness.trace.lines(startingWith: "CT") == ["CT.action(ended)"])
        #expect(harness.trace.lines(startingWith: "PT").isEmpty)
    }

    @Test("§9/27: swipe right recognizes before the lift; left or too slow fails", arguments: [(80.0, 0.2, true), (-80.0, 0.2, false), (80.0, 0.8, false)])
    func swipe(distance: Double, duration: Double, recognizes: Bool) throws {
        _ = harness.addTracedView()
        let swipe = harness.traceActions(of: SwipeGestureRecognizer(), as: "SW")
        harness.root.addGestureRecognizer(swipe)
        let touch = try #require(harness.down(150, 100))
        for step in 1...4 {
            harness.wait(duration / 4)
            harness.move(touch, 150 + distance * Double(step) / 4, 100)
        }
        let beforeLift = harness.trace.lines(startingWith: "SW")
        harness.up(touch)
        #expect(beforeLift == (recognizes ? ["SW.action(ended)"] : []))
        #expect(harness.trace.lines(startingWith: "SW") == beforeLift)
    }

    @Test("§9/34: hiding a window mid-gesture: a began pan is cancelled with an action, the view gets cancelled")
    func windowHiddenMidPan() throws {
        let second = harness.makeWindow(frame: Rect(x: 0, y: 0, width: 400, height: 400), title: "W2")
        let view = TracingView("V2", frame: Rect(x: 0, y: 0, width: 200, height: 200), trace: harness.trace)
        view.logsHitTesting = false
        second.addSubview(view)
        second.makeKeyAndVisible()
        let pan = harness.traceActions(of: PanGestureRecognizer(), as: "P")
        pan.cancelsTouchesInView = false
        let tap = harness.traceActions(of: TapGestureRecognizer(), as: "T")
        view.addGestureRecognizer(pan)
        second.addGestureRecognizer(tap)
        let touch = try #require(harness.down(100, 100))
        harness.move(touch, 101, 100)
        harness.move(touch, 120, 100)
        second.isHidden = true
        harness.up(touch)
        #expect(harness.trace.lines(startingWith: "P") == ["P.action(began)", "P.action(cancelled)"])
        #expect(harness.trace.lines(startingWith: "V2.").last == "V2.touchesCancelled")
        #expect(harness.observer.events(startingWith: "gesture T").last == "gesture T possible→failed")
    }

    @Test("§9/35, WS-1: deactivating the scene mid-pan: the pan's cancelled action, then the view's touchesCancelled")
    func sceneDeactivationMidPan() throws {
        let view = harness.addTracedView()
        let pan = harness.traceActions(of: PanGestureRecognizer(), as: "P")
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        let touch = try #require(harness.down(100, 100))
        harness.move(touch, 130, 100)
        harness.trace.clear()
        harness.scene.deactivate()
        #expect(harness.trace.lines == ["P.action(cancelled)", "V.touchesCancelled", "VC.touchesCancelled"])
        #expect(harness.down(100, 100) == nil)
    }

    @Test("GR-17, GR-18: a scripted pinch and rotation report scale and rotation within 1e-9 of the geometry")
    func geometricPinchAndRotation() throws {
        let view = harness.addTracedView()
        view.isMultipleTouchEnabled = true
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        let delegate = ScriptedGestureDelegate()
        delegate.simultaneous = true
        pinch.delegate = delegate
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(rotation)
        let center = Point(x: 100, y: 100)
        func fingers(distance: Double, angle: Double) -> (Point, Point) {
            let dx = distance / 2 * cos(angle), dy = distance / 2 * sin(angle)
            return (Point(x: center.x - dx, y: center.y - dy), Point(x: center.x + dx, y: center.y + dy))
        }
        let start = fingers(distance: 40, angle: 0.1)
        let touches = harness.application.dispatch([.down(start.0), .down(start.1)])
        var samples: [(scale: Double, rotation: Double)] = []
        for step in 1...10 {
            harness.wait(0.016)
            let distance = 40 + 12 * Double(step)
            let angle = 0.1 + 0.25 * Double(step)
            let position = fingers(distance: distance, angle: angle)
            harness.application.dispatch([.move(touches[0]!, to: position.0), .move(touches[1]!, to: position.1)])
            samples.append((pinch.scale, rotation.rotation))
            #expect(abs(pinch.scale - distance / 40) < 1e-9)
            #expect(abs(rotation.rotation - 0.25 * Double(step)) < 1e-9)
        }
        #expect(pinch.state == .changed && rotation.state == .changed)
        #expect(samples.count == 10)
        harness.application.dispatch([.up(touches[0]!, at: nil), .up(touches[1]!, at: nil)])
    }
}
