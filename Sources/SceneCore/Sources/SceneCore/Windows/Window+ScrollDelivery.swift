/// Scroll events in a window [SV-18]: the pan recognizer a sample goes to.
extension Window {
    /// Delivers a scroll event: to the recognizer it is latched to, else to the first recognizer that
    /// takes it from the view under the pointer up [SV-18]; records that recognizer in the event.
    func deliverScroll(_ event: Event) {
        guard let input = event.scrollInput else { return }
        if event.scrollTarget == nil {
            guard let view = hitTest(event.pointerLocation, with: event) else { return }
            event.scrollTarget = scrollRecognizer(from: view, delta: input.delta, type: input.type)
        }
        guard let recognizer = event.scrollTarget else { return }
        switch input {
        case .discrete(let delta):
            recognizer.scrollStep(by: delta, at: event.timestamp)
        case .continuous(let phase, let delta):
            recognizer.scrollGesture(phase, delta: delta, at: event.timestamp)
        case .momentum:
            break
        }
    }

    /// [SV-18] From `view` up to the window, each view's recognizers in the order they were added: the
    /// first pan recognizer that is enabled, idle, accepts `type` and, when it is a scroll view's own
    /// pan, can move that scroll view's content by `delta` (so an inner scroll view at its edge lets
    /// the outer one scroll). Nil when `delta` is zero or nobody takes it.
    private func scrollRecognizer(from view: View, delta: Point, type: ScrollType) -> PanGestureRecognizer? {
        guard delta != .zero else { return nil }
        var current: View? = view
        while let candidate = current {
            for case let pan as PanGestureRecognizer in candidate.gestureRecognizers where pan.acceptsScroll(of: type) {
                if let scrollView = candidate as? ScrollView, scrollView.panGestureRecognizer === pan {
                    if scrollView.canScroll(by: delta) { return pan }
                } else {
                    return pan
                }
            }
            current = candidate.superview
        }
        return nil
    }
}
