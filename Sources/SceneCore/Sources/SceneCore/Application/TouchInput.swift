/// One change in a multi-finger input frame for ``Application/dispatch(_:timestamp:)``.
/// Locations are in screen coordinates.
@MainActor
public enum TouchInput {
    /// A finger goes down: hit-tested, bound to a window and view [HT-1].
    case down(Point)
    /// A finger that is down moves.
    case move(Touch, to: Point)
    /// A finger lifts, optionally at a final location.
    case up(Touch, at: Point?)
    /// The input system cancels a finger.
    case cancel(Touch)
}
