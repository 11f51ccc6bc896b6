/// The thresholds of the event model (docs/behaviour.md §0), with units. Each value marked
/// "our choice" there is not knowable from public material; it is a named constant here so that a host
/// can change it through ``InteractionSettings``.
public enum InteractionDefaults {
    /// A view with `alpha` at or below this is not hit (`HIT_MIN_ALPHA`, [HT-2]).
    public static let hitMinimumAlpha: Double = 0.01
    /// Seconds from the previous touch's end to a new touch's begin for `tapCount` to grow
    /// (`TAP_COUNT_INTERVAL`, [TD-4], CHOICE).
    public static let tapCountInterval: Double = 0.35
    /// Points between the previous touch's end and a new touch's begin for `tapCount` to grow
    /// (`TAP_COUNT_RADIUS`, [TD-4], CHOICE).
    public static let tapCountRadius: Double = 45
    /// Longest press, in seconds, that still counts as a tap (`TAP_MAX_PRESS`, [GR-13]).
    public static let tapMaximumPressDuration: Double = 0.75
    /// Longest wait, in seconds, for the next tap of a multi-tap (`TAP_MAX_INTERVAL`, [GR-13]).
    public static let tapMaximumInterval: Double = 0.35
    /// Points a tap's touch may move and still be a tap (`TAP_ALLOWABLE_MOVEMENT`, [GR-13], CHOICE).
    public static let tapAllowableMovement: Double = 10
    /// Seconds a long press must be held (`LONG_PRESS_MIN_DURATION`, [GR-14]).
    public static let longPressMinimumDuration: Double = 0.5
    /// Points a long press may move before it begins (`LONG_PRESS_ALLOWABLE_MOVEMENT`, [GR-14]).
    public static let longPressAllowableMovement: Double = 10
    /// Points the touches' centroid must travel before a pan begins (`PAN_HYSTERESIS`, [GR-15], CHOICE).
    public static let panHysteresis: Double = 10
    /// Points a swipe must travel (`SWIPE_MIN_DISTANCE`, [GR-16]).
    public static let swipeMinimumDistance: Double = 50
    /// Seconds within which a swipe must travel that far (`SWIPE_MAX_DURATION`, [GR-16]).
    public static let swipeMaximumDuration: Double = 0.5
    /// Points the finger distance must change before a pinch begins (`PINCH_BEGIN_SLOP`, [GR-17], CHOICE).
    public static let pinchBeginSlop: Double = 5
    /// Radians the finger angle must change before a rotation begins (`ROTATION_BEGIN_SLOP`, [GR-18], CHOICE).
    public static let rotationBeginSlop: Double = 0.05
    /// Points around a control's bounds within which a tracked touch still counts as inside
    /// (`CONTROL_TRACKING_SLOP`, [UC-3], OBS).
    public static let controlTrackingSlop: Double = 70
    /// How many times a new touch is hit-tested (`HIT_TEST_PASSES`, [HQ-3]): 1 reproduces seed 000, 2 seed 003.
    public static let hitTestPasses: Int = 1
    /// Seconds a scroll view holds a content view's `touchesBegan` back with `delaysContentTouches`
    /// ([SV-12], observed: UIKit does not document it).
    public static let scrollContentTouchDelay: Double = 0.15
    /// Points one step of a desktop mouse wheel scrolls (`WHEEL_STEP`, [SV-22], CHOICE): SDL reports a
    /// notch as 1 and a high-resolution wheel's or a touchpad's movement as fractions of one.
    public static let wheelStepDistance: Double = 40
    /// Seconds after which a shake that has not ended is cancelled ([FR-8], CHOICE).
    public static let maximumShakeDuration: Double = 5
    /// Seconds of samples used to compute gesture velocities (CHOICE).
    public static let velocitySampleWindow: Double = 0.1
    /// The fraction of a slider's range one arrow key (or an assistive tool's increment) moves it
    /// ([KB-3], CHOICE: UIKit's VoiceOver step).
    public static let sliderStepFraction: Double = 0.1
}
