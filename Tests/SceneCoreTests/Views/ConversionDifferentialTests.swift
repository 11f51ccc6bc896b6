@testable import SceneCore
import TestSupport
import Testing

/// `convert(_:to:)` and `convert(_:from:)` for rectangles and points, which allocate nothing now,
/// against the conversion as it was written before (below: the corners in an array, their `min()`
/// and `max()`, the ancestors collected in an array on the way down), bit for bit, on the random
/// trees of the hit-test differential tests: scrolled bounds, rotations, scales, singular and
/// non-finite transforms, windows off the screen's origin and windows nested in views; rectangles
/// with zero, negative and non-finite sizes.
@MainActor
@Suite("Converting between views: the allocation-free conversion against the one before it, bit for bit")
struct ConversionDifferentialTests {
    static let filter = "ConversionDifferentialTests"

    // MARK: The reference: the conversion as it was

    private static func referenceConvert(_ rect: Rect, from source: View, to target: View?) -> Rect {
        boundingBox(of: rect) { referenceConvert($0, from: source, to: target) }
    }

    private static func referenceConvert(_ rect: Rect, to target: View, from source: View?) -> Rect {
        boundingBox(of: rect) { referenceConvert($0, to: target, from: source) }
    }

    private static func referenceConvert(_ point: Point, from source: View, to target: View?) -> Point {
        let outer = source.pointInTopSpace(point)
        guard let target else {
            if let window = source.window { return fromTopSpace(outer, to: window) }
            return source.rootAncestor.convertFromSuperview(outer) ?? outer
        }
        return fromTopSpace(outer, to: target)
    }

    private static func referenceConvert(_ point: Point, to target: View, from source: View?) -> Point {
        let outer: Point
        if let source {
            outer = source.pointInTopSpace(point)
        } else if let window = target.window {
            outer = window.convertToSuperview(point)
        } else {
            outer = target.rootAncestor.convertToSuperview(point)
        }
        return fromTopSpace(outer, to: target)
    }

    private static func fromTopSpace(_ point: Point, to view: View) -> Point {
        var chain: [View] = []
        var node: View? = view
        while let current = node {
            chain.append(current)
            node = current.superview
        }
        var p = point
        for view in chain.reversed() {
            p = view.convertFromSuperview(p) ?? p
        }
        return p
    }

    private static func boundingBox(of rect: Rect, _ map: (Point) -> Point) -> Rect {
        let corners = [
            map(Point(x: rect.minX, y: rect.minY)), map(Point(x: rect.maxX, y: rect.minY)),
            map(Point(x: rect.minX, y: rect.maxY)), map(Point(x: rect.maxX, y: rect.maxY)),
        ]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }

    // MARK: Cases

    private static func bits(_ rect: Rect) -> [UInt64] {
        [rect.origin.x.bitPattern, rect.origin.y.bitPattern, rect.size.width.bitPattern, rect.size.height.bitPattern]
    }

    private static func bits(_ point: Point) -> [UInt64] { [point.x.bitPattern, point.y.bitPattern] }

    /// A rectangle to convert: the view's bounds (what the page source converts), or any other,
    /// sometimes empty, negative or not finite.
    private static func randomRect(of view: View, random: inout SeededGenerator) -> Rect {
        switch random.int(0, 9) {
        case 0..<5: return view.bounds
        case 5: return Rect(x: random.range(-50, 50), y: random.range(-50, 50), width: 0, height: random.range(-10, 10))
        case 6: return Rect(x: random.pick([Double.nan, .infinity, -.infinity, 1e300]), y: random.range(-50, 50), width: 10, height: 10)
        default: return Rect(x: random.range(-80, 80), y: Double(random.int(-80, 80)), width: random.range(-40, 120), height: random.range(-40, 120))
        }
    }

    /// Runs `trees` random trees; returns the conversions compared, or records the first mismatch
    /// (with its seed) and stops.
    private func compare(seed: UInt64, trees: Int, conversions: Int) -> Int {
        let log = HitCallLog()
        var maker = HitTestDifferentialTests.TreeMaker(random: SeededGenerator(seed: seed), log: log)
        var compared = 0
        for treeIndex in 0..<trees {
            maker.made.removeAll()
            let size = Size(width: 400, height: 400)
            let root: View
            if maker.random.chance(0.6) {
                // A window somewhere on the screen: the conversion goes through screen coordinates.
                let window = Window(frame: Rect(x: maker.random.range(-300, 900), y: Double(maker.random.int(-200, 700)), width: size.width, height: size.height))
                window.isHidden = false
                root = window
            } else {
                root = View(frame: Rect(origin: .zero, size: size))
            }
            var budget = maker.random.int(1, 300)
            maker.grow(root, depth: 6, budget: &budget)
            if maker.random.chance(0.3), !maker.made.isEmpty {
                let host = maker.random.pick(maker.made)
                // A window nested in a view: `nil` then means that window for its subtree.
                let nested = Window(frame: maker.randomFrame(in: host.bounds.size))
                host.addSubview(nested)
                var more = 20
                maker.grow(nested, depth: 3, budget: &more)
            }
            var views: [View] = []
            func collect(_ view: View) {
                views.append(view)
                for child in view.subviews { collect(child) }
            }
            collect(root)
            for _ in 0..<conversions {
                let view = maker.random.pick(views)
                let other: View? = maker.random.chance(0.4) ? nil : maker.random.pick(views)
                let rect = Self.randomRect(of: view, random: &maker.random)
                let point = Point(x: rect.minX, y: rect.maxY)
                let pairs: [(String, [UInt64], [UInt64])] = [
                    ("rect to", Self.bits(Self.referenceConvert(rect, from: view, to: other)), Self.bits(view.convert(rect, to: other))),
                    ("rect from", Self.bits(Self.referenceConvert(rect, to: view, from: other)), Self.bits(view.convert(rect, from: other))),
                    ("point to", Self.bits(Self.referenceConvert(point, from: view, to: other)), Self.bits(view.convert(point, to: other))),
                    ("point from", Self.bits(Self.referenceConvert(point, to: view, from: other)), Self.bits(view.convert(point, from: other))),
                ]
                compared += 1
                if let (kind, expected, actual) = pairs.first(where: { $0.1 != $0.2 }) {
                    Issue.record(
                        """
                        \(kind) differs from the conversion before (\(DifferentialSeed.replay(seed, filter: Self.filter))): tree \(treeIndex), \
                        view \(view.tag), other \(other.map { String($0.tag) } ?? "nil"), rectangle \(rect): reference bits \(expected), now \(actual)
                        """)
                    return compared
                }
            }
        }
        return compared
    }

    @Test("40,000 random conversions of rectangles and points give the same bits as the conversion before")
    func allocationFreeConversionAgreesBitForBit() {
        let seed = DifferentialSeed.base()
        let trees = DifferentialSeed.scaled(200)
        let compared = compare(seed: seed, trees: trees, conversions: 200)
        #expect(compared == trees * 200, "stopped at the first mismatch (\(DifferentialSeed.replay(seed, filter: Self.filter)))")
    }

    @Test("A view under a rotated, scaled and scrolled ancestor in a window off the origin converts to its window as before")
    func rotatedAncestorInAnOffsetWindow() {
        let window = Window(frame: Rect(x: 123.456, y: -77.7, width: 300, height: 500))
        let container = View(frame: Rect(x: 10.1, y: 20.3, width: 200, height: 200))
        container.bounds = Rect(x: 3.3, y: -7.9, width: 200, height: 200)
        container.transform = AffineTransform(rotationAngle: 0.7).concatenating(AffineTransform(scaleX: 1.3, y: 0.6))
        let leaf = View(frame: Rect(x: 5.5, y: 6.25, width: 33.3, height: 12.1))
        window.addSubview(container)
        container.addSubview(leaf)
        let converted = leaf.convert(leaf.bounds, to: nil)
        #expect(Self.bits(converted) == Self.bits(Self.referenceConvert(leaf.bounds, from: leaf, to: nil)))
        // Rotated by 0.7 rad: the bounding box is wider than the view scaled down.
        #expect(converted.width > 33.3)
    }
}
