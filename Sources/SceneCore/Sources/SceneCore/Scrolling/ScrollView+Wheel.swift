/// Scroll events on a scroll view [SV-18, SV-19]: which way its content can still move, and a wheel
/// step. (A trackpad gesture drags through ``ScrollView/panGestureRecognizer`` like a finger.)
extension ScrollView {
    /// [SV-18] Whether the content can move by `delta` along some axis on which `delta` is not zero:
    /// the view scrolls along that axis and the offset is not yet at the edge `delta` moves towards.
    func canScroll(by delta: Point) -> Bool {
        canScroll(by: delta.x, along: .horizontal) || canScroll(by: delta.y, along: .vertical)
    }

    private func canScroll(by delta: Double, along axis: ScrollAxis) -> Bool {
        guard delta != 0, canScroll(axis) else { return false }
        let range = offsetRange(axis)
        let offset = axis == .horizontal ? bounds.origin.x : bounds.origin.y
        return delta > 0 ? offset < range.upper : offset > range.lower
    }

    /// [SV-19] A wheel step: stops a deceleration or animation where it is, then moves the offset by
    /// `delta` at once along the axes the view scrolls, clamped to the edges (no rubber band); one
    /// `scrollViewDidScroll` when it moved. No dragging or decelerating calls. The indicators flash
    /// [SV-24].
    func scrollStep(by delta: Point) {
        stopMotion()
        var offset = bounds.origin
        if canScroll(.horizontal) { offset.x = clamped(offset.x + delta.x, along: .horizontal) }
        if canScroll(.vertical) { offset.y = clamped(offset.y + delta.y, along: .vertical) }
        guard offset != bounds.origin else { return }
        moveOffset(to: offset)
        // [SV-24] A step shows the indicators, which fade at once (a wheel has no lift to wait for).
        showIndicators()
        indicatorsCameToRest()
    }
}
