import SceneCore
import Testing

@MainActor
@Suite("Gesture recognizers and arbitration [GR-1 … GR-12]")
struct GestureArbitrationTests {
    let harness = Harness()

    @Test("GR-1: candidates are the hit view's and its ancestors' recognizers, window included, deepest first")
    func candidatesDeepestFirst() throws {
        let view = harness.addTracedView()
        let order = Trace()
        final class Probe: GestureRecognizer {
            let label: String
            let order: Trace
            init(_ label: String, order: Trace) {
                self.label = label
                self.order = order
                super.init()
            }
            override func touchesBegan(_ touches: TouchSet, with event: Event) { order.log(label) }
        }
        harness.window.addGestureRecognizer(Probe("window", order: order))
        harness.root.addGestureRecognizer(Probe("root1", order: order))
        harness.root.addGestureRecognizer(Probe("root2", order: order))
        view.addGestureRecognizer(Probe("view", order: order))
        let disabled = Probe("disabled", order: order)
        disabled.isEnabled = false
        view.addGestureRecognizer(disabled)
        let touch = try #require(harness.down(10, 10))
        #expect(order.lines == ["view", "root1", "root2", "window"])
        #expect(touch.gestureRecognizers.count == 4)
    }

    @Test("GR-1: a delegate's shouldReceive(event) then shouldReceive(touch) can keep a touch away")
    func delegateFiltersTouches() throws {
        let view = harness.addTracedView()
        let tap = TapGestureRecognizer()
        let delegate = ScriptedGestureDelegate()
        delegate.receives = false
        tap.delegate = delegate
        view.addGestureRecognizer(tap)
        let touch = try #require(harness.tap(10, 10))
        #expect(delegate.askedReceiveEvent == 1 && delegate.askedReceiveTouch == 1)
        #expect(touch.gestureRecognizers.isEmpty)
        #expect(harness.trace.lines(containing: "touchesEnded").count == 2)
    }

    @Test("GR-2, GR-4: actions run before the view's callbacks of the same event, state reads as the new state")
    func recognizersBeforeViews() {
        let view = harness.addTracedView()
        let tap = harness.traceActions(of: TapGestureRecognizer(), as: "Tap")
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
        harness.tap(10, 10)
        #expect(harness.trace.lines == ["V.touchesBegan", "VC.touchesBegan", "Tap.action(ended)", "V.touchesEnded", "VC.touchesEnded"])
    }

    @Test("GR-4: illegal transitions are rejected by the transition table", arguments: [
        (GestureRecognizer.State.possible, GestureRecognizer.State.changed, false),
        (.possible, .cancelled, false), (.began, .failed, false), (.ended, .began, false),
        (.possible, .began, true), (.possible, .ended, true), (.changed, .changed, true), (.began, .cancelled, true),
    ])
    func transitionTable(from: GestureRecognizer.State, to: GestureRecognizer.State, legal: Bool) {
        #expect(GestureRecognizer.isLegal(from: from, to: to) == legal)
    }

    @Test("GR-4: a continuous recognizer sends began, changed (each time), ended; none on failed")
    func continuousActions() throws {
        let view = harness.addTracedView()
        let pan = harness.traceActions(of: PanGestureRecognizer(), as: "Pan")
        view.addGestureRecognizer(pan)
        let touch = try #require(harness.down(100, 100))
        harness.move(touch, 115, 100)
        harness.move(touch, 130, 100)
        harness.move(touch, 140, 100)
        harness.up(touch)
        #expect(harness.trace.lines(startingWith: "Pan") == ["Pan.action(began)", "Pan.action(changed)", "Pan.action(changed)", "Pan.action(ended)"])
        #expect(pan.state == .possible, "reset after the sequence [GR-10]")
    }

    @Test("GR-5: the delegate's shouldBegin false fails the recognizer with no action")
    func delegateShouldBegin() {
        let view = harness.addTracedView()
        let tap = harness.traceActions(of: TapGestureRecognizer(), as: "Tap")
        let delegate = ScriptedGestureDelegate()
        delegate.shouldBegin = false
        tap.delegate = delegate
        view.addGestureRecognizer(tap)
        harness.tap(10, 10)
        #expect(harness.trace.lines(startingWith: "Tap").isEmpty)
        #expect(harness.observer.events(startingWith: "gesture") == ["gesture Tap possible→failed"])
    }

    @Test("GR-5: the view's gestureRecognizerShouldBegin false fails the recognizer")
    func viewShouldBegin() {
        final class Refusing: View {
            override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { false }
        }
        let view = Refusing(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        harness.root.addSubview(view)
        let tap = harness.traceActions(of: TapGestureRecognizer(), as: "Tap")
        harness.root.addGestureRecognizer(tap)
        harness.tap(10, 10)
        #expect(harness.trace.lines(startingWith: "Tap").isEmpty)
    }

    @Test("GR-6: with a delegate allowing simultaneity both recognize; without, the first to begin wins")
    func simultaneity() throws {
        for allow in [true, false] {
            let harness = Harness()
            let view = harness.addTracedView()
            let pan = harness.traceActions(of: PanGestureRecognizer(), as: "Pan")
            let press = harness.traceActions(of: LongPressGestureRecognizer(), as: "Press")
            press.allowableMovement = 100
            let delegate = ScriptedGestureDelegate()
            delegate.simultaneous = allow
            press.delegate = delegate
            view.addGestureRecognizer(press)
            view.addGestureRecognizer(pan)
            let touch = try #require(harness.down(100, 100))
            harness.wait(0.6)
            harness.move(touch, 130, 100)
            harness.up(touch)
            #expect(harness.trace.lines(startingWith: "Press").first == "Press.action(began)")
            #expect(harness.trace.lines(startingWith: "Pan").isEmpty == !allow)
        }
    }

    @Test("GR-7: a single tap never prevents a double tap; a double tap prevents a single tap")
    func tapPrevention() {
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let twoFinger = TapGestureRecognizer()
        twoFinger.numberOfTouchesRequired = 2
        #expect(!single.canPrevent(double))
        #expect(double.canPrevent(single))
        #expect(!twoFinger.canPrevent(single) && !single.canPrevent(twoFinger))
        #expect(single.canPrevent(PanGestureRecognizer()))
    }

    @Test("GR-8: a delegate that requires another's failure makes the recognizer wait for it")
    func delegateRequirement() throws {
        let view = harness.addTracedView()
        let single = harness.traceActions(of: TapGestureRecognizer(), as: "S")
        let double = harness.traceActions(of: TapGestureRecognizer(), as: "D")
        double.numberOfTapsRequired = 2
        let delegate = ScriptedGestureDelegate()
        delegate.requiresFailureOf = [double]
        single.delegate = delegate
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        harness.tap(10, 10)
        #expect(harness.trace.lines(startingWith: "S").isEmpty)
        harness.wait(0.4)
        #expect(harness.trace.lines(startingWith: "S") == ["S.action(ended)"])
    }

    @Test("GR-8: when the required recognizer recognizes, the waiting one fails")
    func requirementRecognizes() {
        let view = harness.addTracedView()
        let swipe = harness.traceActions(of: SwipeGestureRecognizer(), as: "Swipe")
        let pan = harness.traceActions(of: PanGestureRecognizer(), as: "Pan")
        pan.require(toFail: swipe)
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(swipe)
        let touch = harness.down(20, 100)
        harness.wait(0.05)
        harness.move(touch, 40, 100)
        harness.wait(0.05)
        harness.move(touch, 90, 100)
        harness.up(touch)
        #expect(harness.trace.lines(startingWith: "Swipe") == ["Swipe.action(ended)"])
        #expect(harness.trace.lines(startingWith: "Pan").isEmpty)
    }

    @Test("GR-8, TD-11: a begin held for a failure requirement is withdrawn when the touch is cancelled; the recognizer fails, never began")
    func heldBeginThenCancelled() throws {
        /// Takes part in every touch and decides nothing by itself, so whoever requires it to fail waits.
        final class Undecided: GestureRecognizer {}
        let view = harness.addTracedView()
        let pan = harness.traceActions(of: PanGestureRecognizer(), as: "Pan")
        let undecided = Undecided()
        pan.require(toFail: undecided)
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(undecided)
        let touch = try #require(harness.down(20, 100))
        harness.move(touch, 60, 100)
        harness.move(touch, 90, 100)
        #expect(pan.state == .possible, "the pan's begin waits for the undecided recognizer")
        harness.application.cancelAllTouches()
        #expect(harness.trace.lines(startingWith: "Pan").isEmpty, "a gesture that never began sends no action")
        #expect(harness.observer.events.contains("gesture \(pan.displayName) possible→failed"))
        #expect(!harness.observer.events.contains { $0.hasPrefix("gesture \(pan.displayName) possible→began") })
        #expect(pan.state == .possible, "reset once its touches are gone [GR-10]")
        // The next sequence pans normally once nothing holds it.
        undecided.isEnabled = false
        let next = try #require(harness.down(20, 100))
        harness.move(next, 60, 100)
        harness.up(next)
        #expect(harness.trace.lines(startingWith: "Pan") == ["Pan.action(began)", "Pan.action(ended)"])
    }

    @Test("GR-9: delaysTouchesEnded holds touchesEnded until the recognizer fails (a timer)")
    func delaysTouchesEnded() {
        let view = harness.addTracedView()
        let double = harness.traceActions(of: TapGestureRecognizer(), as: "D")
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        harness.tap(10, 10)
        #expect(harness.trace.lines(startingWith: "V.") == ["V.touchesBegan"])
        harness.wait(0.34)
        #expect(harness.trace.lines(startingWith: "V.") == ["V.touchesBegan"])
        harness.wait(0.02)
        #expect(harness.trace.lines(startingWith: "V.") == ["V.touchesBegan", "V.touchesEnded"])
    }

    @Test("GR-10: a recognizer resets once all its touches are gone and sees the next sequence afresh")
    func resetBetweenSequences() throws {
        let view = harness.addTracedView()
        let tap = harness.traceActions(of: TapGestureRecognizer(), as: "Tap")
        view.addGestureRecognizer(tap)
        harness.tap(10, 10)
        #expect(tap.state == .possible)
        harness.wait(1)
        harness.tap(10, 10)
        #expect(harness.trace.lines(startingWith: "Tap") == ["Tap.action(ended)", "Tap.action(ended)"])
    }

    @Test("GR-10: a failed recognizer gets no more touches until every finger is up")
    func failedWaitsForAllTouches() throws {
        let view = harness.addTracedView()
        view.isMultipleTouchEnabled = true
        let tap = harness.traceActions(of: TapGestureRecognizer(), as: "Tap")
        view.addGestureRecognizer(tap)
        let first = try #require(harness.down(10, 10))
        let second = try #require(harness.down(50, 50))
        #expect(tap.state == .failed)
        harness.up(second)
        let third = try #require(harness.down(60, 60))
        #expect(!third.gestureRecognizers.contains { $0 === tap })
        harness.up(third)
        harness.up(first)
        #expect(tap.state == .possible)
    }

    @Test("GR-11: disabling a began recognizer cancels it with one action; a possible one just fails")
    func disablingRecognizers() throws {
        let view = harness.addTracedView()
        let pan = harness.traceActions(of: PanGestureRecognizer(), as: "Pan")
        view.addGestureRecognizer(pan)
        let touch = try #require(harness.down(100, 100))
        harness.move(touch, 120, 100)
        pan.isEnabled = false
        harness.move(touch, 130, 100)
        harness.up(touch)
        #expect(harness.trace.lines(startingWith: "Pan") == ["Pan.action(began)", "Pan.action(cancelled)"])
        let tap = harness.traceActions(of: TapGestureRecognizer(), as: "Tap")
        view.addGestureRecognizer(tap)
        let second = try #require(harness.down(10, 10))
        tap.isEnabled = false
        #expect(tap.state == .possible || tap.state == .failed)
        harness.up(second)
        #expect(harness.trace.lines(startingWith: "Tap").isEmpty)
    }

    @Test("GR-11, WS-8: removing the view of a began recognizer cancels it; an ancestor's pan keeps tracking")
    func removalCancels() throws {
        let parent = harness.addTracedView("P")
        let child = TracingView("C", frame: Rect(x: 0, y: 0, width: 100, height: 100), trace: harness.trace)
        child.logsHitTesting = false
        parent.addSubview(child)
        let childPan = harness.traceActions(of: PanGestureRecognizer(), as: "ChildPan")
        let parentPan = harness.traceActions(of: PanGestureRecognizer(), as: "ParentPan")
        let delegate = ScriptedGestureDelegate()
        delegate.simultaneous = true
        childPan.delegate = delegate
        parentPan.delegate = delegate
        child.addGestureRecognizer(childPan)
        parent.addGestureRecognizer(parentPan)
        let touch = try #require(harness.down(10, 10))
        harness.move(touch, 30, 10)
        child.removeFromSuperview()
        harness.move(touch, 50, 10)
        harness.up(touch)
        #expect(harness.trace.lines(startingWith: "ChildPan") == ["ChildPan.action(began)", "ChildPan.action(cancelled)"])
        #expect(harness.trace.lines(startingWith: "ParentPan").last == "ParentPan.action(ended)")
    }

    @Test("GR-12: location is the centroid; numberOfTouches counts tracked touches; a tap reports its first tap")
    func locations() throws {
        let view = harness.addTracedView()
        view.isMultipleTouchEnabled = true
        let pan = PanGestureRecognizer()
        let tap = TapGestureRecognizer()
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(tap)
        let touches = harness.application.dispatch([.down(Point(x: 10, y: 10)), .down(Point(x: 30, y: 50))])
        #expect(pan.numberOfTouches == 2)
        #expect(pan.location(in: nil) == Point(x: 20, y: 30))
        #expect(pan.location(in: view) == Point(x: 20, y: 30))
        #expect(pan.location(ofTouch: 1, in: nil) == Point(x: 30, y: 50))
        harness.application.dispatch([.up(touches[0]!, at: nil), .up(touches[1]!, at: nil)])
    }

    @Test("TD-6: touch.gestureRecognizers and event.touches(for: recognizer)")
    func recognizerTouches() throws {
        let view = harness.addTracedView()
        let capture = EventCapture()
        view.addGestureRecognizer(capture)
        let touch = try #require(harness.down(10, 10))
        #expect(touch.gestureRecognizers.first === capture)
        #expect(capture.lastEvent?.touches(for: capture)?.first === touch)
    }
}

