/// The application-wide thresholds one application uses, starting from ``InteractionDefaults``.
/// The host may change them from its configuration; they take effect at the next event.
///
/// Gesture thresholds are per recognizer instead (``TapGestureRecognizer/allowableMovement``,
/// ``PanGestureRecognizer/hysteresis``, …), defaulting to the same ``InteractionDefaults``.
public struct InteractionSettings: Sendable, Equatable {
    /// How many times a new touch is hit-tested, 1 or 2 [HQ-3]. The touch binds to the last result.
    public var hitTestPasses: Int = InteractionDefaults.hitTestPasses {
        didSet { hitTestPasses = Swift.min(2, Swift.max(1, hitTestPasses)) }
    }
    /// Seconds between a touch's end and the next touch's begin for `tapCount` to grow [TD-4].
    public var tapCountInterval: Double = InteractionDefaults.tapCountInterval
    /// Points between a touch's end and the next touch's begin for `tapCount` to grow [TD-4].
    public var tapCountRadius: Double = InteractionDefaults.tapCountRadius
    /// Points around a control's bounds that still count as inside while tracking [UC-3].
    public var controlTrackingSlop: Double = InteractionDefaults.controlTrackingSlop
    /// Points one desktop wheel step scrolls [SV-22]; greater than 0 (the host's configuration checks).
    public var wheelStepDistance: Double = InteractionDefaults.wheelStepDistance
    /// Seconds after which an unfinished shake is cancelled [FR-8].
    public var maximumShakeDuration: Double = InteractionDefaults.maximumShakeDuration

    public init() {}
}
