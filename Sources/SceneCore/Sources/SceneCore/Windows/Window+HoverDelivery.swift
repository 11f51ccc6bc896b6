/// Hover events in a window [SV-21]: the hover recognizers under the pointer.
extension Window {
    /// Delivers a hover event: the enabled hover recognizers of the view under the pointer and its
    /// ancestors (deepest first, in the order they were added) begin or change; those that were
    /// hovering and are not among them end (or are cancelled, when disabled).
    func deliverHover(_ event: Event) {
        var under: [HoverGestureRecognizer] = []
        var current = hitTest(event.pointerLocation, with: event)
        while let view = current {
            for case let hover as HoverGestureRecognizer in view.gestureRecognizers where hover.isEnabled {
                under.append(hover)
            }
            current = view.superview
        }
        _windowScene?._application?.hover(under, at: event.pointerLocation)
    }
}
