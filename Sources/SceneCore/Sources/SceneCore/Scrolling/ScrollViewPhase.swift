/// What a scroll view's offset is doing: the state of its scrolling state machine [SV-3 … SV-10,
/// SV-25].
///
///     idle ──pan began──▶ dragging ──pan ended, will move──▶ moving(.deceleration) ──at rest──▶ idle
///       │                    └──pan ended, at rest────────────────────────────────────────▶ idle
///       ├──setContentOffset(animated: true)──▶ moving(.animation) ──at rest──▶ idle
///       ├──setZoomScale / zoom(to:) animated──▶ moving(.zoomAnimation) ──at rest──▶ idle
///       └──pinch began (ends a drag)──▶ pinching ──pinch ended, within the limits──▶ idle
///                                          └──past a limit or an edge──▶ moving(.zoomBounce) ──▶ idle
///     moving ──a finger touches down, or the offset is set──▶ idle (stopped where it is)
enum ScrollViewPhase: Hashable, Sendable {
    case idle
    /// A finger drags the content. `origin` is the offset (without the rubber band) when the drag
    /// began; `lockedAxis` the only axis that moves, when the direction lock chose one [SV-4].
    case dragging(origin: Point, lockedAxis: ScrollAxis?)
    /// Two fingers pinch the content [SV-25]. `anchor` is the point of the zooming view (its own
    /// coordinates) that stays under the fingers' centroid; `startScale` the zoom scale when the pinch
    /// began, which the pinch's scale multiplies; `centroid` where the fingers were last, from the
    /// view's top-left corner (a bounce at the end shrinks or grows about it).
    case pinching(anchor: Point, startScale: Double, centroid: Point)
    /// The offset follows `motion`.
    case moving(ScrollMotion)
}
