/// The base of everything that can receive events: views, view controllers, windows, window scenes
/// and the application [RC-1].
///
/// Every event method's default implementation forwards the same arguments to ``next`` [TD-10], so an
/// event that nobody overrides bubbles up the chain and is dropped after the last responder. A
/// subclass handles an event by overriding the method and *not* calling `super`; calling `super`
/// passes it on.
///
/// Isolation: the whole responder tree lives on the main actor. Subclasses inherit that; plugins
/// write no annotations.
@MainActor
open class Responder: ActionTarget {
    /// Handlers registered with ``implement(_:_:)``: the actions this responder "implements".
    private var actionHandlers: [Selector: @MainActor (AnyObject?, Event?) -> Void]?

    public init() {}

    /// The next responder in the chain, or nil at the end. See the subclasses for the rules [RC-1].
    open var next: Responder? { nil }

    // MARK: Touches

    /// One or more fingers touched down [TD-7]. Default: forwards to ``next``.
    open func touchesBegan(_ touches: TouchSet, with event: Event?) {
        next?.touchesBegan(touches, with: event)
    }

    /// One or more fingers moved [TD-7]. Default: forwards to ``next``.
    open func touchesMoved(_ touches: TouchSet, with event: Event?) {
        next?.touchesMoved(touches, with: event)
    }

    /// One or more fingers lifted [TD-7]. Default: forwards to ``next``.
    open func touchesEnded(_ touches: TouchSet, with event: Event?) {
        next?.touchesEnded(touches, with: event)
    }

    /// The system cancelled one or more touches [TD-11]: no more events come for them.
    /// Default: forwards to ``next``.
    open func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Motion and remote control

    /// A motion (shake) began [FR-8]. Default: forwards to ``next``.
    open func motionBegan(_ motion: Event.EventSubtype, with event: Event?) {
        guard let next = forwardingTarget(for: event) else { return }
        next.motionBegan(motion, with: event)
    }

    /// A motion ended [FR-8]. Default: forwards to ``next``.
    open func motionEnded(_ motion: Event.EventSubtype, with event: Event?) {
        guard let next = forwardingTarget(for: event) else { return }
        next.motionEnded(motion, with: event)
    }

    /// A motion was cancelled (scene deactivated, handler left its window, shake too long) [FR-8].
    /// Default: forwards to ``next``.
    open func motionCancelled(_ motion: Event.EventSubtype, with event: Event?) {
        guard let next = forwardingTarget(for: event) else { return }
        next.motionCancelled(motion, with: event)
    }

    /// A remote-control command arrived (`event.subtype` is one of 100…109) [FR-9].
    /// Default: forwards to ``next``.
    open func remoteControlReceived(with event: Event?) {
        guard let next = forwardingTarget(for: event) else { return }
        next.remoteControlReceived(with: event)
    }

    // MARK: Presses [KB-1]

    /// A key went down (or repeated while held) [KB-1]. Default: forwards to ``next``.
    open func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        guard let next = forwardingTarget(for: event) else { return }
        next.pressesBegan(presses, with: event)
    }

    /// The modifiers of a held key changed [KB-1]. Default: forwards to ``next``.
    open func pressesChanged(_ presses: Set<Press>, with event: Event?) {
        guard let next = forwardingTarget(for: event) else { return }
        next.pressesChanged(presses, with: event)
    }

    /// A key came up [KB-1]. Default: forwards to ``next``.
    open func pressesEnded(_ presses: Set<Press>, with event: Event?) {
        guard let next = forwardingTarget(for: event) else { return }
        next.pressesEnded(presses, with: event)
    }

    /// The system cancelled a press (its scene resigned active) [KB-1]. Default: forwards to ``next``.
    open func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
        guard let next = forwardingTarget(for: event) else { return }
        next.pressesCancelled(presses, with: event)
    }

    /// Records the default forwarding step so the application can tell who consumed the event.
    private func forwardingTarget(for event: Event?) -> Responder? {
        event?.chainLastForwarder = self
        guard let next else { return nil }
        event?.chainLastReached = next
        return next
    }

    // MARK: First responder [FR-1 … FR-4]

    /// Whether this responder accepts first-responder status. Default false; text inputs and
    /// media players return true [FR-1].
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder gives up first-responder status when asked. Default true [FR-1].
    open var canResignFirstResponder: Bool { true }

    /// The window whose first-responder slot this responder would occupy: a view's window, the
    /// window itself, a view controller's view's window. Nil for everything else.
    var responderWindow: Window? { nil }

    /// True exactly when this responder is its window's first responder [FR-4].
    public var isFirstResponder: Bool {
        guard let window = responderWindow else { return false }
        return window.firstResponder === self
    }

    /// Asks to become the first responder of its window [FR-2].
    ///
    /// Order: already first responder → true with no callbacks; no window → false;
    /// `canBecomeFirstResponder` false → false; the current first responder C is asked
    /// `canResignFirstResponder` and then `resignFirstResponder()` — a refusal returns false and C
    /// stays. On success the window's slot changes from C to this responder, which the application
    /// publishes once (C → self).
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard let window = responderWindow else { return false }
        if window.firstResponder === self { return true }
        guard canBecomeFirstResponder else { return false }
        let previous = window.firstResponder
        if let previous {
            guard previous.canResignFirstResponder else { return false }
            window.isTransferringFirstResponder = true
            let resigned = previous.resignFirstResponder()
            window.isTransferringFirstResponder = false
            guard resigned else { return false }
        }
        window.setFirstResponder(self)
        return true
    }

    /// Gives up first-responder status [FR-3]. The default clears the window's slot when this
    /// responder holds it (published as self → nil) and returns true; an override may return false to
    /// refuse, and the slot is kept. On a responder that is not first responder it returns true and
    /// changes nothing.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard let window = responderWindow, window.firstResponder === self else { return true }
        if !window.isTransferringFirstResponder {
            window.setFirstResponder(nil)
        }
        return true
    }

    // MARK: Actions [RC-3 … RC-5]

    /// Registers `handler` as this responder's implementation of `action`, so that
    /// ``canPerformAction(_:withSender:)`` answers true for it and nil-targeted actions can find it.
    /// Registering the same action again replaces the handler.
    public final func implement(
        _ action: Selector, _ handler: @escaping @MainActor (_ sender: AnyObject?, _ event: Event?) -> Void
    ) {
        if actionHandlers == nil { actionHandlers = [:] }
        actionHandlers?[action] = handler
    }

    /// True when this responder implements `action` [RC-3]. Override to refuse actions conditionally.
    open func canPerformAction(_ action: Selector, withSender sender: AnyObject?) -> Bool {
        actionHandlers?[action] != nil
    }

    /// The responder that should receive a nil-targeted `action`: this responder when it can perform
    /// it, otherwise the answer of ``next`` (nil at the end of the chain) [RC-3].
    open func target(forAction action: Selector, withSender sender: AnyObject?) -> AnyObject? {
        if canPerformAction(action, withSender: sender) { return self }
        return next?.target(forAction: action, withSender: sender)
    }

    /// Runs the handler registered for `action`; returns false when there is none.
    /// Override together with ``canPerformAction(_:withSender:)`` to dispatch actions by hand.
    open func perform(_ action: Selector, sender: AnyObject?, event: Event?) -> Bool {
        guard let handler = actionHandlers?[action] else { return false }
        handler(sender, event)
        return true
    }
}
