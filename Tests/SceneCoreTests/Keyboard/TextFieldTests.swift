import SceneCore
import Testing

@MainActor
@Suite("TextField [TF-1 … TF-7] and typed text [KB-4]")
struct TextFieldTests {
    let harness = KeyboardHarness()
    let field: TextField
    var sent: [String] { recorder.sent }
    let recorder = Recorder()

    final class Recorder {
        var sent: [String] = []
    }

    init() {
        field = harness.add(TextField(frame: Rect(x: 20, y: 100, width: 300, height: 40)), "field")
        let recorder = self.recorder
        for (name, events) in [
            ("editingDidBegin", Control.Events.editingDidBegin), ("editingChanged", .editingChanged), ("editingDidEnd", .editingDidEnd),
            ("primaryActionTriggered", .primaryActionTriggered), ("touchUpInside", .touchUpInside),
        ] {
            field.addAction(named: Selector(name), for: events) { control, _ in
                recorder.sent.append("\(name) '\((control as! TextField).text)'")
            }
        }
    }

    private func tapField() {
        let touch = harness.application.touchDown(at: Point(x: 100, y: 120))
        harness.clock.advance(by: 0.05)
        harness.application.touchUp(touch!)
    }

    @Test("TF-1: a tap makes the field first responder and begins editing with the caret at the end; resigning ends editing")
    func tapBeginsEditing() {
        field.text = "abc"
        tapField()
        #expect(field.isFirstResponder && field.isEditing && field.caretOffset == 3)
        #expect(field.resignFirstResponder())
        #expect(sent == ["touchUpInside 'abc'", "editingDidBegin 'abc'", "editingDidEnd 'abc'"])
        field.isEnabled = false
        tapField()
        #expect(!field.isFirstResponder)
    }

    @Test("TF-7: a field that becomes first responder in a window that is not key makes its window key, so typed text reaches it")
    func editingMakesTheWindowKey() {
        // Gallery's case: an alert window (level 2000) is key, and the field is in the main window.
        let alert = Window(windowScene: harness.scene)
        alert.windowLevel = .alert
        alert.frame = Rect(x: 50, y: 400, width: 300, height: 150)
        alert.makeKeyAndVisible()
        #expect(alert.isKeyWindow && !harness.window.isKeyWindow)
        tapField()
        #expect(field.isFirstResponder && harness.window.isKeyWindow && !alert.isKeyWindow)
        #expect(harness.application.insertText("hi") === field && field.text == "hi")
        // Already editing, in a window that lost key since: a tap makes the window key again.
        alert.makeKey()
        #expect(harness.application.insertText("x") == nil && field.text == "hi")
        tapField()
        #expect(harness.window.isKeyWindow && harness.application.insertText("!") === field && field.text == "hi!")
        // A refused request changes nothing: a disabled field stays out, and the key window stays.
        #expect(field.resignFirstResponder())
        alert.makeKey()
        field.isEnabled = false
        #expect(!field.becomeFirstResponder() && alert.isKeyWindow)
    }

    @Test("KB-4, TF-2: typed text goes to the first responder at the caret; each edit sends editingChanged once and tells observers")
    func typingInsertsAtCaret() throws {
        tapField()
        #expect(harness.application.insertText("helo") === field)
        try field.setCaretOffset(3)
        harness.observer.clear()
        harness.application.insertText("l")
        #expect(field.text == "hello" && field.caretOffset == 4)
        #expect(harness.observer.events == ["text insert 3 'l'", "caret 4"])
        #expect(sent.filter { $0.hasPrefix("editingChanged") } == ["editingChanged 'helo'", "editingChanged 'hello'"])
    }

    @Test("KB-4: text typed while the first responder takes none goes nowhere")
    func typingWithoutField() {
        #expect(harness.application.insertText("x") == nil)
        let button = harness.add(Button(frame: Rect(x: 0, y: 0, width: 10, height: 10)), "button")
        harness.window.setFocusedView(button)
        #expect(harness.application.insertText("x") == nil)
        #expect(field.text.isEmpty)
    }

    @Test("TF-2: setting text from code sends no control events, moves the caret to the end and tells observers")
    func programmaticText() {
        field.text = "one"
        harness.observer.clear()
        field.text = "two"
        #expect(sent.isEmpty)
        #expect(harness.observer.events == ["text delete 0 'one'", "text insert 0 'two'", "caret 3"])
    }

    @Test("TF-2: Backspace deletes a whole character (e + combining acute is two offsets), Delete the one after the caret")
    func deletingCharacters() throws {
        tapField()
        harness.application.insertText("cafe\u{301}!")
        #expect(field.text.scalarCount == 6)
        try field.setCaretOffset(5)
        field.deleteBackward()
        #expect(field.text == "caf!" && field.caretOffset == 3)
        field.deleteForward()
        #expect(field.text == "caf")
        try field.setCaretOffset(0)
        field.deleteBackward()
        #expect(field.text == "caf")
    }

    @Test("TF-2: a refused edit names the bad value and changes nothing: out-of-range offsets, control characters, a disabled field")
    func refusedEdits() throws {
        field.text = "abc"
        harness.observer.clear()
        #expect(throws: TextEditError.self) { try field.replaceText(in: 2..<5, with: "x") }
        do {
            try field.replaceText(in: 1..<1, with: "a\u{7}b")
        } catch {
            #expect(error.code == .invalidCharacter && error.message.contains("U+0007 at offset 1"))
        }
        do {
            try field.setCaretOffset(-1)
        } catch {
            #expect(error.code == .offsetOutOfRange && error.message.contains("-1"))
        }
        field.isEnabled = false
        do {
            try field.replaceText(in: 0..<0, with: "x")
        } catch {
            #expect(error.code == .notEditable)
        }
        #expect(field.text == "abc" && harness.observer.events.isEmpty)
        field.isEnabled = true
        try field.replaceText(in: 0..<3, with: "xyz!")
        #expect(field.text == "xyz!" && field.caretOffset == 4)
    }

    @Test("TF-4: Return sends primaryActionTriggered and keeps editing unless someone listens for editingDidEndOnExit; a typed newline is Return")
    func returnKey() {
        tapField()
        harness.type(.keyboardReturnOrEnter)
        #expect(field.isEditing)
        field.addAction(named: "exit", for: .editingDidEndOnExit) { _, _ in }
        harness.application.insertText("ok\n")
        #expect(!field.isEditing && field.text == "ok")
        #expect(sent.filter { $0.hasPrefix("primary") } == ["primaryActionTriggered ''", "primaryActionTriggered 'ok'"])
        #expect(sent.last == "editingDidEnd 'ok'")
    }

    @Test("TF-5: while editing, the field handles editing keys and typing keys; Tab goes up the chain and moves the focus")
    func editingKeys() throws {
        let button = harness.add(Button(frame: Rect(x: 0, y: 300, width: 50, height: 30)), "button")
        tapField()
        for letter in "hello" { harness.type(KeyboardHIDUsage.letter(letter)!) }
        harness.type(.keyboardSpacebar)
        #expect(field.text == "hello " && field.isFocused)
        #expect(harness.press(.keyboardDeleteOrBackspace).began === field)
        harness.press(.keyboardHome)
        #expect(field.caretOffset == 0)
        harness.press(.keyboardRightArrow)
        harness.press(.keyboardDeleteForward)
        harness.press(.keyboardEnd)
        harness.type(.keyboard1, .shift)
        #expect(field.text == "hllo!")
        #expect(harness.press(.keyboardA, .control).began == nil)
        #expect(harness.press(.keyboardTab).began === harness.application)
        #expect(button.isFocused && !field.isEditing)
    }

    @Test("Secure entry shows one bullet per character and is a password field for assistive technologies")
    func secureEntry() {
        field.text = "pin"
        #expect(field.accessibilityRole == .entry && field.displayedText == "pin")
        field.isSecureTextEntry = true
        #expect(field.accessibilityRole == .passwordText)
        #expect(field.displayedText == "\u{2022}\u{2022}\u{2022}" && field.accessibilityValue == field.displayedText)
    }
}
