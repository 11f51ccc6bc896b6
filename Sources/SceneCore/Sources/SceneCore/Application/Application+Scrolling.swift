/// Scroll input: the host's wheel steps and trackpad samples become scroll events for the window
/// under the pointer [SV-17 … SV-20].
extension Application {
    /// Delivers one scroll sample at `location` (screen coordinates) and returns the pan recognizer
    /// that took it: nil when nobody did (nothing under the pointer scrolls that way, the location or
    /// delta is not finite) and for momentum samples, which the coasting target absorbs [SV-20].
    ///
    /// A wheel step goes to the first recognizer, from the view under the pointer up, that accepts
    /// wheels and (for a scroll view's own pan) can still move that way [SV-18]; the scroll view moves
    /// its content by the delta at once [SV-19]. A trackpad gesture is latched at its first movement
    /// to the recognizer that takes it and drags it until the fingers lift [SV-19, SV-20]. `scene`
    /// limits the hit test to one scene's windows (nil: every scene).
    @discardableResult
    public func scroll(
        _ input: ScrollInput, at location: Point, timestamp: Double? = nil, in scene: WindowScene? = nil
    ) -> PanGestureRecognizer? {
        let time = timestamp ?? clock.now
        guard location.isFinite, input.delta.isFinite else {
            diagnose(.gestures, "scroll \(input) at \(location) dropped: not finite")
            return nil
        }
        let event = Event(type: .scroll, timestamp: time)
        event.scrollInput = input
        switch input {
        case .discrete:
            guard let (window, _, point) = hitTest(screenPoint: location, in: scene) else { return nil }
            event.pointerWindow = window
            event.pointerLocation = point
            sendEvent(event)
            return event.scrollTarget
        case .continuous(let phase, let delta):
            return continueScrollGesture(phase, delta: delta, event: event, location: location, scene: scene)
        case .momentum(let phase, _):
            if case .coasting = scrollLatch, phase == .ended || phase == .cancelled { scrollLatch = .idle }
            return nil
        }
    }

    /// One phase of a trackpad gesture, through the latch.
    private func continueScrollGesture(
        _ phase: ScrollPhase, delta: Point, event: Event, location: Point, scene: WindowScene?
    ) -> PanGestureRecognizer? {
        if phase == .began || !scrollLatch.isInGesture {
            // A new gesture (a `changed` without a `began` starts one too): a gesture still latched
            // somewhere is cancelled first.
            cancelScrollGesture(at: event.timestamp)
            guard let (window, _, point) = hitTest(screenPoint: location, in: scene) else {
                scrollLatch = .idle
                return nil
            }
            scrollLatch = .awaitingMovement(window: window, point: point)
            if phase == .began && delta == .zero { return nil }
        }
        switch scrollLatch {
        case .awaitingMovement(let window, let point):
            guard phase == .began || phase == .changed else {
                scrollLatch = .idle
                return nil
            }
            event.pointerWindow = window
            event.pointerLocation = point
            sendEvent(event)
            if let target = event.scrollTarget { scrollLatch = .scrolling(target, window: window, point: point) }
            return event.scrollTarget
        case .scrolling(let target, let window, let point):
            event.pointerWindow = window
            event.pointerLocation = point
            event.scrollTarget = target
            sendEvent(event)
            switch phase {
            case .began, .changed: break
            case .ended: scrollLatch = .coasting
            case .cancelled: scrollLatch = .idle
            }
            return target
        case .idle, .coasting:
            return nil
        }
    }

    /// Ends a latched trackpad gesture as cancelled (a new gesture began before it ended).
    private func cancelScrollGesture(at time: Double) {
        guard case .scrolling(let target, let window, _) = scrollLatch else { return }
        scrollLatch = .idle
        let event = Event(type: .scroll, timestamp: time)
        event.scrollInput = .continuous(.cancelled, delta: .zero)
        event.pointerWindow = window
        event.scrollTarget = target
        sendEvent(event)
    }
}

extension ScrollLatch {
    /// True between a gesture's `began` and its end.
    var isInGesture: Bool {
        switch self {
        case .awaitingMovement, .scrolling: true
        case .idle, .coasting: false
        }
    }
}
