/// A view that turns touches into semantic events and dispatches them through target-action:
/// UIKit's `UIControl`.
///
/// A control tracks one touch at a time [UC-2] and *does not forward touches up the responder
/// chain* [UC-1]: its four touch methods end there (seed 000), even for subclasses that call `super`.
/// Registered (target, action, events) entries run in registration order through
/// ``Application/sendAction(_:to:from:for:)``; a nil target walks the responder chain from the first
/// responder [UC-4, RC-3]. A disabled control neither tracks, highlights nor sends, but still swallows
/// its touches and does not block ancestor gestures [UC-6].
@MainActor
open class Control: View {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    var tracking = ControlTracking()
    private var trackedTouch: Touch?
    private var entries: [ActionEntry] = []

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// When false the control ignores touches (but still swallows them) [UC-6].
    public var isEnabled: Bool = true {
        didSet {
            guard oldValue != isEnabled else { return }
            if !isEnabled, tracking.hasTouch {
                let result = tracking.touchCancelled()
                if result.callCancelTracking { cancelTracking(with: nil) }
                trackedTouch = nil
            }
            controlStateDidChange()
        }
    }

    /// The selected state (toggles, segments).
    public var isSelected: Bool = false {
        didSet { if oldValue != isSelected { controlStateDidChange() } }
    }

    /// True while a tracked touch is down inside the tracking area [UC-2].
    public var isHighlighted: Bool { tracking.isHighlighted }

    /// True while the control tracks a touch and still sends events for it.
    public var isTracking: Bool { tracking.isTracking }

    /// Whether the tracked touch is inside the bounds grown by the tracking slop [UC-3].
    public var isTouchInside: Bool { tracking.isTouchInside }

    /// The combined state flags.
    public var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    // MARK: Tracking hooks (UIKit names)

    /// A touch began in the control. Return false to ignore it: no events are sent for it. Default true.
    open func beginTracking(_ touch: Touch, with event: Event?) -> Bool { true }

    /// The tracked touch moved (``isTouchInside`` is already updated). Return false to stop sending
    /// events for it. Default true.
    open func continueTracking(_ touch: Touch, with event: Event?) -> Bool { true }

    /// The tracked touch ended, before the up event is sent.
    open func endTracking(_ touch: Touch?, with event: Event?) {}

    /// Tracking was cancelled, before `touchCancel` is sent.
    open func cancelTracking(with event: Event?) {}

    /// Whether `touch` counts as inside: within the bounds grown by
    /// ``InteractionSettings/controlTrackingSlop`` on every side [UC-3].
    open func isTouchInsideTrackingArea(_ touch: Touch) -> Bool {
        let slop = window?.windowScene?.application?.settings.controlTrackingSlop ?? InteractionDefaults.controlTrackingSlop
        return bounds.insetBy(dx: -slop, dy: -slop).contains(touch.location(in: self))
    }

    /// The state (highlighted, enabled, selected) may have changed: tell assistive tools and redraw.
    func controlStateDidChange() {
        notifyAccessibilityChange(.state)
        setNeedsDisplay()
    }

    /// Called after the up event of a tracked touch was sent; subclasses that change their value on
    /// a tap (switches) do it here.
    func didEndTracking(inside: Bool, event: Event?) {}

    // MARK: Touches: tracked here and never forwarded [UC-1]

    open override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        guard isEnabled, trackedTouch == nil, let touch = touches.first else { return }
        trackedTouch = touch
        tracking.touchBegan()
        controlStateDidChange()
        let events = tracking.beginTracking(beginTracking(touch, with: event), tapCount: touch.tapCount)
        if !events.isEmpty { sendActions(for: events, event: event) }
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let wasHighlighted = tracking.isHighlighted
        let askContinue = tracking.touchMoved(inside: isTouchInsideTrackingArea(touch))
        if wasHighlighted != tracking.isHighlighted { controlStateDidChange() }
        guard askContinue else { return }
        let events = tracking.continueTracking(continueTracking(touch, with: event))
        if !events.isEmpty { sendActions(for: events, event: event) }
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        trackedTouch = nil
        let inside = isTouchInsideTrackingArea(touch)
        let result = tracking.touchEnded(inside: inside)
        controlStateDidChange()
        guard result.callEndTracking else { return }
        endTracking(touch, with: event)
        sendActions(for: upEvents(result.events), event: event)
        didEndTracking(inside: inside, event: event)
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        trackedTouch = nil
        let result = tracking.touchCancelled()
        controlStateDidChange()
        guard result.callCancelTracking else { return }
        cancelTracking(with: event)
        sendActions(for: result.events, event: event)
    }

    /// The events sent when a tracked touch lifts; buttons add `primaryActionTriggered` to
    /// `touchUpInside` [UC-5].
    func upEvents(_ events: Events) -> Events { events }

    /// Asked before a recognizer not attached to this control leaves `possible` while one of its
    /// touches is bound here [UC-7]. The base control lets every recognizer begin; buttons, switches
    /// and sliders refuse the gestures that overlap their own action. A disabled control blocks none.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard isEnabled, gestureRecognizer.view !== self, overlapsOwnAction(gestureRecognizer) else { return true }
        // A scroll view's drag is the scroll view's to decide: it asks touchesShouldCancel(in:) [SV-13].
        if let scrollView = gestureRecognizer.view as? ScrollView, scrollView.panGestureRecognizer === gestureRecognizer {
            return true
        }
        return false
    }

    /// Whether `gestureRecognizer` would do what the control itself does [UC-7]. Default false.
    func overlapsOwnAction(_ gestureRecognizer: GestureRecognizer) -> Bool { false }

    // MARK: Target-action [UC-4]

    /// Registers `action` to be sent to `target` (nil: up the responder chain) for `events`.
    /// Registering the same (target, action) pair again adds the events instead of a duplicate entry.
    /// The control does not keep `target` alive.
    public func addTarget(_ target: AnyObject?, action: Selector, for events: Events) {
        if let index = entries.firstIndex(where: { $0.matches(target: target, action: action) && $0.handler == nil }) {
            entries[index].events.formUnion(events)
        } else {
            entries.append(ActionEntry(target: target, action: action, events: events, handler: nil))
        }
    }

    /// Removes `action` (all actions when nil) for `target` from `events`; entries left with no
    /// events are dropped.
    public func removeTarget(_ target: AnyObject?, action: Selector?, for events: Events) {
        for index in entries.indices where entries[index].matches(target: target, action: action) {
            entries[index].events.subtract(events)
        }
        entries.removeAll { $0.events.isEmpty }
    }

    /// Registers a closure for `events` (UIKit's `UIAction`). `name` is what observers and D-Bus
    /// report as the action. (A closure that names the control's own class gets it as that class:
    /// see ``ControlActionHandlers``.)
    public func addAction(
        named name: Selector, for events: Events, _ handler: @escaping @MainActor (Control, Event?) -> Void
    ) {
        appendHandler(named: name, for: events, handler)
    }

    /// Registers a closure, called with this control, for `events`.
    func appendHandler(named name: Selector, for events: Events, _ handler: @escaping @MainActor (Control, Event?) -> Void) {
        entries.append(ActionEntry(target: nil, action: name, events: events, handler: handler))
    }

    /// The actions registered for `target` (nil: the nil-targeted ones) and `event`.
    public func actions(forTarget target: AnyObject?, forControlEvent event: Events) -> [Selector] {
        entries.filter { $0.handler == nil && $0.matches(target: target, action: nil) && $0.events.contains(event) }
            .map(\.action)
    }

    /// Whether an action (or closure) is registered for any of `events`.
    public func hasActions(for events: Events) -> Bool {
        entries.contains { !$0.events.isDisjoint(with: events) }
    }

    /// What a tap that lifts inside does, without a touch [KB-5]: sends the up events
    /// (`touchUpInside`, and `primaryActionTriggered` for buttons) and applies the control's own
    /// change (a switch flips). Returns false, doing nothing, when the control is disabled.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        sendActions(for: upEvents(.touchUpInside), event: nil)
        didEndTracking(inside: true, event: nil)
        return true
    }

    /// Controls take keyboard focus while enabled [FO-2].
    open override var canBecomeFocused: Bool { isEnabled }

    /// Sends the actions registered for any of `events`, in registration order [UC-4].
    public func sendActions(for events: Events) {
        sendActions(for: events, event: nil)
    }

    /// Sends the actions registered for any of `events` with `event`, in registration order.
    public func sendActions(for events: Events, event: Event?) {
        let matching = entries.filter { !$0.events.isDisjoint(with: events) }
        for entry in matching {
            if let handler = entry.handler {
                handler(self, event)
                window?.windowScene?.application?.notifyObservers {
                    $0.actionWasSent(entry.action, from: self, to: self, event: event)
                }
            } else if entry.hadTarget {
                // The target went away (targets are not kept alive): nothing to send to.
                guard let target = entry.target else { continue }
                sendAction(entry.action, to: target, for: event)
            } else {
                sendAction(entry.action, to: nil, for: event)
            }
        }
    }

    /// Sends one action through the application [UC-4]. Override to intercept.
    open func sendAction(_ action: Selector, to target: AnyObject?, for event: Event?) {
        if let application = window?.windowScene?.application {
            application.sendAction(action, to: target, from: self, for: event)
        } else if let target = target as? any ActionTarget {
            _ = target.perform(action, sender: self, event: event)
        } else if target == nil, let receiver = self.target(forAction: action, withSender: self) as? any ActionTarget {
            _ = receiver.perform(action, sender: self, event: event)
        }
    }
}

/// One registered target-action pair (or closure) of a control.
struct ActionEntry {
    weak var target: AnyObject?
    let hadTarget: Bool
    let action: Selector
    var events: Control.Events
    let handler: (@MainActor (Control, Event?) -> Void)?

    init(target: AnyObject?, action: Selector, events: Control.Events, handler: (@MainActor (Control, Event?) -> Void)?) {
        self.target = target
        self.hadTarget = target != nil
        self.action = action
        self.events = events
        self.handler = handler
    }

    func matches(target other: AnyObject?, action other2: Selector?) -> Bool {
        let sameTarget = other == nil ? !hadTarget : target === other
        return sameTarget && (other2 == nil || action == other2)
    }
}
