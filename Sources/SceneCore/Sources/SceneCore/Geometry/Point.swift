/// A location in a two-dimensional coordinate space, in points.
///
/// The y axis points down, as in UIKit: a larger `y` is lower on the screen. Which space a point is
/// in (screen, window or a view's bounds) is always stated by the API that takes or returns it.
@frozen
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// True when both coordinates are finite (neither NaN nor infinite).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Straight-line distance to `other`.
    @inlinable
    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The point with `transform` applied (`x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`).
    @inlinable
    public func applying(_ transform: AffineTransform) -> Point {
        Point(
            x: transform.a * x + transform.c * y + transform.tx,
            y: transform.b * x + transform.d * y + transform.ty
        )
    }

    @inlinable
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }

    @inlinable
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
}

extension Point: CustomStringConvertible {
    public var description: String { "(\(x.compactDescription), \(y.compactDescription))" }
}

extension Double {
    /// `12` instead of `12.0`; the full value otherwise. Used by descriptions and logs.
    public var compactDescription: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return String(self)
    }
}
