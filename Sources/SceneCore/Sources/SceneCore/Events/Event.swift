/// An event the application dispatches: a multi-touch sequence, a key press, a motion (shake), a
/// remote-control command, a scroll (wheel or trackpad) or pointer hover.
///
/// For touches, one event object is reused for the whole multi-touch sequence [TD-6]: it holds every
/// live touch, stationary ones included, until each has ended or been cancelled. Motion and
/// remote-control events, and each phase of a key press, are one object per delivery.
@MainActor
public final class Event {
    // Exclusivity is unchecked on the fields a touch dispatch reads and writes (short accesses,
    // UnretainedAccess.swift; the setters are internal).

    public let type: EventType
    public internal(set) var subtype: EventSubtype
    /// Monotonic seconds of the latest change [TD-3].
    @exclusivity(unchecked) public internal(set) var timestamp: Double

    /// Live touches of the sequence, sorted by identifier.
    @exclusivity(unchecked) var liveTouches: [Touch] = []
    /// The touches that changed in the dispatch in progress (began, moved, ended or cancelled).
    @exclusivity(unchecked) var changedTouches = TouchSet()
    /// Whether touch delivery may take its shortcuts (single-touch events, one candidate recognizer,
    /// quiet recognizers, one touch to cut off). Always true, except in the differential tests, which
    /// turn it off in one of two identical applications to prove that the shortcuts deliver exactly
    /// what the general path delivers.
    @exclusivity(unchecked) var takesShortcuts = true
    /// For motion events: whether the shake began, ended or was cancelled.
    var motionPhase: MotionPhase = .began

    /// For press events: the press being delivered.
    var press: Press?

    /// For scroll events: the sample being delivered [SV-17].
    public internal(set) var scrollInput: ScrollInput?
    /// For scroll and hover events: the window under the pointer, and the pointer there (window
    /// coordinates) [SV-18, SV-21].
    var pointerWindow: Window?
    var pointerLocation = Point.zero
    /// For scroll events: the pan recognizer the gesture is latched to, or that took the event
    /// [SV-18]; nil when nobody took it.
    var scrollTarget: PanGestureRecognizer?

    /// Responder-chain bookkeeping for motion and remote-control delivery: who received the call
    /// last, and who last forwarded it with the default implementation. See ``Responder``.
    var chainLastReached: Responder?
    var chainLastForwarder: Responder?

    init(type: EventType, subtype: EventSubtype = .none, timestamp: Double) {
        self.type = type
        self.subtype = subtype
        self.timestamp = timestamp
    }

    /// Every touch of the sequence, stationary ones included; nil for events that are not touches.
    public var allTouches: TouchSet? {
        type == .touches ? TouchSet(sortedUnique: liveTouches) : nil
    }

    /// The press of a press event [KB-1]; nil for other events.
    public var allPresses: Set<Press>? {
        guard type == .presses, let press else { return nil }
        return [press]
    }

    /// The touches bound to `view` [TD-6].
    public func touches(for view: View) -> TouchSet? {
        guard type == .touches else { return nil }
        return TouchSet(sortedUnique: liveTouches.filter { $0.view === view })
    }

    /// The touches owned by `window` [TD-6].
    public func touches(for window: Window) -> TouchSet? {
        guard type == .touches else { return nil }
        return TouchSet(sortedUnique: liveTouches.filter { $0.window === window })
    }

    /// The touches `recognizer` tracks [TD-6].
    public func touches(for recognizer: GestureRecognizer) -> TouchSet? {
        guard type == .touches else { return nil }
        return TouchSet(sortedUnique: liveTouches.filter { recognizer.tracks($0) })
    }

    /// Samples of `touch` since the last delivery [TD-12]; nil when the touch is not in this event.
    public func coalescedTouches(for touch: Touch) -> [Touch]? {
        contains(touch) ? [touch] : nil
    }

    /// Predicted future samples of `touch` [TD-12]: none; nil when the touch is not in this event.
    public func predictedTouches(for touch: Touch) -> [Touch]? {
        contains(touch) ? [] : nil
    }

    func contains(_ touch: Touch) -> Bool {
        liveTouches.contains { $0 === touch }
    }

    func insertLive(_ touch: Touch) {
        let index = liveTouches.firstIndex { $0.identifier > touch.identifier } ?? liveTouches.endIndex
        liveTouches.insert(touch, at: index)
    }

    func removeLive(_ touch: Touch) {
        if let index = liveTouches.firstIndex(where: { $0 === touch }) {
            liveTouches.remove(at: index)
        }
    }

    /// Starts a responder-chain walk at `start` (motion and remote-control delivery).
    func beginChain(at start: Responder) {
        chainLastReached = start
        chainLastForwarder = nil
    }

    /// The responder that consumed the event during the last chain walk: the last one reached,
    /// unless it forwarded the event off the end of the chain (then nobody handled it).
    func chainHandler() -> Responder? {
        guard let reached = chainLastReached else { return nil }
        return reached === chainLastForwarder ? nil : reached
    }
}

extension Event: @MainActor CustomStringConvertible {
    public var description: String { "Event(\(type), \(subtype), t=\(timestamp.compactDescription))" }
}
