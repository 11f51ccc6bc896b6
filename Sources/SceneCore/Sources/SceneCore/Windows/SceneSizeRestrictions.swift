/// The sizes a scene may take: UIKit's `UISceneSizeRestrictions` [LY-11]. A scene's size stays within
/// them whoever resizes it (the host's configuration, a desktop window's edge, `Scene1.Resize`).
public struct SceneSizeRestrictions: Hashable, Sendable, CustomStringConvertible {
    /// The smallest width and height; each at least 0.
    public var minimumSize: Size
    /// The largest width and height; `.infinity` in a dimension leaves it unbounded.
    public var maximumSize: Size

    /// No restriction: from 0 to unbounded.
    public static let none = SceneSizeRestrictions(
        minimumSize: .zero, maximumSize: Size(width: .infinity, height: .infinity))

    /// Restrictions as given; ``WindowScene/sizeRestrictions`` normalises what it is set to.
    public init(minimumSize: Size, maximumSize: Size) {
        self.minimumSize = minimumSize
        self.maximumSize = maximumSize
    }

    /// The same restrictions with every value usable: a minimum that is negative or not a number
    /// counts as 0 (an infinite one as 0 too: nothing could meet it), a maximum that is not a number
    /// as unbounded, and a maximum below its minimum as that minimum.
    public var normalized: SceneSizeRestrictions {
        func minimum(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }
        func maximum(_ value: Double, atLeast floor: Double) -> Double { value.isNaN ? .infinity : Swift.max(value, floor) }
        let width = minimum(minimumSize.width), height = minimum(minimumSize.height)
        return SceneSizeRestrictions(
            minimumSize: Size(width: width, height: height),
            maximumSize: Size(width: maximum(maximumSize.width, atLeast: width), height: maximum(maximumSize.height, atLeast: height)))
    }

    /// Whether `size` is within the restrictions (bounds included).
    public func contains(_ size: Size) -> Bool {
        size.width >= minimumSize.width && size.width <= maximumSize.width
            && size.height >= minimumSize.height && size.height <= maximumSize.height
    }

    /// The size nearest to `size` within the restrictions: each dimension clamped on its own.
    public func clamp(_ size: Size) -> Size {
        Size(
            width: Swift.min(Swift.max(size.width, minimumSize.width), maximumSize.width),
            height: Swift.min(Swift.max(size.height, minimumSize.height), maximumSize.height))
    }

    /// Whether a desktop window can be resized at all: the minimum and the maximum differ somewhere.
    public var allowsResizing: Bool { minimumSize != maximumSize }

    /// `320×480…unbounded`, `320×480…1024×768`.
    public var description: String {
        let maximum = maximumSize.width.isInfinite && maximumSize.height.isInfinite ? "unbounded" : "\(maximumSize)"
        return "\(minimumSize)…\(maximum)"
    }
}
