/// How a scroll view shares touches with its content [SV-3, SV-12 … SV-15].
extension ScrollView {
    /// [SV-3, SV-13, SV-15] Whether the scroll view's own pan may begin.
    ///
    /// The pan begins when the view scrolls along the axis the finger moved more along (or, when it
    /// does not, no scroll view around it does: nested scroll views leave the drag to the one that
    /// scrolls that way), and when no content view tracking the touch keeps it: with
    /// ``canCancelContentTouches`` false any tracking content view keeps it, otherwise one for which
    /// ``touchesShouldCancel(in:)`` is false.
    func panShouldBegin() -> Bool {
        guard canScroll(.horizontal) || canScroll(.vertical) else { return false }
        if let axis = ScrollAxis.dominant(in: panGestureRecognizer.translation(in: self)), !canScroll(axis),
            enclosingScrollView(scrolling: axis) != nil
        {
            return false
        }
        for touch in panGestureRecognizer.touchesSinceReset {
            guard touch.delivery.viewIsTracking, let view = touch.view, view !== self else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: view) { return false }
        }
        return true
    }

    /// The nearest scroll view around this one that scrolls along `axis`.
    private func enclosingScrollView(scrolling axis: ScrollAxis) -> ScrollView? {
        var ancestor = superview
        while let view = ancestor {
            if let scrollView = view as? ScrollView, scrollView.canScroll(axis) { return scrollView }
            ancestor = view.superview
        }
        return nil
    }
}
