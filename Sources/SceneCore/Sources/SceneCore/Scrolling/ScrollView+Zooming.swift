/// Zooming [SV-25]: the scale of the delegate's view for zooming, pinched about the fingers'
/// centroid or set from code, and the content size that follows it.
///
/// The zooming view is scaled by its transform (``zoomScale`` is the transform's `a`, as in UIKit)
/// and placed with its scaled frame at the content's origin; ``contentSize`` is that frame's size.
/// A point of the zooming view `p` (its own coordinates) then lies at `(p − bounds.origin) · scale`
/// in the content.
extension ScrollView {
    /// The view zooming scales: the delegate's ``ScrollViewDelegate/viewForZooming(in:)`` when it is
    /// a subview of this view; nil otherwise (no zooming).
    var zoomingView: View? {
        guard let view = delegate?.viewForZooming(in: self), view.superview === self else { return nil }
        return view
    }

    /// The scale of the view for zooming: 1 without one. Setting it is
    /// ``setZoomScale(_:animated:)`` without animation.
    public var zoomScale: Double {
        get { zoomingView?.transform.a ?? 1 }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Zooms to `scale`, held within ``minimumZoomScale`` … ``maximumZoomScale``, about the centre of
    /// the view: the point of the content shown there stays there, as far as the content's edges
    /// allow. Stops a running motion. At once, it calls `scrollViewDidZoom` (and
    /// `scrollViewDidScroll` when the offset moved); animated, it goes over
    /// ``ScrollPhysics/animationDuration`` between `scrollViewWillBeginZooming` and
    /// `scrollViewDidEndZooming`. Nothing without a view for zooming or with a scale that is not a
    /// number.
    public func setZoomScale(_ scale: Double, animated: Bool) {
        guard let view = zoomingView, !scale.isNaN else { return }
        let target = clampedZoomScale(scale)
        let centre = Point(x: bounds.size.width / 2, y: bounds.size.height / 2)
        let anchor = view.convert(Point(x: bounds.minX + centre.x, y: bounds.minY + centre.y), from: self)
        let offset = restingOffset(showing: anchor, at: centre, scale: target, in: view)
        zoom(toScale: target, offset: offset, animated: animated, view: view)
    }

    /// Zooms so that `rect` (in the view for zooming's coordinates) fills the view as far as the zoom
    /// limits allow, centred in it as far as the content's edges allow [SV-25]. Calls the delegate as
    /// ``setZoomScale(_:animated:)`` does. Nothing without a view for zooming, or for a rectangle
    /// that is empty both ways or not finite.
    public func zoom(to rect: Rect, animated: Bool) {
        guard let view = zoomingView, rect.width > 0 || rect.height > 0,
            rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite
        else { return }
        let fitX = rect.width > 0 ? bounds.size.width / rect.width : Double.infinity
        let fitY = rect.height > 0 ? bounds.size.height / rect.height : Double.infinity
        let target = clampedZoomScale(Swift.min(fitX, fitY))
        let centre = Point(x: bounds.size.width / 2, y: bounds.size.height / 2)
        let offset = restingOffset(showing: Point(x: rect.midX, y: rect.midY), at: centre, scale: target, in: view)
        zoom(toScale: target, offset: offset, animated: animated, view: view)
    }

    // MARK: Geometry

    /// `scale` within the zoom limits.
    func clampedZoomScale(_ scale: Double) -> Double {
        Swift.min(maximumZoomScale, Swift.max(minimumZoomScale, scale))
    }

    /// Where `point` of `view` (its own coordinates) lies in the content at `scale`.
    private func contentPosition(of point: Point, scale: Double, in view: View) -> Point {
        Point(x: (point.x - view.bounds.minX) * scale, y: (point.y - view.bounds.minY) * scale)
    }

    /// The content's size at `scale`.
    private func contentSize(at scale: Double, of view: View) -> Size {
        Size(width: view.bounds.width * scale, height: view.bounds.height * scale)
    }

    /// The offset that puts `point` of `view` at `place` (from the view's top-left corner) at
    /// `scale`, held within the content's offsets at that scale.
    private func restingOffset(showing point: Point, at place: Point, scale: Double, in view: View) -> Point {
        let position = contentPosition(of: point, scale: scale, in: view)
        let size = contentSize(at: scale, of: view)
        let horizontal = offsetRange(.horizontal, contentSize: size)
        let vertical = offsetRange(.vertical, contentSize: size)
        return Point(
            x: Swift.min(horizontal.upper, Swift.max(horizontal.lower, position.x - place.x)),
            y: Swift.min(vertical.upper, Swift.max(vertical.lower, position.y - place.y)))
    }

    /// Scales `view` to `scale` with its frame at the content's origin and sets the content size to
    /// the frame's; no delegate calls. Returns whether the scale changed.
    @discardableResult
    private func setZoomGeometry(scale: Double, of view: View) -> Bool {
        let changed = view.transform.a != scale
        let size = contentSize(at: scale, of: view)
        view.transform = AffineTransform(scaleX: scale, y: scale)
        view.center = Point(x: size.width / 2, y: size.height / 2)
        contentSize = size
        return changed
    }

    /// The zoom is `scale` and the offset `offset`: `scrollViewDidScroll` when the offset moved, then
    /// `scrollViewDidZoom` when the scale changed.
    func applyZoom(scale: Double, offset: Point) {
        guard let view = zoomingView else {
            moveOffset(to: offset)
            return
        }
        let changed = setZoomGeometry(scale: scale, of: view)
        moveOffset(to: offset)
        if changed { delegate?.scrollViewDidZoom(self) }
    }

    /// Zooms from code: at once, or animated between the zoom callbacks.
    private func zoom(toScale target: Double, offset: Point, animated: Bool, view: View) {
        stopMotion()
        let scale = zoomScale
        guard animated, let clock, target != scale || offset != bounds.origin else {
            applyZoom(scale: target, offset: offset)
            return
        }
        delegate?.scrollViewWillBeginZooming(self, with: view)
        start(zoomMotion(.zoomAnimation, to: target, offset: offset, from: scale, startTime: clock.now))
    }

    /// A motion from the scale and offset now to `target` and `offset`, over
    /// ``ScrollPhysics/animationDuration``, slow at both ends.
    private func zoomMotion(
        _ kind: ScrollMotion.Kind, to target: Double, offset: Point, from scale: Double, startTime: Double
    ) -> ScrollMotion {
        let duration = ScrollPhysics.animationDuration
        return ScrollMotion(
            kind: kind,
            x: .ease(from: bounds.origin.x, to: offset.x, duration: duration),
            y: .ease(from: bounds.origin.y, to: offset.y, duration: duration),
            scale: .ease(from: scale, to: target, duration: duration),
            startTime: startTime)
    }

    // MARK: The pinch

    /// The limits changed: the pinch exists while the maximum exceeds the minimum.
    func zoomLimitsDidChange() {
        let zooms = maximumZoomScale > minimumZoomScale
        if zooms, pinchGestureRecognizer == nil {
            let pinch = ScrollViewPinchRecognizer()
            pinch.name = "scrollPinch"
            pinch.scrollView = self
            pinch.addAction { [weak self] recognizer in
                self?.pinchDidChange(recognizer)
            }
            pinchGestureRecognizer = pinch
            addGestureRecognizer(pinch)
        } else if !zooms, let pinch = pinchGestureRecognizer {
            removeGestureRecognizer(pinch)
            pinchGestureRecognizer = nil
        }
    }

    /// The pinch recognizer's action: began, changed, ended or cancelled.
    private func pinchDidChange(_ recognizer: GestureRecognizer) {
        guard let pinch = recognizer as? PinchGestureRecognizer else { return }
        switch pinch.state {
        case .began: pinchDidBegin(pinch)
        case .changed: pinchDidMove(pinch)
        case .ended, .cancelled: pinchDidEnd()
        case .possible, .failed: break
        }
    }

    /// The fingers' centroid from the view's top-left corner.
    private func fingersCentroid(of pinch: PinchGestureRecognizer) -> Point {
        let location = pinch.location(in: self)
        return Point(x: location.x - bounds.minX, y: location.y - bounds.minY)
    }

    /// [SV-25] A drag in progress ends (`scrollViewDidEndDragging`, not decelerating) and a motion
    /// stops; the point of the zooming view under the centroid is held there from now on.
    private func pinchDidBegin(_ pinch: PinchGestureRecognizer) {
        guard let view = zoomingView else { return }
        if case .dragging = phase {
            phase = .idle
            delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
        } else {
            stopMotion()
        }
        let centroid = fingersCentroid(of: pinch)
        let anchor = view.convert(Point(x: bounds.minX + centroid.x, y: bounds.minY + centroid.y), from: self)
        phase = .pinching(anchor: anchor, startScale: zoomScale, centroid: centroid)
        showIndicators()
        delegate?.scrollViewWillBeginZooming(self, with: view)
        pinchDidMove(pinch)
    }

    /// [SV-25] The scale is the start's times the pinch's (past a limit, with the zoom's rubber band,
    /// or held at it without ``bouncesZoom``); the anchor lies under the centroid, so moving both
    /// fingers also pans. Past an edge the offset follows with the rubber band (held at the edge
    /// without ``ScrollView/bounces``).
    private func pinchDidMove(_ pinch: PinchGestureRecognizer) {
        guard case .pinching(let anchor, let startScale, _) = phase, let view = zoomingView else { return }
        let raw = startScale * pinch.scale
        let scale =
            bouncesZoom
            ? ScrollPhysics.zoomRubberBand(scale: raw, minimum: minimumZoomScale, maximum: maximumZoomScale)
            : clampedZoomScale(raw)
        let centroid = fingersCentroid(of: pinch)
        phase = .pinching(anchor: anchor, startScale: startScale, centroid: centroid)
        let changed = setZoomGeometry(scale: scale, of: view)
        let position = contentPosition(of: anchor, scale: scale, in: view)
        let unbanded = Point(x: position.x - centroid.x, y: position.y - centroid.y)
        let offset =
            bounces
            ? Point(x: bandedOffset(unbanded.x, along: .horizontal), y: bandedOffset(unbanded.y, along: .vertical))
            : clampedContentOffset(unbanded)
        moveOffset(to: offset)
        if changed { delegate?.scrollViewDidZoom(self) }
    }

    /// [SV-25] The fingers lifted: a scale past a limit and content past an edge go back within them
    /// about the last centroid, over ``ScrollPhysics/animationDuration``, and `scrollViewDidEndZooming`
    /// comes when they rest (at once when nothing is past). (The pinch ends when its second finger
    /// lifts; between the two lifts it is frozen, and so is the content.)
    private func pinchDidEnd() {
        guard case .pinching(let anchor, _, let centroid) = phase else { return }
        phase = .idle
        guard let view = zoomingView else {
            indicatorsCameToRest()
            return
        }
        let scale = zoomScale
        let target = clampedZoomScale(scale)
        let offset = restingOffset(showing: anchor, at: centroid, scale: target, in: view)
        let clampedNow = clampedContentOffset(bounds.origin)
        let resting = target == scale ? clampedNow : offset
        guard target == scale, resting == bounds.origin else {
            start(zoomMotion(.zoomBounce, to: target, offset: resting, from: scale, startTime: clock?.now ?? 0))
            return
        }
        delegate?.scrollViewDidEndZooming(self, with: view, atScale: scale)
        if case .idle = phase { indicatorsCameToRest() }
    }
}
