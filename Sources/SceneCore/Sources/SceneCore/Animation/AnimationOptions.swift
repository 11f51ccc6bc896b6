/// How a ``View/animate(withDuration:delay:options:animations:completion:)`` animation runs:
/// UIKit's `UIView.AnimationOptions`, with its bit values.
///
/// The timing curve is a two-bit field (bits 16–17): no curve option is ``curveEaseInOut``, UIKit's
/// default.
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Touches may hit the animated views while they animate [HT-10]; without it they are not hit.
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// A property that is animating starts its new animation from where it is drawn now (its
    /// presentation value) instead of from its model value [AN-3].
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// Slow at both ends (the default; the value 0).
    public static let curveEaseInOut = AnimationOptions([])
    /// Slow at the start.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Slow at the end.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// Constant speed.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    /// The curve the options name [AN-1].
    public var timingCurve: TimingCurve {
        switch (rawValue >> 16) & 3 {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInOut
        }
    }
}
