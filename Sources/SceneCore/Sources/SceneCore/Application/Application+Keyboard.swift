/// Keyboard input: presses, typed text and the application's keyboard behaviour [KB-1 … KB-6].
extension Application {
    /// Delivers one phase of a key press [KB-1] and returns the responder that handled it (nil when
    /// nobody did).
    ///
    /// `began` creates the press at the key window's first responder (else the key window, else the
    /// application); a `began` for a key that is already down is a repeat and is delivered again with
    /// the same press. `changed`, `ended` and `cancelled` go to the responder the press began at and
    /// up its chain; they are ignored (nil) for a key that is not down. A press that nobody on the
    /// chain handled gets the application's keyboard behaviour ([KB-3]: Tab and Shift-Tab move the
    /// key window's focus, Space and Return activate the focused view, arrows move a focused slider,
    /// and the arrows, Page Up, Page Down, Home and End move a table's focused row [TV-11]);
    /// when that acts, the application is its handler. Observers hear about every delivery
    /// (``ApplicationObserver/pressWasDelivered(_:handledBy:)``).
    ///
    /// Text does not come from presses: ``insertText(_:)`` delivers it, as a keyboard's input method
    /// does [KB-4].
    @discardableResult
    public func sendPress(_ key: Key, phase: Press.Phase, timestamp: Double? = nil) -> Responder? {
        let time = timestamp ?? clock.now
        let press: Press
        if let live = livePresses[key.keyCode] {
            press = live
        } else {
            guard phase == .began else {
                diagnose(.responderChain, "press \(key) \(phase.rawValue) ignored: the key is not down")
                return nil
            }
            let window = keyWindow
            press = Press(key: key, timestamp: time, window: window, responder: window?.firstResponder ?? window ?? self)
            livePresses[key.keyCode] = press
        }
        press.phase = phase
        press.key = key
        press.timestamp = time
        return deliver(press, time: time)
    }

    /// Cancels every press whose key is down: each gets `pressesCancelled` [KB-1].
    public func cancelAllPresses() {
        cancelPresses { _ in true }
    }

    /// Types `text` into the key window's first responder when it takes text (``KeyInput``) [KB-4],
    /// as a keyboard's input method does; returns that responder, or nil (nothing typed) when there is
    /// no key window or its first responder takes no text.
    @discardableResult
    public func insertText(_ text: String) -> Responder? {
        guard let responder = keyWindow?.firstResponder, let input = responder as? any KeyInput else {
            diagnose(.responderChain, "text '\(text)' typed nowhere: the key window's first responder takes no text")
            return nil
        }
        input.insertText(text)
        return responder
    }

    /// Activates `view` as Space on a focused view, or an assistive tool's "click", does [KB-5]:
    /// ``View/accessibilityActivate()`` when it handles it; otherwise, for views that are not
    /// controls, a tap at ``View/accessibilityActivationPoint`` through the normal touch path
    /// (hit test, recognizers, responders), as VoiceOver's default activation. Nothing happens for a
    /// view that is not showing in a window of a foreground-active scene or that cannot be interacted
    /// with (hidden, transparent, interaction or the control disabled, here or in an ancestor).
    ///
    /// - Returns: Whether the view was activated.
    @discardableResult
    public func activate(_ view: View) -> Bool {
        guard let window = view.window, window.windowScene?.activationState == .foregroundActive,
            !window.isHidden, view.isInteractiveInWindow
        else { return false }
        if view.accessibilityActivate() { return true }
        if view is Control { return false }
        guard let touch = touchDown(at: view.accessibilityActivationPoint) else { return false }
        touchUp(touch)
        return true
    }

    // MARK: Delivery

    func cancelPresses(where condition: (Press) -> Bool) {
        for press in livePresses.values.sorted(by: { ($0.key?.keyCode ?? .keyboardA) < ($1.key?.keyCode ?? .keyboardA) })
        where condition(press) {
            press.phase = .cancelled
            press.timestamp = clock.now
            deliver(press, time: clock.now)
        }
    }

    @discardableResult
    private func deliver(_ press: Press, time: Double) -> Responder? {
        let event = Event(type: .presses, timestamp: time)
        event.press = press
        sendEvent(event)
        var handler = event.chainHandler()
        let id = ObjectIdentifier(press)
        if handler == nil {
            switch press.phase {
            case .began:
                if performKeyboardBehaviour(for: press) {
                    pressesHandledByApplication.insert(id)
                    handler = self
                }
            case .changed, .stationary, .ended, .cancelled:
                if pressesHandledByApplication.contains(id) { handler = self }
            }
        }
        if press.phase.isTerminal {
            if let key = press.key, livePresses[key.keyCode] === press { livePresses[key.keyCode] = nil }
            pressesHandledByApplication.remove(id)
        }
        diagnose(.responderChain, "press \(press.key?.description ?? "?") \(press.phase.rawValue) handled by \(handler.map(ViewReference.describe) ?? "nobody")")
        notifyObservers { $0.pressWasDelivered(press, handledBy: handler) }
        return handler
    }

    /// The application's keyboard behaviour for a press nobody handled [KB-3]. Returns whether it
    /// acted.
    private func performKeyboardBehaviour(for press: Press) -> Bool {
        guard let key = press.key, let window = press.window ?? keyWindow, window === keyWindow else { return false }
        let modifiers = key.modifierFlags.subtracting([.alphaShift, .numericPad])
        if modifiers.isEmpty, let cell = window.focusedView as? TableViewCell, let move = TableRowMove(key.keyCode) {
            return cell.moveFocus(by: move)
        }
        switch key.keyCode {
        case .keyboardTab:
            guard modifiers.isDisjoint(with: .commandModifiers) else { return false }
            return window.moveFocus(modifiers.contains(.shift) ? .previous : .next) != nil
        case .keyboardSpacebar, .keyboardReturnOrEnter, .keypadEnter:
            guard modifiers.isEmpty, let focused = window.focusedView else { return false }
            return activate(focused)
        case .keyboardLeftArrow, .keyboardRightArrow, .keyboardUpArrow, .keyboardDownArrow:
            guard modifiers.isEmpty, let slider = window.focusedView as? Slider, slider.isEnabled else { return false }
            let up = key.keyCode == .keyboardRightArrow || key.keyCode == .keyboardUpArrow
            if up { slider.accessibilityIncrement() } else { slider.accessibilityDecrement() }
            return true
        default:
            return false
        }
    }
}

extension Event {
    /// Calls the press method of `responder` for the press's phase.
    func deliverPress(to responder: Responder) {
        guard let press else { return }
        let presses: Set<Press> = [press]
        switch press.phase {
        case .began: responder.pressesBegan(presses, with: self)
        case .changed, .stationary: responder.pressesChanged(presses, with: self)
        case .ended: responder.pressesEnded(presses, with: self)
        case .cancelled: responder.pressesCancelled(presses, with: self)
        }
    }
}
