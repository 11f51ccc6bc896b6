/// A scroll view's offset moving by itself: one ``ScrollAxisMotion`` per axis from a start time on
/// the application's clock [SV-5 … SV-9]. A value: the view keeps it in its ``ScrollViewPhase`` and
/// samples it at each frame; the offset at clock time `t` is `offset(at: t)` whatever frames came before.
struct ScrollMotion: Hashable, Sendable {
    /// Why the offset moves: what the delegate hears when it stops.
    enum Kind: Hashable, Sendable {
        /// After a drag: `scrollViewWillBeginDecelerating` … `scrollViewDidEndDecelerating` [SV-10].
        case deceleration
        /// `setContentOffset(_:animated: true)`: … `scrollViewDidEndScrollingAnimation` [SV-9].
        case animation
    }

    var kind: Kind
    var x: ScrollAxisMotion
    var y: ScrollAxisMotion
    /// Clock time of the start.
    var startTime: Double

    /// Clock time at which both axes are at rest.
    var endTime: Double { startTime + Swift.max(x.duration, y.duration) }

    /// Where both axes end.
    var finalOffset: Point { Point(x: x.finalPosition, y: y.finalPosition) }

    /// The offset at clock time `time`.
    func offset(at time: Double) -> Point {
        let elapsed = time - startTime
        return Point(x: x.position(at: elapsed), y: y.position(at: elapsed))
    }

    /// The velocity, points per second, at clock time `time`.
    func velocity(at time: Double) -> Point {
        let elapsed = time - startTime
        return Point(x: x.velocity(at: elapsed), y: y.velocity(at: elapsed))
    }
}
