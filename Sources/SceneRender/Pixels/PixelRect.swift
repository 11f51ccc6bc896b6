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
        let x0 = Int(((rect.minX - origin.x) * scale).rounded(.down))
        let y0 = Int(((rect.minY - origin.y) * scale).rounded(.down))
        let x1 = Int(((rect.maxX - origin.x) * scale).rounded(.up))
        let y1 = Int(((rect.maxY - origin.y) * scale).rounded(.up))
        let left = Swift.max(x0, limit.x), top = Swift.max(y0, limit.y)
        let right = Swift.min(x1, limit.x + limit.width), bottom = Swift.min(y1, limit.y + limit.height)
        self.init(x: left, y: top, width: Swift.max(0, right - left), height: Swift.max(0, bottom - top))
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
