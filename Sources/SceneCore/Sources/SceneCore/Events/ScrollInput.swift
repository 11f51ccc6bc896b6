/// One scroll sample from the host's pointing device [SV-17].
///
/// `delta` is how far the sample asks the content to move, in points, in the content offset's sense
/// (as a DOM `WheelEvent`'s deltaX/deltaY): positive y scrolls down, towards the end of the content.
public enum ScrollInput: Hashable, Sendable {
    /// One wheel step of `delta` points.
    case discrete(delta: Point)
    /// A trackpad gesture's phase; `changed` carries the movement since the previous sample.
    case continuous(ScrollPhase, delta: Point)
    /// The system's momentum after a trackpad gesture. SceneCore's scroll views coast by their own
    /// physics [SV-5], so the target of the gesture absorbs these samples [SV-20].
    case momentum(ScrollPhase, delta: Point)

    /// The kind of device that produced the sample.
    public var type: ScrollType {
        switch self {
        case .discrete: .discrete
        case .continuous, .momentum: .continuous
        }
    }

    /// The movement the sample carries.
    public var delta: Point {
        switch self {
        case .discrete(let delta), .continuous(_, let delta), .momentum(_, let delta): delta
        }
    }
}
