public import SceneCore

/// Where a strict tap on a view would land.
@MainActor
public enum TapTarget {
    /// The centre of its visible part (window coordinates) reaches it.
    case ready(window: Window, point: Point)
    /// Nothing of it is visible.
    case notVisible
    /// A disabled control, or an ancestor turned interaction off.
    case notEnabled
    /// A touch at `point` would reach `hit` (nil: no view at all) instead.
    case intercepted(point: Point, hit: View?)
}
