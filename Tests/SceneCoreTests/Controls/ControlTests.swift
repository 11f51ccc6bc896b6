import SceneCore
import Testing

/// A button that records the events it sends.
@MainActor
final class EventRecordingButton: Button {
    var sent: [String] = []
    var refusesTracking = false

    override func sendAction(_ action: Selector, to target: AnyObject?, for event: Event?) {
        sent.append(action.name)
        super.sendAction(action, to: target, for: event)
    }

    override func beginTracking(_ touch: Touch, with event: Event?) -> Bool { !refusesTracking }

    /// Registers one action per single event, named after the event.
    func recordAllEvents() {
        for (event, name) in Control.Events.names {
            addTarget(nil, action: Selector(name), for: event)
        }
    }
}

@MainActor
@Suite("Controls and target-action [UC-1 … UC-7, RC-3 … RC-5]")
struct ControlTests {
    let harness = Harness()

    private func makeButton() -> EventRecordingButton {
        let button = EventRecordingButton(frame: Rect(x: 100, y: 100, width: 40, height: 40))
        button.recordAllEvents()
        harness.root.addSubview(button)
        return button
    }

    @Test("UC-2, UC-5: a tap sends touchDown, then touchUpInside with primaryActionTriggered in one dispatch")
    func tapSendsUpInside() {
        let button = makeButton()
        harness.tap(120, 120)
        #expect(button.sent == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(!button.isHighlighted && !button.isTracking)
    }

    @Test("UC-2: highlighted while the touch is inside")
    func highlighting() throws {
        let button = makeButton()
        let touch = try #require(harness.down(120, 120))
        #expect(button.isHighlighted && button.isTracking)
        #expect(button.state == .highlighted)
        harness.move(touch, 120, 260)
        #expect(!button.isHighlighted)
        harness.up(touch)
    }

    @Test("UC-3, §9/19: dragging out past the 70 pt slop exits, then up outside")
    func dragOut() throws {
        let button = makeButton()
        let touch = try #require(harness.down(120, 120))
        var highlights = [button.isHighlighted]
        harness.move(touch, 120, 200)
        highlights.append(button.isHighlighted)
        harness.move(touch, 120, 260)
        highlights.append(button.isHighlighted)
        harness.up(touch, 120, 260)
        highlights.append(button.isHighlighted)
        #expect(button.sent == ["touchDown", "touchDragInside", "touchDragOutside", "touchDragExit", "touchUpOutside"])
        #expect(highlights == [true, true, false, false])
    }

    @Test("UC-3, §9/20: dragging back in enters, then up inside")
    func dragBackIn() throws {
        let button = makeButton()
        let touch = try #require(harness.down(120, 120))
        harness.move(touch, 120, 260)
        button.sent.removeAll()
        harness.move(touch, 120, 150)
        harness.up(touch)
        #expect(button.sent == ["touchDragInside", "touchDragEnter", "touchUpInside", "primaryActionTriggered"])
    }

    @Test("§9/11: a second quick tap sends touchDownRepeat with touchDown")
    func touchDownRepeat() {
        let button = makeButton()
        harness.tap(120, 120)
        harness.wait(0.1)
        button.sent.removeAll()
        harness.tap(121, 120)
        #expect(button.sent.prefix(2) == ["touchDown", "touchDownRepeat"])
    }

    @Test("UC-2: a control whose beginTracking refuses sends nothing, and still swallows the touch")
    func refusedTracking() {
        let button = makeButton()
        button.refusesTracking = true
        harness.tap(120, 120)
        #expect(button.sent.isEmpty)
        #expect(harness.trace.lines.isEmpty)
    }

    @Test("UC-6: a disabled control neither tracks, highlights nor sends, and swallows the touch")
    func disabledControl() throws {
        let button = makeButton()
        button.isEnabled = false
        let touch = try #require(harness.down(120, 120))
        #expect(touch.view === button)
        #expect(!button.isHighlighted)
        harness.up(touch)
        #expect(button.sent.isEmpty)
        #expect(harness.trace.lines.isEmpty)
        #expect(button.state == .disabled)
    }

    @Test("TD-11: cancelling a tracked touch sends touchCancel")
    func cancelSendsTouchCancel() throws {
        let button = makeButton()
        let touch = try #require(harness.down(120, 120))
        harness.application.touchCancelled(touch)
        #expect(button.sent == ["touchDown", "touchCancel"])
    }

    @Test("UC-4: registering the same target and action twice does not duplicate calls")
    func noDuplicateRegistration() {
        final class Target: Responder {
            var calls = 0
            override init() {
                super.init()
                implement("tapped") { [unowned self] _, _ in self.calls += 1 }
            }
        }
        let target = Target()
        let button = Button(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        harness.root.addSubview(button)
        button.addTarget(target, action: "tapped", for: .touchUpInside)
        button.addTarget(target, action: "tapped", for: .touchUpInside)
        harness.tap(10, 10)
        #expect(target.calls == 1)
        #expect(button.actions(forTarget: target, forControlEvent: .touchUpInside) == ["tapped"])
        button.removeTarget(target, action: "tapped", for: .touchUpInside)
        harness.wait(1)
        harness.tap(10, 10)
        #expect(target.calls == 1)
    }

    @Test("UC-4: actions run in registration order; a closure action reports its name to observers")
    func registrationOrder() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        button.accessibilityIdentifier = "ok"
        harness.root.addSubview(button)
        var order: [String] = []
        button.addAction(named: "second", for: .primaryActionTriggered) { _, _ in order.append("primary") }
        button.addAction(named: "first", for: .touchUpInside) { _, _ in order.append("upInside") }
        harness.tap(10, 10)
        #expect(order == ["primary", "upInside"])
        #expect(harness.observer.events(startingWith: "action") == ["action second → ok", "action first → ok"])
    }

    @Test("UC-5: performPrimaryAction sends primaryActionTriggered")
    func performPrimaryAction() {
        let button = makeButton()
        button.performPrimaryAction()
        #expect(button.sent == ["primaryActionTriggered"])
    }

    @Test("UC-5: a switch flips on a tap and sends valueChanged after touchUpInside")
    func switchToggles() {
        let toggle = Switch(frame: Rect(x: 0, y: 0, width: 50, height: 30))
        harness.root.addSubview(toggle)
        var events: [String] = []
        toggle.addAction(named: "up", for: .touchUpInside) { _, _ in events.append("up") }
        toggle.addAction(named: "value", for: .valueChanged) { control, _ in
            events.append("value=\((control as! Switch).isOn)")
        }
        harness.tap(10, 10)
        #expect(events == ["up", "value=true"])
        #expect(toggle.accessibilityValue == "1")
        toggle.setOn(false)
        #expect(events.count == 2)
    }

    @Test("UC-5: a slider follows the finger from its thumb and sends valueChanged while continuous")
    func sliderTracksThumb() throws {
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 228, height: 40))
        harness.root.addSubview(slider)
        var changes = 0
        slider.addAction(named: "changed", for: .valueChanged) { _, _ in changes += 1 }
        // Off the thumb: nothing happens.
        harness.tap(200, 20)
        #expect(slider.value == 0 && changes == 0)
        harness.wait(1)
        // Thumb at x = 14 for value 0; the track is 200 pt long.
        let touch = try #require(harness.down(14, 20))
        harness.move(touch, 114, 20)
        #expect(abs(slider.value - 0.5) < 1e-12)
        harness.move(touch, 400, 20)
        #expect(slider.value == 1)
        harness.up(touch)
        #expect(changes == 2)
        slider.isContinuous = false
        changes = 0
        harness.wait(1)
        let second = try #require(harness.down(214, 20))
        harness.move(second, 64, 20)
        harness.move(second, 14, 20)
        harness.up(second)
        #expect(slider.value == 0 && changes == 1)
    }
}

@MainActor
@Suite("Nil-targeted actions [RC-3 … RC-5]")
struct ActionTests {
    let harness = Harness()

    final class Saver: View {
        var saves: [String] = []
        override init(frame: Rect) {
            super.init(frame: frame)
            implement("save:") { [unowned self] sender, _ in
                self.saves.append((sender as? View)?.accessibilityIdentifier ?? "?")
            }
        }
    }

    @Test("RC-3, §9/28: with no first responder the chain starts at the sender and finds the controller")
    func startsAtSender() {
        var saved = 0
        harness.controller.implement("save:") { _, _ in saved += 1 }
        let button = Button(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        button.addTarget(nil, action: "save:", for: .touchUpInside)
        harness.root.addSubview(button)
        harness.tap(10, 10)
        #expect(saved == 1)
        #expect(harness.observer.events(startingWith: "action") == ["action save: → TracingViewController"])
    }

    @Test("RC-3, §9/28: with a text field as first responder, its superview that implements the action wins")
    func startsAtFirstResponder() {
        var controllerSaves = 0
        harness.controller.implement("save:") { _, _ in controllerSaves += 1 }
        let container = Saver(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        let field = Field("TF", trace: harness.trace)
        container.addSubview(field)
        harness.root.addSubview(container)
        field.becomeFirstResponder()
        let button = Button(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        button.accessibilityIdentifier = "B"
        button.addTarget(nil, action: "save:", for: .touchUpInside)
        harness.root.addSubview(button)
        harness.tap(10, 10)
        #expect(container.saves == ["B"])
        #expect(controllerSaves == 0)
    }

    @Test("RC-3: when nobody implements the action, sendAction returns false and nothing crashes")
    func nobodyImplements() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        harness.root.addSubview(button)
        #expect(!harness.application.sendAction("nothing:", to: nil, from: button, for: nil))
        #expect(harness.observer.events(startingWith: "action") == ["action nothing: → nil"])
    }

    @Test("RC-4: an explicit target gets the action without the chain, and the call returns true")
    func explicitTarget() {
        let target = Saver(frame: .zero)
        target.accessibilityIdentifier = "target"
        let button = Button(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        button.accessibilityIdentifier = "B"
        harness.root.addSubview(button)
        #expect(harness.application.sendAction("save:", to: target, from: button, for: nil))
        #expect(target.saves == ["B"])
    }

    @Test("RC-3: target(forAction:) walks the chain and canPerformAction can be overridden")
    func targetForAction() {
        final class Refuser: View {
            override func canPerformAction(_ action: Selector, withSender sender: AnyObject?) -> Bool { false }
        }
        let saver = Saver(frame: .zero)
        let refuser = Refuser(frame: .zero)
        refuser.implement("save:") { _, _ in }
        saver.addSubview(refuser)
        #expect(refuser.target(forAction: "save:", withSender: nil) === saver)
        #expect(saver.canPerformAction("save:", withSender: nil))
        #expect(saver.target(forAction: "open:", withSender: nil) == nil)
    }
}
