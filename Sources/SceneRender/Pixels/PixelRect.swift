import SceneCore

/// A rectangle of whole pixels in an image: columns `x ..< x + width`, rows `y ..< y + height`.
@frozen
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    // A public member-wise initializer, spelled out as Swift requires (`duplicates` pairs it, by shape
    // only, with other public value types').
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }

    /// The smallest pixel rectangle holding `rect` (in points, `origin` at pixel (0, 0)) at `scale`,
    /// cut to `limit`.
    init(covering rect: Rect, origin: Point, scale: Double, limit: PixelRect) {
        guard rect.isFinite, !rect.isEmpty else {
            self.init(x: limit.x, y: limit.y, width: 0, height: 0)
            return
        }
        // Clamped to the limit while still in floating point: a finite rectangle far beyond it (a
        // window resized to 1e300 points) has no Int pixel coordinates.
        func pixel(_ value: Double, _ low: Int, _ high: Int) -> Int {
            guard !value.isNaN else { return low }
            return Int(Swift.min(Double(high), Swift.max(Double(low), value)))
        }
        let right = limit.x + limit.width, bottom = limit.y + limit.height
        let left = pixel(((rect.minX - origin.x) * scale).rounded(.down), limit.x, right)
        let top = pixel(((rect.minY - origin.y) * scale).rounded(.down), limit.y, bottom)
        let x1 = pixel(((rect.maxX - origin.x) * scale).rounded(.up), limit.x, right)
        let y1 = pixel(((rect.maxY - origin.y) * scale).rounded(.up), limit.y, bottom)
        self.init(x: left, y: top, width: Swift.max(0, x1 - left), height: Swift.max(0, y1 - top))
    }

    /// The largest pixel rectangle wholly inside `rect` (in points, `origin` at pixel (0, 0)) at
    /// `scale`, cut to `limit`; empty when no whole pixel is.
    init(inside rect: Rect, origin: Point, scale: Double, limit: PixelRect) {
        let outer = PixelRect(covering: rect, origin: origin, scale: scale, limit: limit)
        guard !outer.isEmpty else {
            self = outer
            return
        }
        // Each edge of the covering rectangle moves in by one pixel where `rect` only partly covers it.
        let left = (rect.minX - origin.x) * scale, top = (rect.minY - origin.y) * scale
        let right = (rect.maxX - origin.x) * scale, bottom = (rect.maxY - origin.y) * scale
        let x0 = outer.x + (Double(outer.x) < left ? 1 : 0)
        let y0 = outer.y + (Double(outer.y) < top ? 1 : 0)
        let x1 = outer.x + outer.width - (Double(outer.x + outer.width) > right ? 1 : 0)
        let y1 = outer.y + outer.height - (Double(outer.y + outer.height) > bottom ? 1 : 0)
        self.init(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
    }

    /// The rectangle moved by (`dx`, `dy`) pixels.
    func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The pixels in both (empty when none).
    func intersection(_ other: PixelRect) -> PixelRect {
        let left = Swift.max(x, other.x), top = Swift.max(y, other.y)
        let right = Swift.min(x + width, other.x + other.width), bottom = Swift.min(y + height, other.y + other.height)
        guard left < right, top < bottom else { return PixelRect(x: left, y: top, width: 0, height: 0) }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The pixels of this rectangle outside `other`, as at most four rectangles (the full-width bands
    /// above and below it, then the parts left and right of it).
    func subtracting(_ other: PixelRect) -> [PixelRect] {
        let cut = intersection(other)
        guard !cut.isEmpty else { return isEmpty ? [] : [self] }
        let parts = [
            PixelRect(x: x, y: y, width: width, height: cut.y - y),
            PixelRect(x: x, y: cut.y + cut.height, width: width, height: y + height - cut.y - cut.height),
            PixelRect(x: x, y: cut.y, width: cut.x - x, height: cut.height),
            PixelRect(x: cut.x + cut.width, y: cut.y, width: x + width - cut.x - cut.width, height: cut.height),
        ]
        return parts.filter { !$0.isEmpty }
    }

    /// The rectangle in points (`origin` at pixel (0, 0)) at `scale`.
    func rect(origin: Point, scale: Double) -> Rect {
        Rect(
            x: Double(x) / scale + origin.x, y: Double(y) / scale + origin.y, width: Double(width) / scale,
            height: Double(height) / scale)
    }

    /// The smallest rectangle holding both (an empty one holds nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = Swift.min(x, other.x), top = Swift.min(y, other.y)
        let right = Swift.max(x + width, other.x + other.width), bottom = Swift.max(y + height, other.y + other.height)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public var description: String { "\(width)×\(height)+\(x)+\(y)" }
}
