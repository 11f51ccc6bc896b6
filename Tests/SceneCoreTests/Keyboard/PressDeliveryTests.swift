import SceneCore
import Testing

@MainActor
@Suite("Key presses through the responder chain [KB-1, KB-2, KB-3]")
struct PressDeliveryTests {
    let harness = KeyboardHarness()

    @Test("KB-1: a press goes to the key window's first responder and up its chain; the one that handles it is reported")
    func pressReachesFirstResponderChain() {
        let outer = harness.add(PressLoggingView(frame: Rect(x: 0, y: 0, width: 200, height: 200)), "outer")
        let inner = harness.add(PressLoggingView(frame: Rect(x: 10, y: 10, width: 50, height: 50)), "inner", to: outer)
        outer.handledKeys = [.keyboardA]
        inner.becomeFirstResponder()
        let handlers = harness.press(.keyboardA)
        #expect(inner.log == ["began a", "ended a"])
        #expect(outer.log == ["began a", "ended a"])
        #expect(handlers.began === outer && handlers.ended === outer)
        #expect(harness.observer.events(startingWith: "press") == ["press a began by outer", "press a ended by outer"])
    }

    @Test("KB-1: with no first responder the press starts at the key window; a press nobody handles reports nobody")
    func pressWithoutFirstResponder() {
        let handlers = harness.press(.keyboardA)
        #expect(handlers.began == nil && handlers.ended == nil)
        #expect(harness.observer.events(startingWith: "press") == ["press a began by nobody", "press a ended by nobody"])
    }

    @Test("KB-1: a press with no key window starts at the application")
    func pressWithoutKeyWindow() {
        final class KeyApplication: Application {
            var began = 0
            override func pressesBegan(_ presses: Set<Press>, with event: Event?) { began += 1 }
        }
        let application = KeyApplication(clock: ManualClock())
        #expect(application.sendPress(Key(keyCode: KeyboardHIDUsage.letter("b")!), phase: .began) === application)
        #expect(application.began == 1)
    }

    @Test("KB-1: later phases go to the responder the press began at, even after the first responder changed")
    func laterPhasesFollowThePress() {
        let first = harness.add(PressLoggingView(frame: Rect(x: 0, y: 0, width: 50, height: 50)), "first")
        let second = harness.add(PressLoggingView(frame: Rect(x: 60, y: 0, width: 50, height: 50)), "second")
        first.handledKeys = [KeyboardHIDUsage.letter("x")!]
        second.handledKeys = [KeyboardHIDUsage.letter("x")!]
        first.becomeFirstResponder()
        let key = Key(keyCode: KeyboardHIDUsage.letter("x")!)
        harness.application.sendPress(key, phase: .began)
        second.becomeFirstResponder()
        harness.application.sendPress(Key(keyCode: key.keyCode, modifierFlags: .shift), phase: .changed)
        harness.application.sendPress(key, phase: .ended)
        #expect(first.log == ["began x", "changed shift+x", "ended x"])
        #expect(second.log.isEmpty)
    }

    @Test("KB-1: a began while the key is down is a repeat with the same press; phases of a key that is not down are ignored")
    func repeatsAndStrayPhases() {
        let view = harness.add(PressLoggingView(frame: Rect(x: 0, y: 0, width: 50, height: 50)), "view")
        view.handledKeys = [.keyboardDeleteOrBackspace]
        view.becomeFirstResponder()
        var presses: [Press] = []
        final class Capture: ApplicationObserver {
            var presses: [Press] = []
            func pressWasDelivered(_ press: Press, handledBy: Responder?) { presses.append(press) }
        }
        let capture = Capture()
        harness.application.addObserver(capture)
        let key = Key(keyCode: .keyboardDeleteOrBackspace)
        harness.application.sendPress(key, phase: .began)
        harness.application.sendPress(key, phase: .began)
        harness.application.sendPress(key, phase: .ended)
        presses = capture.presses
        #expect(view.log == ["began backspace", "began backspace", "ended backspace"])
        #expect(presses.count == 3 && presses[0] === presses[1] && presses[1] === presses[2])
        #expect(harness.application.sendPress(key, phase: .ended) == nil)
        #expect(view.log.count == 3)
    }

    @Test("KB-2: a scene that resigns active cancels the presses that began in it")
    func resigningActiveCancelsPresses() {
        let view = harness.add(PressLoggingView(frame: Rect(x: 0, y: 0, width: 50, height: 50)), "view")
        view.handledKeys = [.keyboardA]
        view.becomeFirstResponder()
        harness.application.sendPress(Key(keyCode: .keyboardA), phase: .began)
        _ = harness.scene.deactivate()
        #expect(view.log == ["began a", "cancelled a"])
        #expect(harness.application.sendPress(Key(keyCode: .keyboardA), phase: .ended) == nil)
    }

    @Test("KB-3: Tab nobody handles moves the focus, and the application is reported for both phases")
    func tabMovesFocus() {
        let one = harness.add(Button(frame: Rect(x: 0, y: 0, width: 50, height: 30)), "one")
        let two = harness.add(Button(frame: Rect(x: 0, y: 40, width: 50, height: 30)), "two")
        let handlers = harness.press(.keyboardTab)
        #expect(harness.window.focusedView === one)
        #expect(handlers.began === harness.application && handlers.ended === harness.application)
        harness.press(.keyboardTab)
        #expect(harness.window.focusedView === two)
        harness.press(.keyboardTab, .shift)
        #expect(harness.window.focusedView === one)
        harness.press(.keyboardTab, .control)
        #expect(harness.window.focusedView === one)
        #expect(harness.observer.events(startingWith: "focus") == ["focus W: nil → one", "focus W: one → two", "focus W: two → one"])
    }

    @Test("KB-3: a responder that handles Tab keeps it from moving the focus")
    func handledTabDoesNotMoveFocus() {
        let view = harness.add(PressLoggingView(frame: Rect(x: 0, y: 0, width: 50, height: 50)), "view")
        harness.add(Button(frame: Rect(x: 0, y: 60, width: 50, height: 30)), "button")
        view.handledKeys = [.keyboardTab]
        view.becomeFirstResponder()
        #expect(harness.window.focusedView === view)
        #expect(harness.press(.keyboardTab).began === view)
        #expect(harness.window.focusedView === view)
    }

    @Test("KB-3: Space and Return activate the focused button; with nothing focused they do nothing")
    func spaceActivatesFocusedButton() {
        let button = harness.add(Button(frame: Rect(x: 0, y: 0, width: 50, height: 30)), "button")
        var sent: [String] = []
        button.addAction(named: "tapped", for: .touchUpInside) { _, _ in sent.append("touchUpInside") }
        button.addAction(named: "primary", for: .primaryActionTriggered) { _, _ in sent.append("primary") }
        #expect(harness.press(.keyboardSpacebar).began == nil)
        harness.window.setFocusedView(button)
        #expect(harness.press(.keyboardSpacebar).began === harness.application)
        harness.press(.keyboardReturnOrEnter)
        #expect(sent == ["touchUpInside", "primary", "touchUpInside", "primary"])
        #expect(!button.isFirstResponder)
    }

    @Test("KB-3: the arrows move a focused slider one step of its range and send valueChanged")
    func arrowsMoveSlider() {
        let slider = harness.add(Slider(frame: Rect(x: 0, y: 0, width: 200, height: 30)), "slider")
        slider.maximumValue = 10
        slider.setValue(5)
        var changes = 0
        slider.addAction(named: "changed", for: .valueChanged) { _, _ in changes += 1 }
        harness.window.setFocusedView(slider)
        harness.press(.keyboardRightArrow)
        #expect(slider.value == 6)
        harness.press(.keyboardDownArrow)
        harness.press(.keyboardDownArrow)
        #expect(slider.value == 4)
        harness.press(.keyboardSpacebar)
        slider.setValue(10)
        harness.press(.keyboardUpArrow)
        #expect(slider.value == 10)
        #expect(changes == 3)
    }
}
