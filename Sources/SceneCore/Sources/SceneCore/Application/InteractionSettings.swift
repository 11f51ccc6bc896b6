/// The thresholds one application uses, starting from ``InteractionDefaults``. The host may change
/// them from its configuration before scenes connect; recognizers created afterwards take their
/// defaults from here, so changing a value affects recognizers created later.
public struct InteractionSettings: Sendable, Equatable {
    /// How many times a new touch is hit-tested, 1 or 2 [HQ-3]. The touch binds to the last result.
    public var hitTestPasses: Int = InteractionDefaults.hitTestPasses {
        didSet { hitTestPasses = Swift.min(2, Swift.max(1, hitTestPasses)) }
    }
    public var tapCountInterval: Double = InteractionDefaults.tapCountInterval
    public var tapCountRadius: Double = InteractionDefaults.tapCountRadius
    public var tapMaximumPressDuration: Double = InteractionDefaults.tapMaximumPressDuration
    public var tapMaximumInterval: Double = InteractionDefaults.tapMaximumInterval
    public var tapAllowableMovement: Double = InteractionDefaults.tapAllowableMovement
    public var longPressMinimumDuration: Double = InteractionDefaults.longPressMinimumDuration
    public var longPressAllowableMovement: Double = InteractionDefaults.longPressAllowableMovement
    public var panHysteresis: Double = InteractionDefaults.panHysteresis
    public var swipeMinimumDistance: Double = InteractionDefaults.swipeMinimumDistance
    public var swipeMaximumDuration: Double = InteractionDefaults.swipeMaximumDuration
    public var pinchBeginSlop: Double = InteractionDefaults.pinchBeginSlop
    public var rotationBeginSlop: Double = InteractionDefaults.rotationBeginSlop
    public var controlTrackingSlop: Double = InteractionDefaults.controlTrackingSlop
    public var maximumShakeDuration: Double = InteractionDefaults.maximumShakeDuration

    public init() {}
}
