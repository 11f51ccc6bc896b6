/// The touch-tracking protocol of a control [UC-2, UC-3] as a value-type state machine, so that it can
/// be tested without views. ``Control`` feeds it one tracked touch and sends the events it returns.
///
///     began ──▶ (tracking | not tracking) ──moved*──▶ ended ──▶ idle
///                                          └────────▶ cancelled ──▶ idle
///
/// "Tracking" is the answer of the control's `beginTracking` (and later `continueTracking`); once it is
/// false no drag or up events are sent for that touch.
public struct ControlTracking: Sendable, Equatable {
    /// Where the machine is.
    public enum Phase: Sendable, Equatable {
        /// No touch.
        case idle
        /// A touch is down; `tracking` says whether events are still sent for it.
        case touching(tracking: Bool)
    }

    public private(set) var phase: Phase = .idle
    /// Whether the touch is inside the bounds grown by the tracking slop [UC-3].
    public private(set) var isTouchInside = false
    public private(set) var isHighlighted = false

    public init() {}

    /// True while a touch is down and events are still sent for it.
    public var isTracking: Bool {
        switch phase {
        case .idle: false
        case .touching(let tracking): tracking
        }
    }

    /// True while a touch is down, tracked or not.
    public var hasTouch: Bool {
        switch phase {
        case .idle: false
        case .touching: true
        }
    }

    /// [UC-2 began] step 1: the touch is inside and the control highlighted. Call before asking
    /// `beginTracking`.
    public mutating func touchBegan() {
        isTouchInside = true
        isHighlighted = true
        phase = .touching(tracking: false)
    }

    /// [UC-2 began] steps 2–3: `tracking` is `beginTracking`'s answer. Returns `touchDown`, with
    /// `touchDownRepeat` when `tapCount > 1`; nothing when not tracking.
    public mutating func beginTracking(_ tracking: Bool, tapCount: Int) -> Control.Events {
        phase = .touching(tracking: tracking)
        guard tracking else { return [] }
        return tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown
    }

    /// [UC-2 moved] step 1: records whether the touch is inside now. Returns true when the control
    /// should then ask `continueTracking` (it is tracking).
    public mutating func touchMoved(inside: Bool) -> Bool {
        guard case .touching = phase else { return false }
        previousInside = isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        return isTracking
    }

    private var previousInside = false

    /// [UC-2 moved] steps 2–3: `keepTracking` is `continueTracking`'s answer. Returns the drag events,
    /// all for one `sendActions` call: inside or outside, plus exit or enter on a change.
    public mutating func continueTracking(_ keepTracking: Bool) -> Control.Events {
        guard isTracking else { return [] }
        guard keepTracking else {
            phase = .touching(tracking: false)
            return []
        }
        var events: Control.Events = isTouchInside ? .touchDragInside : .touchDragOutside
        if previousInside && !isTouchInside { events.insert(.touchDragExit) }
        if !previousInside && isTouchInside { events.insert(.touchDragEnter) }
        return events
    }

    /// [UC-2 ended]: returns whether to call `endTracking`, and the up event to send after it.
    public mutating func touchEnded(inside: Bool) -> (callEndTracking: Bool, events: Control.Events) {
        guard case .touching(let tracking) = phase else { return (false, []) }
        isTouchInside = inside
        isHighlighted = false
        phase = .idle
        guard tracking else { return (false, []) }
        return (true, inside ? .touchUpInside : .touchUpOutside)
    }

    /// [UC-2 cancelled]: returns whether to call `cancelTracking`, and `touchCancel` when tracking.
    public mutating func touchCancelled() -> (callCancelTracking: Bool, events: Control.Events) {
        guard case .touching(let tracking) = phase else { return (false, []) }
        isHighlighted = false
        phase = .idle
        guard tracking else { return (false, []) }
        return (true, .touchCancel)
    }
}
