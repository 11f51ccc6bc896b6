import SceneCore
import Testing

/// The optimized hit test must return exactly what the classic recursive algorithm returns
/// (HT-2). A reference tree mirrors a random view tree, and the classic algorithm runs on it.
@MainActor
@Suite("Hit testing: the fast path equals the classic algorithm")
struct HitTestEquivalenceTests {
    /// A view class that may override hit testing; the fast path must call it.
    final class Enlarged: View {
        var slop: Double = 0
        override func point(inside point: Point, with event: Event?) -> Bool {
            bounds.insetBy(dx: -slop, dy: -slop).contains(point)
        }
    }

    final class SelfTransparent: View {
        override func hitTest(_ point: Point, with event: Event?) -> View? {
            let hit = super.hitTest(point, with: event)
            return hit === self ? nil : hit
        }
    }

    /// The classic algorithm over plain data [HT-2, HT-5].
    final class Reference {
        var frameOrigin = Point.zero
        var bounds = Rect.zero
        var transform: AffineTransform?
        var center = Point.zero
        var hittable = true
        var slop: Double?
        var selfTransparent = false
        var children: [Reference] = []
        weak var view: View?

        func hitTest(_ p: Point) -> Reference? {
            guard hittable else { return nil }
            let inside = slop.map { bounds.insetBy(dx: -$0, dy: -$0).contains(p) } ?? bounds.contains(p)
            guard inside else { return nil }
            for child in children.reversed() {
                guard let q = child.fromParent(p) else { continue }
                if let hit = child.hitTest(q) { return hit }
            }
            return selfTransparent ? nil : self
        }

        func fromParent(_ p: Point) -> Point? {
            guard let transform else {
                return Point(x: p.x - (frameOrigin.x - bounds.origin.x), y: p.y - (frameOrigin.y - bounds.origin.y))
            }
            guard let inverse = transform.inverted() else { return nil }
            let local = Point(x: p.x - center.x, y: p.y - center.y).applying(inverse)
            return Point(x: local.x + bounds.origin.x + bounds.size.width / 2, y: local.y + bounds.origin.y + bounds.size.height / 2)
        }
    }

    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func range(_ low: Double, _ high: Double) -> Double { low + unit() * (high - low) }
        mutating func chance(_ p: Double) -> Bool { unit() < p }
    }

    private func build(depth: Int, size: Size, generator: inout Generator) -> (View, Reference) {
        let reference = Reference()
        let view: View
        let roll = generator.unit()
        if roll < 0.08 {
            let enlarged = Enlarged(frame: .zero)
            enlarged.slop = generator.range(0, 15)
            reference.slop = enlarged.slop
            view = enlarged
        } else if roll < 0.12 {
            view = SelfTransparent(frame: .zero)
            reference.selfTransparent = true
        } else {
            view = View(frame: .zero)
        }
        let frame = Rect(
            x: generator.range(-20, size.width), y: generator.range(-20, size.height),
            width: generator.range(5, Swift.max(6, size.width / 3)), height: generator.range(5, Swift.max(6, size.height / 3)))
        view.frame = frame
        if generator.chance(0.1) {
            view.bounds = Rect(x: generator.range(-30, 30), y: generator.range(-30, 30), width: frame.width, height: frame.height)
        }
        if generator.chance(0.06) {
            view.transform = AffineTransform(rotationAngle: generator.range(-1, 1)).concatenating(
                AffineTransform(scaleX: generator.range(0.5, 2), y: generator.range(0.5, 2)))
        }
        if generator.chance(0.05) { view.isHidden = true }
        if generator.chance(0.04) { view.isUserInteractionEnabled = false }
        if generator.chance(0.04) { view.alpha = generator.chance(0.5) ? 0.005 : 0.5 }
        reference.frameOrigin = view.frame.origin
        reference.bounds = view.bounds
        reference.transform = view.transform.isIdentity ? nil : view.transform
        reference.center = view.center
        reference.hittable = !view.isHidden && view.isUserInteractionEnabled && view.alpha > 0.01
        reference.view = view
        if depth > 0 {
            let count = generator.chance(0.3) ? Int(generator.range(32, 60)) : Int(generator.range(0, 5))
            for _ in 0..<count {
                let (child, childReference) = build(depth: depth - 1, size: view.bounds.size, generator: &generator)
                view.addSubview(child)
                reference.children.append(childReference)
            }
        }
        return (view, reference)
    }

    @Test("Random trees with overrides, transforms, scrolled bounds and big containers: 0 mismatches", arguments: [1, 2, 3, 4, 5])
    func randomTreesAgree(seed: UInt64) {
        var generator = Generator(state: seed &* 7919)
        let (view, reference) = build(depth: 4, size: Size(width: 400, height: 400), generator: &generator)
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        root.addSubview(view)
        let rootReference = Reference()
        rootReference.bounds = root.bounds
        rootReference.children = [reference]
        rootReference.view = root
        var mismatches = 0
        for _ in 0..<4000 {
            let p = Point(x: generator.range(-10, 410), y: generator.range(-10, 410))
            let expected = rootReference.hitTest(p)?.view
            let actual = root.hitTest(p, with: nil)
            if expected !== actual { mismatches += 1 }
        }
        #expect(mismatches == 0)
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
