import SceneCore
import Testing

@MainActor
@Suite("Keyboard focus [FO-1 … FO-7] and activation [KB-5]")
struct FocusTests {
    let harness = KeyboardHarness()

    @Test("FO-2: enabled controls, views that can become first responder and views with an enabled tap recognizer can be focused")
    func whatCanBeFocused() {
        let button = harness.add(Button(frame: Rect(x: 0, y: 0, width: 50, height: 30)), "button")
        let disabled = harness.add(Switch(frame: Rect(x: 0, y: 40, width: 50, height: 30)), "disabled")
        disabled.isEnabled = false
        let field = harness.add(TextField(frame: Rect(x: 0, y: 80, width: 100, height: 30)), "field")
        let tappable = harness.add(View(frame: Rect(x: 0, y: 120, width: 50, height: 50)), "tappable")
        tappable.addGestureRecognizer(TapGestureRecognizer(name: "tap") { _ in })
        let plain = harness.add(View(frame: Rect(x: 0, y: 180, width: 50, height: 50)), "plain")
        let label = harness.add(Label(frame: Rect(x: 0, y: 240, width: 50, height: 20), text: "Hello"), "label")
        #expect(button.isFocusable && field.isFocusable && tappable.isFocusable)
        #expect(!disabled.isFocusable && !plain.isFocusable && !label.isFocusable && !harness.window.isFocusable)
        #expect(harness.window.focusOrder.map { ViewReference.reference(for: $0) } == ["button", "field", "tappable"])
    }

    @Test("FO-2: a hidden, transparent or non-interactive view, or one inside such a view, cannot be focused")
    func hiddenViewsCannotBeFocused() {
        let container = harness.add(View(frame: Rect(x: 0, y: 0, width: 200, height: 200)), "container")
        let button = harness.add(Button(frame: Rect(x: 0, y: 0, width: 50, height: 30)), "button", to: container)
        container.isHidden = true
        #expect(!button.isFocusable && !harness.window.setFocusedView(button))
        container.isHidden = false
        container.isUserInteractionEnabled = false
        #expect(!button.isFocusable)
        container.isUserInteractionEnabled = true
        button.alpha = 0
        #expect(!button.isFocusable)
        button.alpha = 1
        #expect(harness.window.setFocusedView(button) && button.isFocused)
    }

    @Test("FO-5: Tab order is depth first, each view before its subviews, subviews back to front, and wraps around")
    func focusOrder() {
        let group = harness.add(Button(frame: Rect(x: 0, y: 0, width: 300, height: 100)), "group")
        let a = harness.add(Button(frame: Rect(x: 0, y: 0, width: 50, height: 30)), "a", to: group)
        let b = harness.add(Button(frame: Rect(x: 60, y: 0, width: 50, height: 30)), "b", to: group)
        let c = harness.add(Button(frame: Rect(x: 0, y: 200, width: 50, height: 30)), "c")
        #expect(harness.window.focusOrder.map { ViewReference.reference(for: $0) } == ["group", "a", "b", "c"])
        var visited: [View?] = []
        for _ in 0..<5 { visited.append(harness.window.moveFocus(.next)) }
        #expect(visited.map { $0.map(ViewReference.reference(for:)) } == ["group", "a", "b", "c", "group"])
        #expect(harness.window.moveFocus(.previous) === c)
        _ = harness.window.setFocusedView(nil)
        #expect(harness.window.moveFocus(.previous) === c)
        #expect(a !== b)
    }

    @Test("FO-3: focusing a text field makes it first responder; focusing a button then ends its editing and leaves the button not first responder")
    func focusAndFirstResponder() {
        let field = harness.add(TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30)), "field")
        let button = harness.add(Button(frame: Rect(x: 0, y: 40, width: 50, height: 30)), "button")
        var events: [String] = []
        field.addAction(named: "began", for: .editingDidBegin) { _, _ in events.append("editingDidBegin") }
        field.addAction(named: "ended", for: .editingDidEnd) { _, _ in events.append("editingDidEnd") }
        #expect(harness.window.setFocusedView(field))
        #expect(field.isFirstResponder && field.isEditing && field.isFocused)
        #expect(harness.window.setFocusedView(button))
        #expect(button.isFocused && !button.isFirstResponder && !field.isFirstResponder)
        #expect(harness.window.firstResponder == nil)
        #expect(events == ["editingDidBegin", "editingDidEnd"])
    }

    @Test("FO-3: a text input that refuses to resign keeps the focus")
    func refusalKeepsFocus() {
        final class StubbornView: View, KeyInput {
            override var canBecomeFirstResponder: Bool { true }
            override var canResignFirstResponder: Bool { false }
            var hasText: Bool { false }
            func insertText(_ text: String) {}
            func deleteBackward() {}
        }
        let stubborn = harness.add(StubbornView(frame: Rect(x: 0, y: 0, width: 50, height: 50)), "stubborn")
        let button = harness.add(Button(frame: Rect(x: 0, y: 60, width: 50, height: 30)), "button")
        stubborn.becomeFirstResponder()
        #expect(stubborn.isFocused)
        #expect(!harness.window.setFocusedView(button))
        #expect(harness.window.moveFocus(.next) == nil)
        #expect(stubborn.isFocused && stubborn.isFirstResponder)
    }

    @Test("FO-3: focus leaving a first responder that takes no text (a media player) leaves it first responder")
    func playerStaysFirstResponder() {
        let player = harness.add(PressLoggingView(frame: Rect(x: 0, y: 0, width: 50, height: 50)), "player")
        let button = harness.add(Button(frame: Rect(x: 0, y: 60, width: 50, height: 30)), "button")
        player.becomeFirstResponder()
        #expect(player.isFocused)
        #expect(harness.window.moveFocus(.next) === button)
        #expect(button.isFocused && player.isFirstResponder)
        #expect(harness.window.moveFocus(.next) === player && player.isFirstResponder)
    }

    @Test("FO-4: a focusable view that becomes first responder (a tapped text field) takes the focus; one that cannot be focused leaves it")
    func focusFollowsFirstResponder() {
        let button = harness.add(Button(frame: Rect(x: 0, y: 0, width: 50, height: 30)), "button")
        let field = harness.add(TextField(frame: Rect(x: 0, y: 100, width: 100, height: 30)), "field")
        harness.window.setFocusedView(button)
        let touch = harness.application.touchDown(at: Point(x: 50, y: 115))
        harness.clock.advance(by: 0.05)
        harness.application.touchUp(touch!)
        #expect(field.isFirstResponder && field.isFocused)
        final class Controller: ViewController {
            override var canBecomeFirstResponder: Bool { true }
        }
        let controller = Controller()
        harness.add(controller.view, "root")
        controller.view.frame = Rect(x: 0, y: 300, width: 100, height: 100)
        #expect(controller.becomeFirstResponder())
        #expect(controller.view.isFocused)
        #expect(harness.observer.events(startingWith: "focus") == ["focus W: nil → button", "focus W: button → field", "focus W: field → root"])
    }

    @Test("FO-6: each window keeps its focus when the key window changes")
    func focusPerWindow() {
        let button = harness.add(Button(frame: Rect(x: 0, y: 0, width: 50, height: 30)), "button")
        harness.window.setFocusedView(button)
        let other = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        other.windowScene = harness.scene
        other.title = "Other"
        let otherButton = Button(frame: Rect(x: 0, y: 0, width: 50, height: 30))
        other.addSubview(otherButton)
        other.makeKeyAndVisible()
        #expect(harness.application.keyWindow === other)
        harness.press(.keyboardTab)
        #expect(other.focusedView === otherButton && harness.window.focusedView === button)
        harness.window.makeKey()
        #expect(harness.window.focusedView === button)
    }

    @Test("FO-7: a focused view that leaves its window takes the focus with it")
    func removalClearsFocus() {
        let button = harness.add(Button(frame: Rect(x: 0, y: 0, width: 50, height: 30)), "button")
        harness.window.setFocusedView(button)
        button.removeFromSuperview()
        #expect(harness.window.focusedView == nil && !button.isFocused)
        #expect(harness.observer.events(startingWith: "focus").last == "focus W: button → nil")
    }

    @Test("KB-5: activating a button sends what a tap sends; a switch flips; a disabled control does nothing")
    func activatingControls() {
        let button = harness.add(Button(frame: Rect(x: 0, y: 0, width: 50, height: 30)), "button")
        let toggle = harness.add(Switch(frame: Rect(x: 0, y: 40, width: 50, height: 30)), "toggle")
        var sent: [String] = []
        button.addAction(named: "up", for: .touchUpInside) { _, _ in sent.append("button touchUpInside") }
        button.addAction(named: "primary", for: .primaryActionTriggered) { _, _ in sent.append("button primary") }
        toggle.addAction(named: "changed", for: .valueChanged) { control, _ in sent.append("switch \((control as! Switch).isOn)") }
        #expect(harness.application.activate(button))
        #expect(harness.application.activate(toggle))
        toggle.isEnabled = false
        #expect(!harness.application.activate(toggle))
        #expect(sent == ["button touchUpInside", "button primary", "switch true"])
    }

    @Test("KB-5: activating a view with a tap recognizer taps its centre through the touch path; a hidden one is not activated")
    func activatingTapTargets() {
        var taps = 0
        let target = harness.add(View(frame: Rect(x: 100, y: 100, width: 80, height: 80)), "target")
        target.addGestureRecognizer(TapGestureRecognizer(name: "tap") { _ in taps += 1 })
        #expect(target.accessibilityActivationPoint == Point(x: 140, y: 140))
        #expect(harness.application.activate(target))
        harness.clock.advance(by: 1)
        #expect(taps == 1)
        target.isHidden = true
        #expect(!harness.application.activate(target))
        #expect(taps == 1)
    }
}
