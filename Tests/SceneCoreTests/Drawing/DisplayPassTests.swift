import SceneCore
import Testing

@MainActor
@Suite("Drawing a window's views")
struct DisplayPassTests {
    let harness = Harness()

    private func draw(_ region: DamageRegion? = nil) -> (RecordingContext, DisplayReport) {
        let context = RecordingContext()
        let report = harness.window.drawHierarchy(
            in: context, region: region ?? DamageRegion(harness.window.bounds))
        return (context, report)
    }

    @Test("Backgrounds are filled back to front, in window coordinates, with bounds.origin scrolling")
    func order() {
        let back = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        back.backgroundColor = .red
        back.bounds.origin = Point(x: 0, y: 50)
        let child = View(frame: Rect(x: 0, y: 60, width: 10, height: 10))
        child.backgroundColor = .blue
        back.addSubview(child)
        let front = View(frame: Rect(x: 50, y: 50, width: 10, height: 10))
        front.backgroundColor = .yellow
        harness.root.addSubview(back)
        harness.root.addSubview(front)
        let (context, _) = draw()
        #expect(context.fills.map(\.1) == [.red, .blue, .yellow])
        #expect(context.fills[1].0 == Rect(x: 10, y: 20, width: 10, height: 10))
    }

    @Test("Hidden and fully transparent views and their subtrees are not drawn")
    func invisible() {
        let hidden = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        hidden.backgroundColor = .red
        hidden.isHidden = true
        let clear = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        clear.alpha = 0
        let inside = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        inside.backgroundColor = .blue
        clear.addSubview(inside)
        harness.root.addSubview(hidden)
        harness.root.addSubview(clear)
        #expect(draw().0.fills.isEmpty)
    }

    @Test("A translucent view with subviews is drawn as one layer; a translucent leaf multiplies its alpha")
    func groupOpacity() {
        let group = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        group.backgroundColor = .red
        group.alpha = 0.5
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        child.backgroundColor = .blue
        group.addSubview(child)
        let leaf = View(frame: Rect(x: 200, y: 0, width: 10, height: 10))
        leaf.backgroundColor = .green
        leaf.alpha = 0.25
        harness.root.addSubview(group)
        harness.root.addSubview(leaf)
        let (context, _) = draw()
        #expect(context.operations == [
            .beginLayer(0.5), .fill(Rect(x: 0, y: 0, width: 100, height: 100), .red),
            .fill(Rect(x: 0, y: 0, width: 50, height: 50), .blue), .endLayer,
            .fill(Rect(x: 200, y: 0, width: 10, height: 10), .green),
        ])
        #expect(context.alphas == [1, 1, 1, 1, 0.25])
    }

    @Test("draw(_:in:) is called only for views whose bounds meet the region, with the damaged part")
    func partialRedraw() {
        let first = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let second = CountingView(frame: Rect(x: 0, y: 200, width: 100, height: 100))
        harness.root.addSubview(first)
        harness.root.addSubview(second)
        let (_, full) = draw()
        #expect(full.drawCalls == 2)
        let (_, partial) = draw(DamageRegion(Rect(x: 50, y: 250, width: 10, height: 10)))
        #expect(partial.drawCalls == 1)
        #expect(first.drawnRects.count == 1)
        #expect(second.drawnRects.last == Rect(x: 50, y: 50, width: 10, height: 10))
        #expect(partial.viewsVisited < full.viewsVisited)
    }

    @Test("A border is stroked inside the bounds, above the subviews")
    func border() {
        let framed = View(frame: Rect(x: 10, y: 10, width: 100, height: 50))
        framed.borderWidth = 4
        framed.borderColor = .orange
        let child = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        child.backgroundColor = .white
        framed.addSubview(child)
        harness.root.addSubview(framed)
        let operations = draw().0.operations
        #expect(operations.last == .stroke(Rect(x: 12, y: 12, width: 96, height: 46), .orange))
    }

    @Test("A label draws its text centered vertically; a button its current title in its state's colour")
    func defaultLooks() throws {
        let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 40), text: "Hello")
        let button = Button(frame: Rect(x: 0, y: 100, width: 100, height: 40), title: "Go")
        button.setTitle("Going", for: .highlighted)
        harness.root.addSubview(label)
        harness.root.addSubview(button)
        let context = draw().0
        #expect(context.operations.contains(.text("Hello", Rect(x: 0, y: 9.8, width: 200, height: 20.4), .label)))
        #expect(context.texts == ["Hello", "Go"])
        let touch = try #require(harness.down(50, 120))
        let highlighted = draw().0
        #expect(highlighted.texts == ["Hello", "Going"])
        #expect(button.currentTitleColor == Color.systemBlue.withAlphaComponent(0.3))
        harness.up(touch)
        button.isEnabled = false
        #expect(button.currentTitleColor == .systemGray3)
    }

    @Test("An image view places its image by content mode")
    func imageView() throws {
        let image = try Image(width: 100, height: 50, color: .red)
        let view = ImageView(frame: Rect(x: 10, y: 10, width: 200, height: 200))
        view.image = image
        view.contentMode = .scaleAspectFit
        harness.root.addSubview(view)
        #expect(draw().0.operations.contains(.image(Rect(x: 10, y: 60, width: 200, height: 100))))
    }
}
