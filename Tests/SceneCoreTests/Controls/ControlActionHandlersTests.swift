import SceneCore
import Testing

@MainActor
@Suite("A control's action closures get the control as its own class [UC-4]")
struct ControlActionHandlersTests {
    let harness = Harness()

    @Test("A text field's closure is given the text field: it reads the text with no downcast, in registration order with the others")
    func textFieldClosureGetsTheField() {
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 30))
        field.text = "hello"
        harness.root.addSubview(field)
        var calls: [String] = []
        field.addAction(named: "typed", for: .primaryActionTriggered) { field, _ in calls.append("typed \(field.text)") }
        field.addAction(named: "plain", for: .primaryActionTriggered) { (control: Control, _) in calls.append("plain \(control.isEnabled)") }
        field.sendActions(for: .primaryActionTriggered)
        #expect(calls == ["typed hello", "plain true"])
    }

    @Test("A switch's closure is given the switch after a tap flips it, with the event of the touch")
    func switchClosureGetsTheSwitch() {
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 51, height: 31))
        harness.root.addSubview(toggle)
        var values: [(Bool, Bool)] = []
        toggle.addAction(named: "toggled", for: .valueChanged) { toggle, event in values.append((toggle.isOn, event != nil)) }
        harness.tap(30, 25)
        #expect(values.map(\.0) == [true])
        #expect(values.map(\.1) == [true])
    }
}
