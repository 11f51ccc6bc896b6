import SceneCore
import Testing

@Suite("Damage regions")
struct DamageRegionTests {
    @Test("A rectangle inside another adds nothing; one holding others replaces them")
    func containment() {
        var region = DamageRegion(Rect(x: 0, y: 0, width: 100, height: 100))
        region.add(Rect(x: 10, y: 10, width: 5, height: 5))
        #expect(region.rects == [Rect(x: 0, y: 0, width: 100, height: 100)])
        region.add(Rect(x: -10, y: -10, width: 200, height: 200))
        #expect(region.rects == [Rect(x: -10, y: -10, width: 200, height: 200)])
    }

    @Test("Far-apart rectangles stay separate; a neighbour that wastes little is merged")
    func merging() {
        var region = DamageRegion(Rect(x: 0, y: 0, width: 10, height: 10))
        region.add(Rect(x: 500, y: 500, width: 10, height: 10))
        #expect(region.rects.count == 2)
        region.add(Rect(x: 10, y: 0, width: 10, height: 10))
        #expect(region.rects.contains(Rect(x: 0, y: 0, width: 20, height: 10)))
        #expect(region.rects.count == 2)
    }

    @Test("Empty and infinite rectangles are ignored")
    func ignoresDegenerate() {
        var region = DamageRegion()
        region.add(.zero)
        region.add(.null)
        region.add(Rect(x: 0, y: 0, width: .infinity, height: 3))
        #expect(region.isEmpty)
    }

    @Test("On random input the region covers every rectangle added and keeps at most 8", arguments: [1, 2, 3, 4])
    func coversEverything(seed: UInt64) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var region = DamageRegion()
        var added: [Rect] = []
        for _ in 0..<200 {
            let rect = Rect(x: next() * 400, y: next() * 800, width: 1 + next() * 60, height: 1 + next() * 60)
            region.add(rect)
            added.append(rect)
            #expect(region.rects.count <= DamageRegion.maximumRectangleCount)
        }
        // Every corner-adjacent sample point of every rectangle is in some rectangle of the region.
        for rect in added {
            for point in [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX - 0.001, y: rect.maxY - 0.001), rect.center] {
                #expect(region.rects.contains { $0.contains(point) }, "\(point) of \(rect) is not covered")
            }
        }
    }

    @Test("Intersection and offset")
    func clipping() {
        let region = DamageRegion(Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(region.intersection(Rect(x: 50, y: 50, width: 100, height: 100)).rects == [Rect(x: 50, y: 50, width: 50, height: 50)])
        #expect(region.intersection(Rect(x: 200, y: 0, width: 10, height: 10)).isEmpty)
        #expect(region.offsetBy(dx: 5, dy: -5).rects == [Rect(x: 5, y: -5, width: 100, height: 100)])
    }
}
