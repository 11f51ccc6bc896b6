/// How quickly a scroll view slows down after a flick: the factor its velocity keeps per millisecond
/// [SV-5]. UIKit's `UIScrollView.DecelerationRate`.
///
/// `.normal` (0.998) keeps 0.998¹⁰⁰⁰ ≈ 13.5 % of the speed after one second; `.fast` (0.99) almost
/// none. A flick coasts `velocity / 1000 · rate / (1 − rate)` points (``ScrollPhysics/projectedDistance(velocity:rate:)``).
public struct DecelerationRate: Hashable, Sendable {
    /// The factor per millisecond, in [0.5, 0.9999]: a constant, so that no rate can skip the
    /// initializer's clamp.
    public let rawValue: Double

    /// A rate of `rawValue` per millisecond, clamped into [0.5, 0.9999] so that a flick always stops.
    public init(rawValue: Double) {
        self.rawValue = rawValue.isFinite ? Swift.min(0.9999, Swift.max(0.5, rawValue)) : 0.998
    }

    /// 0.998 per millisecond, the default.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// 0.99 per millisecond.
    public static let fast = DecelerationRate(rawValue: 0.99)
}
