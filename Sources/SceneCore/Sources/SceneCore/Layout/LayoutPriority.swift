/// How strongly a view keeps its intrinsic length on one axis [LY-7]: UIKit's `UILayoutPriority`, with
/// its values. Only ``StackView`` reads priorities (there is no Auto Layout).
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float

    public init(rawValue: Float) { self.rawValue = rawValue }

    public init(_ rawValue: Float) { self.rawValue = rawValue }

    public static let required = LayoutPriority(1000)
    /// Every view's compression resistance.
    public static let defaultHigh = LayoutPriority(750)
    /// Every view's content hugging.
    public static let defaultLow = LayoutPriority(250)
    public static let fittingSizeLevel = LayoutPriority(50)

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}
