import SceneCore
import Testing

/// A view that counts its `draw(_:in:)` calls and remembers the rectangles it was asked for.
@MainActor
final class CountingView: View {
    var drawnRects: [Rect] = []
    var tintChanges = 0

    override func draw(_ rect: Rect, in context: any GraphicsContext) {
        drawnRects.append(rect)
        context.fill(rect, with: .green)
    }

    override func tintColorDidChange() {
        tintChanges += 1
        super.tintColorDidChange()
    }
}

@MainActor
@Suite("Damage tracking")
struct DamageTrackingTests {
    let harness = Harness()

    /// An observer whose initial full-window damage was drawn and taken.
    private func observe() -> DamageObserver {
        let observer = harness.window.addDamageObserver()
        harness.window.resolvePendingDamage()
        harness.window.drawHierarchy(in: RecordingContext(), region: observer.takeRegion())
        return observer
    }

    private func damage(_ observer: DamageObserver) -> [Rect] {
        harness.window.resolvePendingDamage()
        return observer.takeRegion().rects
    }

    @Test("With nobody observing, changes record nothing and nothing is pending")
    func unobserved() {
        let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        harness.root.addSubview(view)
        view.backgroundColor = .red
        view.frame.origin.x = 50
        #expect(!harness.window.hasPendingDamage)
    }

    @Test("An observer starts with the whole window damaged")
    func initialDamage() {
        let observer = harness.window.addDamageObserver()
        #expect(observer.region.rects == [Rect(x: 0, y: 0, width: 400, height: 800)])
        #expect(harness.window.hasPendingDamage)
    }

    @Test("A background colour change damages exactly the view's window rectangle")
    func colourChange() {
        let outer = View(frame: Rect(x: 100, y: 200, width: 100, height: 100))
        let inner = View(frame: Rect(x: 10, y: 20, width: 30, height: 40))
        outer.addSubview(inner)
        harness.root.addSubview(outer)
        let observer = observe()
        #expect(!harness.window.hasPendingDamage)
        inner.backgroundColor = .blue
        #expect(harness.window.hasPendingDamage)
        #expect(damage(observer) == [Rect(x: 110, y: 220, width: 30, height: 40)])
        inner.backgroundColor = .blue
        #expect(damage(observer).isEmpty, "setting the same colour again damages nothing")
    }

    @Test("Moving a view damages where it was and where it is")
    func move() {
        let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        harness.root.addSubview(view)
        let observer = observe()
        view.frame.origin = Point(x: 300, y: 500)
        view.frame.origin = Point(x: 200, y: 600)
        let rects = damage(observer)
        #expect(Set(rects) == [Rect(x: 10, y: 10, width: 20, height: 20), Rect(x: 200, y: 600, width: 20, height: 20)])
    }

    @Test("A moved container damages its subviews that overflow it")
    func moveWithOverflow() {
        let container = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        let overflow = View(frame: Rect(x: 100, y: 0, width: 10, height: 10))
        container.addSubview(overflow)
        harness.root.addSubview(container)
        let observer = observe()
        container.center.y += 100
        let rects = damage(observer)
        let covers = { (point: Point) in rects.contains { $0.contains(point) } }
        #expect(covers(Point(x: 115, y: 15)), "the subview's old place")
        #expect(covers(Point(x: 115, y: 115)), "the subview's new place")
    }

    @Test("Hiding damages what the view painted; a hidden view's changes damage nothing")
    func hiding() {
        let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        harness.root.addSubview(view)
        let observer = observe()
        view.isHidden = true
        #expect(damage(observer) == [Rect(x: 10, y: 10, width: 20, height: 20)])
        view.frame.origin.x = 200
        #expect(damage(observer).isEmpty)
        view.isHidden = false
        #expect(damage(observer) == [Rect(x: 200, y: 10, width: 20, height: 20)])
    }

    @Test("A rotated view damages its rotated footprint's bounding box")
    func rotation() {
        let view = View(frame: Rect(x: 100, y: 100, width: 40, height: 20))
        harness.root.addSubview(view)
        let observer = observe()
        view.transform = AffineTransform(rotationAngle: Double.pi / 2)
        let rects = damage(observer)
        #expect(rects.contains { $0.contains(Rect(x: 110, y: 90, width: 20, height: 40)) }, "\(rects)")
    }

    @Test("Subview order, insertion and removal damage the views concerned")
    func hierarchy() {
        let a = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let b = View(frame: Rect(x: 300, y: 300, width: 50, height: 50))
        harness.root.addSubview(a)
        harness.root.addSubview(b)
        let observer = observe()
        harness.root.sendSubviewToBack(b)
        #expect(damage(observer) == [Rect(x: 300, y: 300, width: 50, height: 50)])
        a.removeFromSuperview()
        #expect(damage(observer) == [Rect(x: 0, y: 0, width: 50, height: 50)])
        harness.root.addSubview(a)
        #expect(damage(observer) == [Rect(x: 0, y: 0, width: 50, height: 50)])
    }

    @Test("A button's highlight damages the button between touch-down and touch-up")
    func controlState() throws {
        let button = Button(frame: Rect(x: 100, y: 100, width: 80, height: 40), title: "OK")
        harness.root.addSubview(button)
        let observer = observe()
        let touch = try #require(harness.down(120, 120))
        #expect(button.isHighlighted)
        #expect(damage(observer) == [Rect(x: 100, y: 100, width: 80, height: 40)])
        harness.up(touch)
        #expect(damage(observer) == [Rect(x: 100, y: 100, width: 80, height: 40)])
    }

    @Test("A label's text change damages the label")
    func labelText() {
        let label = Label(frame: Rect(x: 20, y: 30, width: 200, height: 20), text: "One")
        harness.root.addSubview(label)
        let observer = observe()
        label.text = "Two"
        #expect(damage(observer) == [Rect(x: 20, y: 30, width: 200, height: 20)])
    }

    @Test("Removing the last observer stops tracking")
    func stopTracking() {
        let observer = observe()
        harness.window.removeDamageObserver(observer)
        harness.root.backgroundColor = .red
        #expect(!harness.window.hasPendingDamage)
    }

    @Test("tintColor is inherited, and a change reaches the views that inherit it")
    func tint() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = CountingView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let pinned = CountingView(frame: Rect(x: 20, y: 0, width: 10, height: 10))
        pinned.tintColor = .red
        parent.addSubview(child)
        parent.addSubview(pinned)
        harness.root.addSubview(parent)
        #expect(child.tintColor == .systemBlue)
        parent.tintColor = .orange
        #expect(child.tintColor == .orange && pinned.tintColor == .red)
        #expect(child.tintChanges == 1 && pinned.tintChanges == 1)
        parent.tintColor = nil
        #expect(child.tintColor == .systemBlue && child.tintChanges == 2)
    }
}
