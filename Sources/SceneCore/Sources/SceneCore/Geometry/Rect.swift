/// An axis-aligned rectangle: an origin and a size, in points.
///
/// Containment is half-open, as for `CGRect` [HT-4]: a point is inside when
/// `minX ≤ x < maxX` and `minY ≤ y < maxY`. Rectangles with a negative width or height are
/// standardized by every query (`minX`, `maxX`, `contains`, …); the stored values are kept as given.
@frozen
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// A rectangle that contains no point at all, not even its origin.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    @inlinable public var width: Double { abs(size.width) }
    @inlinable public var height: Double { abs(size.height) }
    @inlinable public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    @inlinable public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    @inlinable public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    @inlinable public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
    @inlinable public var midX: Double { minX + width / 2 }
    @inlinable public var midY: Double { minY + height / 2 }
    @inlinable public var center: Point { Point(x: midX, y: midY) }

    /// True when the rectangle has no area.
    @inlinable public var isEmpty: Bool { size.width == 0 || size.height == 0 || !origin.isFinite }

    /// True when every component is finite.
    @inlinable public var isFinite: Bool { origin.isFinite && size.width.isFinite && size.height.isFinite }

    /// Half-open containment [HT-4]: the left and top edges are inside, the right and bottom edges are not.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// True when `other` lies entirely inside this rectangle.
    @inlinable
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// True when the two rectangles share some area.
    @inlinable
    public func intersects(_ other: Rect) -> Bool {
        other.minX < maxX && minX < other.maxX && other.minY < maxY && minY < other.maxY
    }

    /// The rectangle grown (negative values) or shrunk (positive values) by `dx` on the left and right
    /// and by `dy` on the top and bottom.
    @inlinable
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The rectangle with each edge moved inwards by the matching inset.
    @inlinable
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.left,
            y: minY + insets.top,
            width: width - insets.left - insets.right,
            height: height - insets.top - insets.bottom
        )
    }

    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The smallest rectangle that contains both. ``null`` contains nothing: `r.union(.null) == r`.
    @inlinable
    public func union(_ other: Rect) -> Rect {
        if !origin.isFinite { return other }
        if !other.origin.isFinite { return self }
        let x0 = Swift.min(minX, other.minX)
        let y0 = Swift.min(minY, other.minY)
        return Rect(x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0, height: Swift.max(maxY, other.maxY) - y0)
    }

    /// The area both rectangles cover; ``null`` when they share none (touching edges share none).
    @inlinable
    public func intersection(_ other: Rect) -> Rect {
        let x0 = Swift.max(minX, other.minX)
        let y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX)
        let y1 = Swift.min(maxY, other.maxY)
        guard x0 < x1, y0 < y1 else { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True for ``null`` (the result of an empty intersection).
    @inlinable
    public var isNull: Bool { !origin.isFinite }

    /// The bounding box of the rectangle's four corners after `transform`.
    public func applying(_ transform: AffineTransform) -> Rect {
        if transform.isIdentity { return self }
        let (x0, y0, x1, y1) = (minX, minY, maxX, maxY)
        // Each output coordinate is linear in x and y, so its extremes come from the extreme inputs.
        let ax0 = transform.a * x0, ax1 = transform.a * x1, cy0 = transform.c * y0, cy1 = transform.c * y1
        let bx0 = transform.b * x0, bx1 = transform.b * x1, dy0 = transform.d * y0, dy1 = transform.d * y1
        let left = Swift.min(ax0, ax1) + Swift.min(cy0, cy1) + transform.tx
        let right = Swift.max(ax0, ax1) + Swift.max(cy0, cy1) + transform.tx
        let top = Swift.min(bx0, bx1) + Swift.min(dy0, dy1) + transform.ty
        let bottom = Swift.max(bx0, bx1) + Swift.max(dy0, dy1) + transform.ty
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension Rect: CustomStringConvertible {
    public var description: String {
        "(\(origin.x.compactDescription), \(origin.y.compactDescription), "
            + "\(size.width.compactDescription), \(size.height.compactDescription))"
    }
}
