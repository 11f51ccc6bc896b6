/// Keyboard focus: one focused view per window, distinct from the first responder [FO-1 … FO-7].
///
/// Focus is where Space, Return and the arrow keys act and what assistive technologies report as
/// focused; the first responder is where key presses, text, shakes and remote-control events go.
/// They meet where UIKit's full keyboard access makes them meet: focusing a view that can become
/// first responder (a text field) makes it first responder [FO-3], a focusable view that becomes
/// first responder takes the focus [FO-4], and focus leaving a first responder that takes text asks
/// it to resign, ending its editing [FO-3]. A button is focused without becoming first responder.
extension Window {
    /// Focuses `view` (nil: no view) [FO-3] and returns whether it is focused afterwards.
    ///
    /// Refused (false) when `view` is not focusable in this window (``View/isFocusable``), or when
    /// the first-responder hand-over it needs is refused: focusing a view that can become first
    /// responder (or the root view of a controller that can) makes it first responder, and moving
    /// focus off a first responder that takes text (``KeyInput``) asks it to resign. Observers hear of the change
    /// (``ApplicationObserver/focusDidChange(in:from:to:)``).
    @discardableResult
    public func setFocusedView(_ view: View?) -> Bool {
        if let view {
            guard view.window === self, view.isFocusable else { return false }
            if focusedView === view { return true }
        } else if focusedView == nil {
            return true
        }
        if let view, let candidate = Window.firstResponderCandidate(for: view) {
            guard candidate.becomeFirstResponder() else { return false }
        } else if let responder = firstResponder, responder is any KeyInput, let old = focusedView, Window.view(old, represents: responder) {
            guard responder.canResignFirstResponder, responder.resignFirstResponder() else { return false }
        }
        setFocusSlot(view)
        return true
    }

    /// Moves focus to the next or previous focusable view in focus order, wrapping around [FO-5];
    /// a view that refuses is skipped. Returns the view focused, or nil when no other view could take
    /// the focus (focus unchanged).
    @discardableResult
    public func moveFocus(_ heading: FocusHeading) -> View? {
        let order = focusOrder
        guard !order.isEmpty else { return nil }
        let current = focusedView.flatMap { focused in order.firstIndex { $0 === focused } }
        let count = order.count
        let candidates = current == nil ? count : count - 1
        guard candidates > 0 else { return nil }
        for step in 1...candidates {
            let index: Int
            switch heading {
            case .next: index = current.map { ($0 + step) % count } ?? step - 1
            case .previous: index = current.map { ($0 - step + count) % count } ?? count - step
            }
            if setFocusedView(order[index]) { return order[index] }
        }
        return nil
    }

    /// The views Tab visits, in order [FO-5]: every focusable view, depth first, each view before its
    /// subviews, subviews back to front (the order assistive technologies read the window in). A
    /// table is one stop: of its cells only one is visited [TV-11].
    public var focusOrder: [View] {
        var order: [View] = []
        var stack = Array(subviews.reversed())
        while let view = stack.popLast() {
            guard view.isHittable else { continue }
            if view.canBecomeFocused, view.isFocusable { order.append(view) }
            if let table = view as? TableView {
                stack.append(contentsOf: table.focusOrderSubviews(focused: focusedView).reversed())
            } else {
                stack.append(contentsOf: view.subviews.reversed())
            }
        }
        return order
    }

    // MARK: Internals

    /// Sets the slot and publishes the change (old → new) once.
    func setFocusSlot(_ view: View?) {
        let old = focusedView
        guard old !== view else { return }
        focusedView = view
        if let application = _windowScene?._application, application.hasObservers {
            application.notifyObservers { $0.focusDidChange(in: self, from: old, to: view) }
        }
    }

    /// A focusable view (or the controller whose root view is focusable) that became first responder
    /// takes the focus [FO-4].
    func focusFollowFirstResponder(_ responder: Responder?) {
        guard let responder else { return }
        let view: View?
        switch responder {
        case let responderView as View: view = responderView
        case let controller as ViewController: view = controller.viewIfLoaded
        default: view = nil
        }
        guard let view, view.window === self, view.isFocusable else { return }
        setFocusSlot(view)
    }

    /// The responder that becomes first responder when `view` is focused: the view, or the controller
    /// whose root view it is; nil when neither can.
    private static func firstResponderCandidate(for view: View) -> Responder? {
        if view.canBecomeFirstResponder { return view }
        if let controller = view.owningViewController, controller.canBecomeFirstResponder { return controller }
        return nil
    }

    /// Whether `responder` is `view` or the controller whose root view `view` is.
    private static func view(_ view: View, represents responder: Responder) -> Bool {
        view === responder || view.owningViewController === responder
    }
}
