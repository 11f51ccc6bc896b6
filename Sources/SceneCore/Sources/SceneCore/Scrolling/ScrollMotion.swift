/// A scroll view's offset moving by itself: one ``ScrollAxisMotion`` per axis from a start time on
/// the application's clock [SV-5 … SV-9], and one for the zoom scale when it zooms [SV-25]. A value:
/// the view keeps it in its ``ScrollViewPhase`` and samples it at each frame; the offset at clock
/// time `t` is `offset(at: t)` whatever frames came before.
struct ScrollMotion: Hashable, Sendable {
    /// Why the offset moves: what the delegate hears when it stops.
    enum Kind: Hashable, Sendable {
        /// After a drag: `scrollViewWillBeginDecelerating` … `scrollViewDidEndDecelerating` [SV-10].
        case deceleration
        /// `setContentOffset(_:animated: true)`: … `scrollViewDidEndScrollingAnimation` [SV-9].
        case animation
        /// A pinch ended past a zoom limit or with the content past an edge: back within them, then
        /// `scrollViewDidEndZooming` [SV-25].
        case zoomBounce
        /// `setZoomScale(_:animated: true)` or `zoom(to:animated: true)`: … `scrollViewDidEndZooming`
        /// [SV-25].
        case zoomAnimation
    }

    var kind: Kind
    var x: ScrollAxisMotion
    var y: ScrollAxisMotion
    /// The zoom scale's motion; nil when the scale does not change.
    var scale: ScrollAxisMotion?
    /// Clock time of the start.
    var startTime: Double

    init(kind: Kind, x: ScrollAxisMotion, y: ScrollAxisMotion, scale: ScrollAxisMotion? = nil, startTime: Double) {
        self.kind = kind
        self.x = x
        self.y = y
        self.scale = scale
        self.startTime = startTime
    }

    /// Clock time at which both axes (and the scale) are at rest.
    var endTime: Double { startTime + Swift.max(x.duration, y.duration, scale?.duration ?? 0) }

    /// Where both axes end.
    var finalOffset: Point { Point(x: x.finalPosition, y: y.finalPosition) }

    /// The offset at clock time `time`.
    func offset(at time: Double) -> Point {
        let elapsed = time - startTime
        return Point(x: x.position(at: elapsed), y: y.position(at: elapsed))
    }

    /// The zoom scale at clock time `time`; nil when the motion does not zoom.
    func zoomScale(at time: Double) -> Double? {
        scale?.position(at: time - startTime)
    }

    /// The velocity, points per second, at clock time `time`.
    func velocity(at time: Double) -> Point {
        let elapsed = time - startTime
        return Point(x: x.velocity(at: elapsed), y: y.velocity(at: elapsed))
    }
}
