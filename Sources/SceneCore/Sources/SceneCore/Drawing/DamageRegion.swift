/// The part of a window that must be redrawn: a short list of rectangles in window coordinates.
///
/// Adding a rectangle keeps the list short and cheap to test against: a rectangle inside another is
/// dropped, overlapping rectangles whose union wastes little area are merged, and above
/// ``maximumRectangleCount`` the two rectangles whose union grows least are merged. The region
/// therefore always covers every rectangle added (it may cover more, never less).
@frozen
public struct DamageRegion: Hashable, Sendable {
    /// The most rectangles kept; more are merged.
    public static let maximumRectangleCount = 8

    /// The rectangles, none empty, none inside another.
    public private(set) var rects: [Rect]

    /// An empty region.
    public init() {
        rects = []
    }

    /// A region of one rectangle (empty when the rectangle is empty or not finite).
    public init(_ rect: Rect) {
        rects = []
        add(rect)
    }

    public var isEmpty: Bool { rects.isEmpty }

    /// The smallest rectangle holding the whole region (``Rect/null`` when empty).
    public var boundingBox: Rect {
        rects.reduce(Rect.null) { $0.union($1) }
    }

    /// The total area of the rectangles (overlaps counted twice; they are rare and small).
    public var area: Double {
        rects.reduce(0) { $0 + $1.width * $1.height }
    }

    /// True when some rectangle of the region shares area with `rect`.
    @inlinable
    public func intersects(_ rect: Rect) -> Bool {
        for candidate in rects where candidate.intersects(rect) { return true }
        return false
    }

    /// True when one rectangle of the region holds all of `rect`.
    public func contains(_ rect: Rect) -> Bool {
        rects.contains { $0.contains(rect) }
    }

    /// Adds `rect` (ignored when empty or not finite).
    public mutating func add(_ rect: Rect) {
        guard !rect.isEmpty, rect.isFinite else { return }
        var pending = Rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
        // Merge with overlapping rectangles while that wastes at most a quarter of the union.
        var index = 0
        while index < rects.count {
            let existing = rects[index]
            if existing.contains(pending) { return }
            if pending.contains(existing) {
                rects.remove(at: index)
                continue
            }
            if existing.intersects(pending) || DamageRegion.touches(existing, pending) {
                let union = existing.union(pending)
                let covered = existing.width * existing.height + pending.width * pending.height
                    - DamageRegion.overlapArea(existing, pending)
                if covered >= union.width * union.height * 0.75 {
                    rects.remove(at: index)
                    pending = union
                    index = 0
                    continue
                }
            }
            index += 1
        }
        rects.append(pending)
        while rects.count > DamageRegion.maximumRectangleCount { mergeCheapestPair() }
    }

    /// Adds every rectangle of `other`.
    public mutating func formUnion(_ other: DamageRegion) {
        for rect in other.rects { add(rect) }
    }

    /// The region clipped to `rect`.
    public func intersection(_ rect: Rect) -> DamageRegion {
        var result = DamageRegion()
        for candidate in rects {
            let part = candidate.intersection(rect)
            if !part.isNull { result.add(part) }
        }
        return result
    }

    /// The region with every rectangle moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> DamageRegion {
        var result = self
        result.rects = rects.map { $0.offsetBy(dx: dx, dy: dy) }
        return result
    }

    /// Removes everything.
    public mutating func removeAll() {
        rects.removeAll(keepingCapacity: true)
    }

    private mutating func mergeCheapestPair() {
        var best = (0, 1)
        var bestGrowth = Double.infinity
        for i in 0..<rects.count {
            for j in (i + 1)..<rects.count {
                let union = rects[i].union(rects[j])
                let growth = union.width * union.height - rects[i].width * rects[i].height - rects[j].width * rects[j].height
                if growth < bestGrowth {
                    bestGrowth = growth
                    best = (i, j)
                }
            }
        }
        let merged = rects[best.0].union(rects[best.1])
        rects.remove(at: best.1)
        rects.remove(at: best.0)
        add(merged)
    }

    private static func overlapArea(_ a: Rect, _ b: Rect) -> Double {
        let part = a.intersection(b)
        return part.isNull ? 0 : part.width * part.height
    }

    /// True when the rectangles share an edge segment (adjacent, no gap).
    private static func touches(_ a: Rect, _ b: Rect) -> Bool {
        let sideBySide = (a.maxX == b.minX || b.maxX == a.minX) && a.minY < b.maxY && b.minY < a.maxY
        let stacked = (a.maxY == b.minY || b.maxY == a.minY) && a.minX < b.maxX && b.minX < a.maxX
        return sideBySide || stacked
    }
}
