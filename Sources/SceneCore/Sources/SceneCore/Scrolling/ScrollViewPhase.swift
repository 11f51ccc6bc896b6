/// What a scroll view's offset is doing: the state of its scrolling state machine [SV-3 … SV-10].
///
///     idle ──pan began──▶ dragging ──pan ended, will move──▶ moving(.deceleration) ──at rest──▶ idle
///       │                    └──pan ended, at rest────────────────────────────────────────▶ idle
///       └──setContentOffset(animated: true)──▶ moving(.animation) ──at rest──▶ idle
///     moving ──a finger touches down, or the offset is set──▶ idle (stopped where it is)
enum ScrollViewPhase: Hashable, Sendable {
    case idle
    /// A finger drags the content. `origin` is the offset (without the rubber band) when the drag
    /// began; `lockedAxis` the only axis that moves, when the direction lock chose one [SV-4].
    case dragging(origin: Point, lockedAxis: ScrollAxis?)
    /// The offset follows `motion`.
    case moving(ScrollMotion)
}
