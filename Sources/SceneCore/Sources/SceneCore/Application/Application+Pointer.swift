/// Pointer motion with no button down: hover [SV-21].
extension Application {
    /// The pointer moved to `location` (screen coordinates) with no button down. The hover
    /// recognizers of the view under it and its ancestors begin or change; those it left end. A
    /// location on no window (or not finite) ends every hover. `scene` limits the hit test to one
    /// scene's windows (nil: every scene).
    public func pointerMoved(to location: Point, timestamp: Double? = nil, in scene: WindowScene? = nil) {
        guard location.isFinite, let (window, _, point) = hitTest(screenPoint: location, in: scene) else {
            pointerExited()
            return
        }
        let event = Event(type: .hover, timestamp: timestamp ?? clock.now)
        event.pointerWindow = window
        event.pointerLocation = point
        sendEvent(event)
    }

    /// The pointer left the application's windows (or a button went down): every hover ends.
    public func pointerExited() {
        hover([], at: .zero)
    }

    /// [SV-21] The pointer is over `recognizers` at `point` (window coordinates): those that hovered
    /// and are not among them end (cancelled when disabled) first, in the order they began; then each
    /// of `recognizers` begins or changes.
    func hover(_ recognizers: [HoverGestureRecognizer], at point: Point) {
        let previous = hoveredRecognizers
        hoveredRecognizers = recognizers
        for recognizer in previous where !recognizers.contains(where: { $0 === recognizer }) {
            recognizer.pointerDidLeave(recognizer.isEnabled ? .ended : .cancelled)
        }
        for recognizer in recognizers {
            recognizer.pointerDidMove(to: point)
        }
    }
}
