/// Where the trackpad scroll gesture in progress goes: the application's routing state for continuous
/// scroll events [SV-18, SV-20]. A gesture is latched to the recognizer its first movement found, as
/// on iPadOS, and keeps it until it ends, wherever the pointer then is.
///
///     idle ──began──▶ awaitingMovement ──a movement some recognizer takes──▶ scrolling
///       ▲                   │ ended, cancelled                                 │ ended ▶ coasting
///       │                   ▼                                                  │ cancelled ▶ idle
///       └───────────── idle ◀── momentum ended or cancelled, or a new began ── coasting
@MainActor
enum ScrollLatch {
    /// No trackpad gesture.
    case idle
    /// The fingers touched the trackpad over `window` at `point` (window coordinates); no movement
    /// has chosen a target yet.
    case awaitingMovement(window: Window, point: Point)
    /// The gesture drives `recognizer`; its events go to `window`.
    case scrolling(PanGestureRecognizer, window: Window, point: Point)
    /// The fingers lifted: the target coasts by its own physics [SV-5] and the system's momentum
    /// samples are absorbed until the momentum ends.
    case coasting
}
