/// How a view's frame follows its superview's size [LY-3]: UIKit's `UIView.AutoresizingMask`, with
/// its raw values. Empty (the default): the frame keeps its origin and size.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The space between the superview's left edge and the view may change.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The view's width may change.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The space between the view and the superview's right edge may change.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The space between the superview's top edge and the view may change.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The view's height may change.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The space between the view and the superview's bottom edge may change.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    /// `frame`, in a superview whose bounds were `oldSize`, after they became `newSize` [LY-3]. On each
    /// axis the change is shared among the flexible parts of that axis (the leading margin, the
    /// length, the trailing margin) in proportion to their sizes before the change, or equally when
    /// those sizes are all zero; an axis with no flexible part keeps its origin and length. A length
    /// never goes below zero. A pure function of its arguments.
    public func resized(_ frame: Rect, from oldSize: Size, to newSize: Size) -> Rect {
        let horizontal = Self.axis(
            origin: frame.minX, length: frame.width, container: oldSize.width, change: newSize.width - oldSize.width,
            leading: contains(.flexibleLeftMargin), length: contains(.flexibleWidth), trailing: contains(.flexibleRightMargin))
        let vertical = Self.axis(
            origin: frame.minY, length: frame.height, container: oldSize.height, change: newSize.height - oldSize.height,
            leading: contains(.flexibleTopMargin), length: contains(.flexibleHeight), trailing: contains(.flexibleBottomMargin))
        return Rect(x: horizontal.origin, y: vertical.origin, width: horizontal.length, height: vertical.length)
    }

    /// One axis of ``resized(_:from:to:)``, without allocating (it runs for every masked subview of
    /// every resized view; `AutoresizingMaskTests` compares it with the plain formula on random frames).
    static func axis(
        origin: Double, length: Double, container: Double, change: Double, leading: Bool, length flexibleLength: Bool, trailing: Bool
    ) -> (origin: Double, length: Double) {
        let count = (leading ? 1 : 0) + (flexibleLength ? 1 : 0) + (trailing ? 1 : 0)
        guard change != 0, change.isFinite, count > 0 else { return (origin, length) }
        let leadingSize = leading ? Swift.max(0, origin) : 0
        let lengthSize = flexibleLength ? Swift.max(0, length) : 0
        let trailingSize = trailing ? Swift.max(0, container - origin - length) : 0
        let total = leadingSize + lengthSize + trailingSize
        func share(_ flexible: Bool, _ size: Double) -> Double {
            guard flexible else { return 0 }
            return total > 0 ? change * size / total : change / Double(count)
        }
        return (origin + share(leading, leadingSize), Swift.max(0, length + share(flexibleLength, lengthSize)))
    }
}
