import SceneCore
import Testing

@Suite("Geometry")
struct GeometryTests {
    @Test("HT-4: Rect containment is half-open and standardizes negative sizes")
    func containment() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(rect.contains(Point(x: 0, y: 0)))
        #expect(!rect.contains(Point(x: 10, y: 5)))
        #expect(!rect.contains(Point(x: 5, y: 10)))
        #expect(Rect(x: 10, y: 10, width: -10, height: -10).contains(Point(x: 5, y: 5)))
        #expect(!Rect.null.contains(Point(x: 0, y: 0)))
        #expect(!rect.contains(Point(x: .nan, y: 1)))
    }

    @Test("Insets, offsets, unions and intersections")
    func rectOperations() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(rect.insetBy(dx: -10, dy: -10) == Rect(x: -10, y: -10, width: 30, height: 30))
        #expect(rect.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 2, y: 1, width: 4, height: 6))
        #expect(rect.offsetBy(dx: 5, dy: 6).origin == Point(x: 5, y: 6))
        #expect(rect.union(Rect(x: 20, y: 20, width: 1, height: 1)) == Rect(x: 0, y: 0, width: 21, height: 21))
        #expect(rect.intersects(Rect(x: 9, y: 9, width: 5, height: 5)))
        #expect(!rect.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
        #expect(rect.center == Point(x: 5, y: 5))
    }

    @Test("Affine transforms: rotation is clockwise on screen, inverses undo, singular ones have none")
    func transforms() throws {
        let quarter = AffineTransform(rotationAngle: Double.pi / 2)
        #expect(Point(x: 1, y: 0).applying(quarter) == Point(x: 0, y: 1))
        let t = AffineTransform(scaleX: 2, y: 3).concatenating(AffineTransform(rotationAngle: 0.3))
            .concatenating(AffineTransform(translationX: 5, y: -7))
        let inverse = try #require(t.inverted())
        let p = Point(x: 3.5, y: -2.25).applying(t).applying(inverse)
        #expect(abs(p.x - 3.5) < 1e-12 && abs(p.y + 2.25) < 1e-12)
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
        #expect(AffineTransform.identity.isIdentity)
        let bounding = Rect(x: -1, y: -2, width: 2, height: 4).applying(quarter)
        #expect(abs(bounding.width - 4) < 1e-12 && abs(bounding.height - 2) < 1e-12)
    }

    @Test("Rotation stays orthonormal to 1e-15 and composes like the angle", arguments: [0.0, 0.1, 1, 2.5, -3, 10, -100])
    func rotationAccuracy(angle: Double) {
        let t = AffineTransform(rotationAngle: angle)
        #expect(abs(t.a * t.a + t.b * t.b - 1) < 1e-15)
        // cos(2a) = cos²a − sin²a, checked through the transform composed with itself
        let twice = t.concatenating(t)
        let direct = AffineTransform(rotationAngle: 2 * angle)
        #expect(abs(twice.a - direct.a) < 1e-12 && abs(twice.b - direct.b) < 1e-12)
    }
}

@MainActor
@Suite("View geometry and conversion [HT-5, HT-6]")
struct ViewGeometryTests {
    @Test("frame round-trips exactly; center and bounds move it")
    func frameBoundsCenter() {
        let view = View(frame: Rect(x: 0.1, y: 0.7, width: 0.3, height: 10))
        #expect(view.frame == Rect(x: 0.1, y: 0.7, width: 0.3, height: 10))
        view.center = Point(x: 50, y: 50)
        #expect(view.frame == Rect(x: 49.85, y: 45, width: 0.3, height: 10))
        view.bounds = Rect(x: 5, y: 5, width: 20, height: 20)
        #expect(view.center == Point(x: 50, y: 50))
        #expect(view.frame.size == Size(width: 20, height: 20))
    }

    @Test("HT-5, HT-6: convert between views of a window, through scrolled bounds and transforms")
    func conversions() {
        let window = Window(frame: Rect(x: 100, y: 100, width: 400, height: 400))
        let scroller = View(frame: Rect(x: 10, y: 20, width: 200, height: 200))
        scroller.bounds = Rect(x: 0, y: 100, width: 200, height: 200)
        let child = View(frame: Rect(x: 5, y: 105, width: 50, height: 50))
        let scaled = View(frame: Rect(x: 300, y: 300, width: 20, height: 20))
        scaled.transform = AffineTransform(scaleX: 2, y: 2)
        window.addSubview(scroller)
        scroller.addSubview(child)
        window.addSubview(scaled)
        #expect(child.convert(Point(x: 0, y: 0), to: nil) == Point(x: 15, y: 25))
        #expect(child.convert(Point(x: 15, y: 25), from: nil) == Point(x: 0, y: 0))
        #expect(child.convert(Point(x: 1, y: 1), to: scroller) == Point(x: 6, y: 106))
        #expect(scaled.convert(Point(x: 0, y: 0), to: nil) == Point(x: 290, y: 290))
        #expect(scaled.convert(Point(x: 290, y: 290), from: window) == Point(x: 0, y: 0))
        #expect(child.convert(Point(x: 0, y: 0), to: scaled) == Point(x: -137.5, y: -132.5))
        #expect(window.convertToScreen(Point(x: 1, y: 2)) == Point(x: 101, y: 102))
        #expect(window.convertFromScreen(Point(x: 101, y: 102)) == Point(x: 1, y: 2))
        #expect(child.convert(Rect(x: 0, y: 0, width: 10, height: 10), to: nil) == Rect(x: 15, y: 25, width: 10, height: 10))
    }

    @Test("Hierarchy operations keep order; moving a view removes it from its old parent")
    func hierarchy() {
        let parent = View(frame: .zero)
        let a = View(frame: .zero), b = View(frame: .zero), c = View(frame: .zero)
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 0)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        parent.insertSubview(c, aboveSubview: b)
        #expect(parent.subviews.last === c)
        parent.insertSubview(c, belowSubview: a)
        #expect(parent.subviews.first === c)
        parent.bringSubviewToFront(a)
        #expect(parent.subviews.last === a)
        let other = View(frame: .zero)
        other.addSubview(a)
        #expect(a.superview === other && !parent.subviews.contains { $0 === a })
        b.tag = 7
        #expect(parent.viewWithTag(7) === b)
        #expect(b.isDescendant(of: parent) && !b.isDescendant(of: other))
    }
}
