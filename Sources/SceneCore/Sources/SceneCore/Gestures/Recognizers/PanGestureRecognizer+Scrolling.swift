/// A pan recognizer driven by scroll events instead of touches [SV-19]. A scroll gesture does not take
/// part in the window's gesture arena: it carries no touches to share, and only a recognizer with no
/// touches takes it, so its transitions are applied at once.
extension PanGestureRecognizer {
    /// Whether a new scroll sample of `type` may go to this recognizer: enabled, accepting the type
    /// (``allowedScrollTypesMask``) and not busy with touches or another scroll gesture.
    func acceptsScroll(of type: ScrollType) -> Bool {
        isEnabled && allowedScrollTypesMask.accepts(type) && state == .possible && !isParticipating
    }

    /// [SV-19] A wheel step of `delta`: a scroll view's own pan moves its content by it at once; any
    /// other pan begins and ends with a translation of −`delta` (the content moves as a finger
    /// dragging the other way would move it).
    func scrollStep(by delta: Point, at time: Double) {
        if let scrollView = view as? ScrollView, scrollView.panGestureRecognizer === self {
            scrollView.scrollStep(by: delta)
            return
        }
        machine.scroll(by: .zero - delta, at: time)
        apply(.began)
        apply(.ended)
        performReset()
    }

    /// [SV-19] One phase of a trackpad gesture: the pan begins at the first movement (its translation
    /// zero), changes with each (the translation moving by −`delta`), and ends (or is cancelled) when
    /// the fingers lift; then it resets. A recognizer disabled meanwhile is cancelled.
    func scrollGesture(_ phase: ScrollPhase, delta: Point, at time: Double) {
        guard isEnabled else {
            finishScroll(.cancelled)
            return
        }
        switch phase {
        case .began, .changed:
            guard delta != .zero else { return }
            if state == .possible {
                machine.scroll(by: .zero, at: time)
                apply(.began)
            }
            guard state == .began || state == .changed else { return }
            machine.scroll(by: .zero - delta, at: time)
            apply(.changed)
        case .ended:
            machine.scroll(by: .zero, at: time)
            finishScroll(.ended)
        case .cancelled:
            finishScroll(.cancelled)
        }
    }

    /// Ends a scroll gesture that began, with `state`, and resets the recognizer.
    private func finishScroll(_ state: State) {
        guard self.state == .began || self.state == .changed else { return }
        apply(state)
        performReset()
    }
}
