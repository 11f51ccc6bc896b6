import SceneCore
import TestSupport

/// Records the keyboard-related notifications: presses, focus and text changes.
@MainActor
final class KeyboardObserver: ApplicationObserver {
    private(set) var events: [String] = []

    func clear() { events.removeAll() }

    func pressWasDelivered(_ press: Press, handledBy: Responder?) {
        events.append("press \(press.key?.wireName ?? "?") \(press.phase.rawValue) by \(handledBy.map(ViewReference.describe) ?? "nobody")")
    }

    func focusDidChange(in window: Window, from old: View?, to new: View?) {
        events.append("focus \(window.title): \(old.map(ViewReference.describe) ?? "nil") → \(new.map(ViewReference.describe) ?? "nil")")
    }

    func textDidChange(in view: View, _ change: TextChange) {
        switch change {
        case .inserted(let offset, let text): events.append("text insert \(offset) '\(text)'")
        case .deleted(let offset, let text): events.append("text delete \(offset) '\(text)'")
        case .caretMoved(let offset): events.append("caret \(offset)")
        @unknown default: events.append("unknown text change")
        }
    }

    func events(startingWith prefix: String) -> [String] {
        events.filter { $0.hasPrefix(prefix) }
    }
}

/// A view that logs the presses it receives and handles those of `handledKeys`.
@MainActor
final class PressLoggingView: View {
    var log: [String] = []
    var handledKeys: Set<KeyboardHIDUsage> = []
    var acceptsFirstResponder = true

    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    override func pressesBegan(_ presses: Set<Press>, with event: Event?) { record("began", presses) { super.pressesBegan(presses, with: event) } }
    override func pressesChanged(_ presses: Set<Press>, with event: Event?) { record("changed", presses) { super.pressesChanged(presses, with: event) } }
    override func pressesEnded(_ presses: Set<Press>, with event: Event?) { record("ended", presses) { super.pressesEnded(presses, with: event) } }
    override func pressesCancelled(_ presses: Set<Press>, with event: Event?) { record("cancelled", presses) { super.pressesCancelled(presses, with: event) } }

    private func record(_ phase: String, _ presses: Set<Press>, forward: () -> Void) {
        let press = presses.first!
        log.append("\(phase) \(press.key!.wireName)")
        if !handledKeys.contains(press.key!.keyCode) { forward() }
    }
}

/// One active scene with one key window "W" (0, 0, 400 × 800) on a manual clock, observed by a
/// ``KeyboardObserver``.
@MainActor
final class KeyboardHarness {
    let clock = ManualClock(now: 10)
    let application: Application
    let observer = KeyboardObserver()
    let scene: WindowScene
    let window: Window

    init() {
        application = Application(clock: clock)
        application.addObserver(observer)
        (scene, window) = application.connectKeyWindowScene(title: "W")
    }

    /// Adds `view` to the window with identifier `name`.
    @discardableResult
    func add<V: View>(_ view: V, _ name: String, to parent: View? = nil) -> V {
        view.accessibilityIdentifier = name
        (parent ?? window).addSubview(view)
        return view
    }

    /// A key press: began then ended; returns the handlers of both phases.
    @discardableResult
    func press(_ usage: KeyboardHIDUsage, _ modifiers: KeyModifierFlags = []) -> (began: Responder?, ended: Responder?) {
        let key = Key(keyCode: usage, modifierFlags: modifiers)
        let began = application.sendPress(key, phase: .began)
        clock.advance(by: 0.05)
        let ended = application.sendPress(key, phase: .ended)
        return (began, ended)
    }

    /// A press as a real keyboard with an input method makes it: the press, then its text.
    func type(_ usage: KeyboardHIDUsage, _ modifiers: KeyModifierFlags = []) {
        let key = Key(keyCode: usage, modifierFlags: modifiers)
        application.sendPress(key, phase: .began)
        if !key.typedText.isEmpty { application.insertText(key.typedText) }
        application.sendPress(key, phase: .ended)
    }
}
