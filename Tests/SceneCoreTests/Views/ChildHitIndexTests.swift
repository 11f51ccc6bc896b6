@testable import SceneCore
import TestSupport
import Testing

/// The hit indexes: any tree shape is searched by looking at a few subviews, and the indexes follow
/// every change of the tree (the random differential cases are in HitTestDifferentialTests).
@MainActor
@Suite("Hit testing: the indexes follow the tree")
struct ChildHitIndexTests {
    /// A flat container of plain views.
    struct Shape {
        let name: String
        var frames: [Rect] = []
        /// Subviews at these positions are hidden.
        var hiddenFrom = Int.max
        /// Whether the index must (true) or must not (false) be a grid; nil: either.
        var expectGrid: Bool? = false

        init(_ name: String, count: Int, expectGrid: Bool? = false, frame: (Int) -> Rect) {
            self.name = name
            self.expectGrid = expectGrid
            frames.reserveCapacity(count)
            for index in 0..<count { frames.append(frame(index)) }
        }

        @MainActor
        func build() -> View {
            let root = View(frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
            for (index, frame) in frames.enumerated() {
                let child = View(frame: frame)
                child.isHidden = index >= hiddenFrom
                root.addSubview(child)
            }
            return root
        }
    }

    /// Shapes that defeat a uniform grid, and one it suits.
    private static func shapes() -> [Shape] {
        var random = SeededGenerator(seed: 0x1D5)
        func scattered(_ name: String, _ low: Double, _ high: Double) -> Shape {
            var shape = Shape(name, count: 0) { _ in .zero }
            for _ in 0..<10_000 {
                let width = random.range(low, high), height = random.range(low, high)
                shape.frames.append(Rect(x: random.range(0, 1000 - width), y: random.range(0, 1000 - height), width: width, height: height))
            }
            return shape
        }
        var shapes: [Shape] = []
        shapes.append(Shape("a wall of small icons", count: 10_000, expectGrid: true) { index in
            Rect(x: Double(index % 100) * 10, y: Double(index / 100) * 10, width: 12, height: 12)
        })
        shapes.append(scattered("mixed sizes 2…200", 2, 200))
        shapes.append(scattered("panels over panels 2…1000", 2, 1000))
        shapes.append(Shape("crossing lines", count: 4000) { index in
            let at = Double(index / 2) * 0.5
            return index % 2 == 0 ? Rect(x: 0, y: at, width: 1000, height: 0.4) : Rect(x: at, y: 0, width: 0.4, height: 1000)
        })
        shapes.append(Shape("nested squares, largest in front", count: 3000) { index in
            let half = Double(index + 1) / 6
            return Rect(x: 500 - half, y: 500 - half, width: 2 * half, height: 2 * half)
        })
        shapes.append(Shape("nested squares, smallest in front", count: 3000) { index in
            let half = Double(3000 - index) / 6
            return Rect(x: 500 - half, y: 500 - half, width: 2 * half, height: 2 * half)
        })
        var stack = Shape("one rectangle 2,000 times, all hidden but the backmost", count: 2000, expectGrid: nil) { _ in
            Rect(x: 100, y: 100, width: 300, height: 300)
        }
        stack.hiddenFrom = 1
        shapes.append(stack)
        shapes.append(Shape("a cluster in a corner and a few far away", count: 5000) { index in
            index % 1000 == 0
                ? Rect(x: random.range(500, 990), y: random.range(500, 990), width: 10, height: 10)
                : Rect(x: random.range(0, 9), y: random.range(0, 9), width: 1, height: 1)
        })
        shapes.append(Shape("a diagonal of long thin bars", count: 3000, expectGrid: nil) { index in
            Rect(x: Double(index) / 3, y: Double(index) / 3, width: 300, height: 1)
        })
        return shapes
    }

    @Test("Any tree shape: a hit test examines at most 64 subviews beyond those containing the point, and finds the frontmost")
    func anyShapeExaminesFewSubviews() {
        var random = SeededGenerator(seed: 0xB0B)
        for shape in Self.shapes() {
            let root = shape.build()
            _ = root.hitTest(Point(x: 1, y: 1), with: nil)
            let index = root._childIndex!
            #expect(!index.isStale)
            if let expectGrid = shape.expectGrid {
                var isGrid = false
                if case .grid = index.spatial { isGrid = true }
                #expect(isGrid == expectGrid, "\(shape.name): grid \(isGrid)")
            }
            var worstExcess = Int.min
            for probe in 0..<1000 {
                let point: Point
                if probe % 3 == 0 {
                    let frame = shape.frames[random.int(0, shape.frames.count - 1)]
                    point = Point(x: frame.midX, y: frame.midY)
                } else {
                    point = Point(x: random.range(-5, 1005), y: random.range(-5, 1005))
                }
                var containing = 0
                var frontmost = -1
                for position in 0..<index.count where index.records[position].contains(point) {
                    containing += 1
                    frontmost = position
                }
                var tally = RecordTally()
                let found = index.frontmostHit(point, counter: &tally)
                #expect(found == frontmost, "\(shape.name) at \(point)")
                worstExcess = max(worstExcess, tally.value - containing)
            }
            #expect(worstExcess <= 64, "\(shape.name): up to \(worstExcess) subviews examined beyond those containing the point")
        }
    }

    @Test("Changing geometry after a hit test is seen by the next hit test (index kept in step)")
    func indexFollowsMutations() {
        let root = View(frame: Rect(x: 0, y: 0, width: 1000, height: 100))
        var children: [View] = []
        for index in 0..<64 {
            let child = View(frame: Rect(x: Double(index) * 10, y: 0, width: 10, height: 10))
            children.append(child)
            root.addSubview(child)
        }
        #expect(root.hitTest(Point(x: 105, y: 5), with: nil) === children[10])
        children[10].frame = Rect(x: 500, y: 50, width: 10, height: 10)
        #expect(root.hitTest(Point(x: 105, y: 5), with: nil) === root)
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[10])
        children[5].center = Point(x: 505, y: 55)
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[10], "index 5 is behind index 10")
        root.bringSubviewToFront(children[5])
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[5])
        root.insertSubview(children[3], aboveSubview: children[5])
        children[3].frame = children[5].frame
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[3])
        children[3].alpha = 0
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[5])
        // [0, 1, 2, 4, …, 63, 5, 3] → swap the ends → [3, 1, 2, 4, …, 63, 5, 0]
        root.exchangeSubview(at: 0, withSubviewAt: root.subviews.count - 1)
        #expect(root.subviews.first === children[3])
        #expect(root.subviews.last === children[0])
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[5])
        children[0].frame = Rect(x: 495, y: 45, width: 20, height: 20)
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[0])
        children[0].removeFromSuperview()
        children[5].isUserInteractionEnabled = false
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[10])
    }
}
