/// Dragging the content with the scroll view's pan recognizer, and what happens when the finger lifts
/// [SV-3 … SV-8, SV-10].
extension ScrollView {
    /// The pan recognizer's action: began, changed, ended or cancelled.
    func panDidChange(_ recognizer: GestureRecognizer) {
        switch recognizer.state {
        case .began:
            dragDidBegin()
        case .changed:
            dragDidMove()
        case .ended:
            dragDidEnd(velocity: .zero - panGestureRecognizer.velocity(in: self))
        case .cancelled:
            dragDidEnd(velocity: .zero)
        case .possible, .failed:
            break
        }
    }

    /// [SV-3] The content follows the finger from where the pan began: the pan's translation is
    /// zeroed, so the hysteresis the finger travelled does not make the content jump. [SV-4] With the
    /// direction lock, only the axis the finger moved more along moves. [SV-25] Not while two fingers
    /// pinch: the pinch moves the content then.
    private func dragDidBegin() {
        if case .pinching = phase { return }
        stopMotion()
        let translation = panGestureRecognizer.translation(in: self)
        let locked = isDirectionalLockEnabled ? ScrollAxis.dominant(in: translation) : nil
        panGestureRecognizer.setTranslation(.zero, in: self)
        let origin = Point(x: unbandedOffset(bounds.origin.x, along: .horizontal), y: unbandedOffset(bounds.origin.y, along: .vertical))
        phase = .dragging(origin: origin, lockedAxis: locked)
        showIndicators()
        delegate?.scrollViewWillBeginDragging(self)
    }

    /// [SV-3, SV-6] The offset is the drag's origin minus the translation, on the axes that move;
    /// past an edge it follows with the rubber band (or stops there without ``bounces``).
    private func dragDidMove() {
        guard case .dragging(let origin, let locked) = phase else { return }
        let translation = panGestureRecognizer.translation(in: self)
        var offset = bounds.origin
        if movesAlong(.horizontal, locked: locked) {
            offset.x = bandedOffset(origin.x - translation.x, along: .horizontal)
        }
        if movesAlong(.vertical, locked: locked) {
            offset.y = bandedOffset(origin.y - translation.y, along: .vertical)
        }
        moveOffset(to: offset)
    }

    /// Whether a drag moves the content along `axis`: the view scrolls that way and the direction lock
    /// (if any) chose it.
    private func movesAlong(_ axis: ScrollAxis, locked: ScrollAxis?) -> Bool {
        canScroll(axis) && (locked == nil || locked == axis)
    }

    /// `raw` inside the offsets; past an edge, the edge plus the rubber band of the overshoot [SV-6],
    /// or the edge itself without ``bounces``.
    func bandedOffset(_ raw: Double, along axis: ScrollAxis) -> Double {
        guard let edge = edgePassed(by: raw, along: axis) else { return raw }
        guard bounces else { return edge }
        return edge + ScrollPhysics.rubberBand(overshoot: raw - edge, dimension: length(along: axis))
    }

    /// The drag position that shows `shown`: `shown` itself inside the offsets; past an edge (a drag that
    /// caught a bounce), the edge plus the overshoot whose rubber band is shown there [SV-6].
    private func unbandedOffset(_ shown: Double, along axis: ScrollAxis) -> Double {
        guard bounces, let edge = edgePassed(by: shown, along: axis) else { return shown }
        let overshoot = ScrollPhysics.rubberBandOvershoot(banded: shown - edge, dimension: length(along: axis))
        return overshoot.isFinite ? edge + overshoot : shown
    }

    /// The edge of the offsets that `offset` lies past; nil inside them.
    private func edgePassed(by offset: Double, along axis: ScrollAxis) -> Double? {
        let range = offsetRange(axis)
        if offset < range.lower { return range.lower }
        if offset > range.upper { return range.upper }
        return nil
    }

    /// The view's length along `axis`.
    private func length(along axis: ScrollAxis) -> Double {
        axis == .horizontal ? bounds.size.width : bounds.size.height
    }

    /// [SV-5, SV-6, SV-8, SV-10] The finger lifted with `velocity` (points per second, the content's
    /// direction). The resting offset is proposed to the delegate (in points per millisecond, as UIKit
    /// does) and honoured; then the content decelerates towards it, or springs back or onto a page.
    private func dragDidEnd(velocity rawVelocity: Point) {
        guard case .dragging(_, let locked) = phase else { return }
        let offset = bounds.origin
        var velocity = Point.zero
        if movesAlong(.horizontal, locked: locked) { velocity.x = rawVelocity.x }
        if movesAlong(.vertical, locked: locked) { velocity.y = rawVelocity.y }

        let proposed = Point(
            x: restingOffset(from: offset.x, velocity: velocity.x, along: .horizontal),
            y: restingOffset(from: offset.y, velocity: velocity.y, along: .vertical))
        var target = proposed
        delegate?.scrollViewWillEndDragging(
            self, withVelocity: Point(x: velocity.x / 1000, y: velocity.y / 1000), targetContentOffset: &target)

        let now = clock?.now ?? 0
        let motion = ScrollMotion(
            kind: .deceleration,
            x: axisMotion(from: offset.x, velocity: velocity.x, target: target.x, proposed: proposed.x, along: .horizontal),
            y: axisMotion(from: offset.y, velocity: velocity.y, target: target.y, proposed: proposed.y, along: .vertical),
            startTime: now)
        let willDecelerate = motion.endTime > now
        phase = .idle
        dragIsDecelerating = willDecelerate
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
        guard willDecelerate else {
            moveOffset(to: motion.finalOffset)
            if case .idle = phase { indicatorsCameToRest() }
            return
        }
        // The delegate may have moved the offset or started another motion meanwhile.
        guard case .idle = phase, bounds.origin == offset else {
            dragIsDecelerating = false
            if case .idle = phase { indicatorsCameToRest() }
            return
        }
        delegate?.scrollViewWillBeginDecelerating(self)
        guard case .idle = phase, bounds.origin == offset else {
            dragIsDecelerating = false
            if case .idle = phase { indicatorsCameToRest() }
            return
        }
        start(motion)
    }

    /// Where the content would come to rest along `axis`: a page [SV-8], or the projection of the
    /// flick [SV-5], within the offsets.
    private func restingOffset(from offset: Double, velocity: Double, along axis: ScrollAxis) -> Double {
        let range = offsetRange(axis)
        let resting: Double
        if isPagingEnabled {
            resting = pageOffset(from: offset, velocity: velocity, along: axis)
        } else {
            resting = offset + ScrollPhysics.projectedDistance(velocity: velocity, rate: decelerationRate)
        }
        return Swift.min(range.upper, Swift.max(range.lower, resting))
    }

    /// [SV-8] The page the content settles on: the next one in the flick's direction when the flick is
    /// at least ``ScrollPhysics/pagingFlickVelocity``, else the nearest. Pages are the view's size apart,
    /// from offset 0.
    private func pageOffset(from offset: Double, velocity: Double, along axis: ScrollAxis) -> Double {
        let page = length(along: axis)
        guard page > 0 else { return offset }
        let position = offset / page
        let index: Double
        if velocity >= ScrollPhysics.pagingFlickVelocity {
            index = position.rounded(.up)
        } else if velocity <= -ScrollPhysics.pagingFlickVelocity {
            index = position.rounded(.down)
        } else {
            index = position.rounded()
        }
        return index * page
    }

    /// The motion along one axis after the drag: a spring onto the page with paging, or back from past
    /// an edge; otherwise the deceleration, over the unlimited projection (so a flick into an edge
    /// bounces) unless the delegate chose another target, which it then ends on exactly.
    private func axisMotion(
        from offset: Double, velocity: Double, target: Double, proposed: Double, along axis: ScrollAxis
    ) -> ScrollAxisMotion {
        let range = offsetRange(axis)
        let outside = offset < range.lower || offset > range.upper
        if isPagingEnabled || outside {
            return .spring(from: offset, to: target, velocity: bounces ? velocity : 0)
        }
        let distance =
            target == proposed
            ? ScrollPhysics.projectedDistance(velocity: velocity, rate: decelerationRate)
            : target - offset
        if target != proposed {
            // Honoured exactly, even past an edge: a plain decay onto it.
            return .deceleration(
                from: offset, distance: distance, rate: decelerationRate,
                lowerEdge: Swift.min(range.lower, target), upperEdge: Swift.max(range.upper, target), bounces: false)
        }
        return .deceleration(
            from: offset, distance: distance, rate: decelerationRate, lowerEdge: range.lower, upperEdge: range.upper,
            bounces: bounces)
    }
}
