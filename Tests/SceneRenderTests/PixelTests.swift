import SceneCore
import SceneRender
import Testing

// Each test builds its own views and names the pixels it checks through the shared `add` and
// `expectColor`, so that a case reads as the drawing rule it checks; cases alike in shape
// (`duplicates` pairs them) are deliberate.

@MainActor
@Suite("Pixels of a window")
struct PixelTests {
    let harness = RenderHarness()

    private func add(_ frame: Rect, _ color: Color?, to parent: View? = nil) -> View {
        let view = View(frame: frame)
        view.backgroundColor = color
        (parent ?? harness.root).addSubview(view)
        return view
    }

    @Test("Background colours fill exactly the views' frames")
    func backgrounds() {
        _ = add(Rect(x: 10, y: 20, width: 100, height: 50), .red)
        _ = add(Rect(x: 200, y: 100, width: 50, height: 50), .blue)
        let image = harness.render().image
        #expect(image.width == 400 && image.height == 300)
        expectColor(image, at: Point(x: 10, y: 20), .red, "red's top-left pixel")
        expectColor(image, at: Point(x: 109.5, y: 69.5), .red, "red's bottom-right pixel")
        expectColor(image, at: Point(x: 110.5, y: 40), .white, "just right of red")
        expectColor(image, at: Point(x: 9.5, y: 40), .white, "just left of red")
        expectColor(image, at: Point(x: 225, y: 125), .blue, "blue")
        savePNG(image, "backgrounds")
    }

    @Test("Nested alpha: a half-transparent parent blends with its subviews as one layer")
    func nestedAlpha() {
        let parent = add(Rect(x: 0, y: 0, width: 200, height: 100), .red)
        parent.alpha = 0.5
        let child = add(Rect(x: 0, y: 0, width: 100, height: 100), .blue, to: parent)
        let grandchild = add(Rect(x: 0, y: 0, width: 50, height: 50), .green, to: child)
        grandchild.alpha = 0.5
        let image = harness.render().image
        // Red at 50 % over white.
        expectColor(image, at: Point(x: 150, y: 50), Color(red: 1, green: 0.5, blue: 0.5), "parent only")
        // The layer is blue where the child is (the red under it does not show through).
        expectColor(image, at: Point(x: 75, y: 75), Color(red: 0.5, green: 0.5, blue: 1), "child in the layer")
        // Green at 50 % over blue inside the layer, then the layer at 50 % over white.
        expectColor(image, at: Point(x: 25, y: 25), Color(red: 0.5, green: 0.75, blue: 0.75), "grandchild in the layer")
        savePNG(image, "nested-alpha")
    }

    @Test("Hidden views and their subviews leave the pixels under them")
    func hidden() {
        let hidden = add(Rect(x: 0, y: 0, width: 100, height: 100), .red)
        _ = add(Rect(x: 10, y: 10, width: 20, height: 20), .blue, to: hidden)
        hidden.isHidden = true
        _ = add(Rect(x: 200, y: 0, width: 10, height: 10), .green)
        let image = harness.render().image
        expectColor(image, at: Point(x: 50, y: 50), .white, "under the hidden view")
        expectColor(image, at: Point(x: 15, y: 15), .white, "under the hidden view's subview")
        expectColor(image, at: Point(x: 205, y: 5), .green, "a visible sibling")
    }

    @Test("A rotated view covers its rotated corners; a scaled one its scaled frame")
    func transforms() {
        let rotated = add(Rect(x: 100, y: 100, width: 100, height: 100), .red)
        rotated.transform = AffineTransform(rotationAngle: Double.pi / 4)
        let scaled = add(Rect(x: 300, y: 50, width: 20, height: 20), .blue)
        scaled.transform = AffineTransform(scaleX: 2, y: 3)
        let image = harness.render().image
        savePNG(image, "transforms")
        // The diamond's corners lie 70.7 pt from the center (150, 150), on the axes.
        expectColor(image, at: Point(x: 150, y: 82), .red, "top corner of the diamond")
        expectColor(image, at: Point(x: 218, y: 150), .red, "right corner of the diamond")
        expectColor(image, at: Point(x: 103, y: 103), .white, "where the unrotated square's corner was")
        expectColor(image, at: Point(x: 150, y: 150), .red, "center")
        // 20×20 scaled 2×3 about (310, 60): 40×60 from (290, 30).
        expectColor(image, at: Point(x: 291, y: 31), .blue, "scaled top-left")
        expectColor(image, at: Point(x: 329, y: 89), .blue, "scaled bottom-right")
        expectColor(image, at: Point(x: 331, y: 60), .white, "right of the scaled view")
    }

    @Test("bounds.origin scrolls the subviews, not the view")
    func scrolling() {
        let scroller = add(Rect(x: 0, y: 0, width: 200, height: 200), .yellow)
        scroller.bounds.origin = Point(x: 0, y: 100)
        _ = add(Rect(x: 0, y: 150, width: 50, height: 50), .blue, to: scroller)
        let image = harness.render().image
        expectColor(image, at: Point(x: 25, y: 75), .blue, "the subview, 100 pt up")
        expectColor(image, at: Point(x: 25, y: 175), .yellow, "where it would be without scrolling")
    }

    @Test("clipsToBounds cuts subviews at the bounds; off, they overflow")
    func clipping() {
        let clipping = add(Rect(x: 0, y: 0, width: 100, height: 100), .yellow)
        clipping.clipsToBounds = true
        _ = add(Rect(x: 50, y: 50, width: 100, height: 100), .red, to: clipping)
        let open = add(Rect(x: 200, y: 0, width: 100, height: 100), .yellow)
        _ = add(Rect(x: 50, y: 50, width: 100, height: 100), .blue, to: open)
        let image = harness.render().image
        expectColor(image, at: Point(x: 75, y: 75), .red, "inside the clipping parent")
        expectColor(image, at: Point(x: 125, y: 125), .white, "outside the clipping parent")
        expectColor(image, at: Point(x: 325, y: 125), .blue, "outside the non-clipping parent")
    }

    @Test("A corner radius rounds the background, and the clip of the subviews")
    func cornerRadius() {
        let rounded = add(Rect(x: 0, y: 0, width: 100, height: 100), .red)
        rounded.cornerRadius = 30
        let roundedClip = add(Rect(x: 200, y: 0, width: 100, height: 100), nil)
        roundedClip.cornerRadius = 30
        roundedClip.clipsToBounds = true
        _ = add(Rect(x: 0, y: 0, width: 100, height: 100), .blue, to: roundedClip)
        let image = harness.render().image
        expectColor(image, at: Point(x: 2, y: 2), .white, "outside the rounded corner")
        expectColor(image, at: Point(x: 30, y: 2), .red, "top edge beyond the corner")
        expectColor(image, at: Point(x: 50, y: 50), .red, "center")
        expectColor(image, at: Point(x: 297, y: 97), .white, "subview cut at the rounded corner")
        expectColor(image, at: Point(x: 250, y: 97), .blue, "subview inside")
    }

    @Test("A border lines the inside of the bounds, above the subviews")
    func borders() {
        let framed = add(Rect(x: 10, y: 10, width: 100, height: 60), .white)
        framed.borderWidth = 6
        framed.borderColor = .green
        _ = add(Rect(x: 0, y: 0, width: 100, height: 60), .blue, to: framed)
        let image = harness.render().image
        expectColor(image, at: Point(x: 12, y: 40), .green, "left border over the subview")
        expectColor(image, at: Point(x: 60, y: 67), .green, "bottom border")
        expectColor(image, at: Point(x: 17, y: 40), .blue, "just inside the border")
        expectColor(image, at: Point(x: 8, y: 40), .white, "just outside")
    }

    @Test("Later subviews are drawn over earlier ones; reordering swaps them")
    func subviewOrder() {
        let red = add(Rect(x: 0, y: 0, width: 100, height: 100), .red)
        _ = add(Rect(x: 50, y: 50, width: 100, height: 100), .blue)
        var image = harness.render().image
        expectColor(image, at: Point(x: 75, y: 75), .blue, "overlap: the later subview")
        harness.root.bringSubviewToFront(red)
        image = harness.render().image
        expectColor(image, at: Point(x: 75, y: 75), .red, "overlap after bringing red to front")
        expectColor(image, at: Point(x: 125, y: 125), .blue, "blue outside the overlap")
    }

    @Test("A label's ink stays inside its text box")
    func labelInk() throws {
        let label = Label(frame: Rect(x: 20, y: 40, width: 300, height: 60), text: "Hello, pixels")
        label.textColor = .black
        harness.root.addSubview(label)
        let image = harness.render(scale: 2).image
        savePNG(image, "label")
        // The text box: the label's width, as tall as one line, centered vertically.
        let box = try #require(inkBox(in: image, where: { $0.red < 0.5 }))
        #expect(box.minX >= 20 && box.maxX <= 320, "ink \(box) leaves the label horizontally")
        #expect(box.minY > 40 + 15 && box.maxY < 100 - 15, "ink \(box) is not centered in one line")
        #expect(box.width > 60, "ink \(box) is too narrow for 13 characters of 17 pt")
    }

    @Test("A truncated label ends with an ellipsis and stays in its bounds")
    func truncation() throws {
        let long = Label(frame: Rect(x: 10, y: 10, width: 80, height: 30), text: "A very long text that cannot fit")
        harness.root.addSubview(long)
        let image = harness.render(scale: 2).image
        savePNG(image, "truncation")
        let box = try #require(inkBox(in: image, where: { $0.red < 0.5 }))
        #expect(box.maxX <= 90 && box.minX >= 10, "ink \(box) leaves the 80 pt label")
        #expect(box.maxX > 70, "the ellipsis should reach the end of the label: \(box)")
    }

    @Test("A button is highlighted between touch-down and touch-up, and not after")
    func buttonHighlight() throws {
        let button = Button(frame: Rect(x: 50, y: 50, width: 200, height: 60), title: "Press")
        button.backgroundColor = .orange
        harness.root.addSubview(button)
        let before = harness.render().image
        expectColor(before, at: Point(x: 60, y: 55), .orange, "normal")
        let touch = try #require(harness.application.touchDown(at: Point(x: 100, y: 80)))
        let during = harness.render().image
        // The normal background darkened by the 25 % black overlay.
        expectColor(during, at: Point(x: 60, y: 55), Color(red: 0.75, green: 0.375, blue: 0), "highlighted")
        harness.application.touchUp(touch, at: nil)
        let after = harness.render().image
        expectColor(after, at: Point(x: 60, y: 55), .orange, "after touch-up")
    }

    @Test("A disabled control is dimmed")
    func disabledDimmed() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 40), title: "Off")
        button.backgroundColor = .blue
        button.isEnabled = false
        let toggle = Switch(frame: Rect(x: 200, y: 0, width: 51, height: 31))
        toggle.isOn = true
        let enabledToggle = Switch(frame: Rect(x: 300, y: 0, width: 51, height: 31))
        enabledToggle.isOn = true
        toggle.isEnabled = false
        harness.root.addSubview(button)
        harness.root.addSubview(toggle)
        harness.root.addSubview(enabledToggle)
        let image = harness.render().image
        savePNG(image, "disabled")
        // Blue washed out with 55 % white.
        expectColor(image, at: Point(x: 5, y: 5), Color(red: 0.55, green: 0.55, blue: 1), "disabled button")
        let green = Color.systemGreen
        expectColor(image, at: Point(x: 308, y: 15.5), green, "enabled switch track")
        let half = Color(red: (green.red + 1) / 2, green: (green.green + 1) / 2, blue: (green.blue + 1) / 2)
        expectColor(image, at: Point(x: 208, y: 15.5), half, "disabled switch track at half opacity")
    }

    @Test("Window levels: an alert-level window covers a normal one; a hidden window shows nothing")
    func windowLevels() throws {
        let alert = harness.makeWindow(frame: Rect(x: 50, y: 50, width: 100, height: 100), level: .alert, color: .red)
        let normal = harness.makeWindow(frame: Rect(x: 100, y: 100, width: 100, height: 100), color: .blue)
        normal.makeKeyAndVisible()
        var frame = try harness.renderer.renderScene(harness.scene, scale: 1)
        expectColor(frame.image, at: Point(x: 125, y: 125), .red, "overlap: the alert level is in front")
        expectColor(frame.image, at: Point(x: 175, y: 175), .blue, "the normal window alone")
        expectColor(frame.image, at: Point(x: 300, y: 250), .white, "the first window (white root)")
        alert.isHidden = true
        frame = try harness.renderer.renderScene(harness.scene, scale: 1)
        expectColor(frame.image, at: Point(x: 125, y: 125), .blue, "after hiding the alert")
        #expect(frame.damagedBox == PixelRect(x: 50, y: 50, width: 100, height: 100), "only the alert's area is recomposed")
        savePNG(frame.image, "levels")
    }

    @Test("At scale 2 the image has twice the pixels and the same colours")
    func scale() {
        _ = add(Rect(x: 10, y: 10, width: 10, height: 10), .red)
        let image = harness.render(scale: 2).image
        #expect(image.width == 800 && image.height == 600)
        #expect(image.color(x: 20, y: 20).isClose(to: .red) && image.color(x: 39, y: 39).isClose(to: .red))
        #expect(image.color(x: 40, y: 40).isClose(to: .white))
    }

    @Test("An image view draws a PNG by content mode")
    func imageView() throws {
        let source = try makeCheckerPNG()
        let image = try Image(pngData: source.pngData())
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        view.backgroundColor = .yellow
        view.image = image
        view.contentMode = .scaleAspectFit
        harness.root.addSubview(view)
        let pixels = harness.render().image
        savePNG(pixels, "image-view")
        // A 20×10 image, fit to 200×100: ten times larger, filling the view.
        expectColor(pixels, at: Point(x: 5, y: 5), .red, "top-left quadrant of the image")
        expectColor(pixels, at: Point(x: 195, y: 95), .blue, "bottom-right quadrant")
        view.contentMode = .center
        let centered = harness.render().image
        expectColor(centered, at: Point(x: 5, y: 5), .yellow, "background around a centered image")
        expectColor(centered, at: Point(x: 91, y: 46), .red, "centered image's top-left")
    }

    /// A 20×10 PNG: red left half of the top row band, blue bottom-right.
    private func makeCheckerPNG() throws -> PixelImage {
        var pixels: [UInt32] = []
        for y in 0..<10 {
            for x in 0..<20 {
                pixels.append(x < 10 && y < 5 ? 0xFFFF_0000 : (x >= 10 && y >= 5 ? 0xFF00_00FF : 0xFF00_FF00))
            }
        }
        let image = try Image(width: 20, height: 10, pixels: pixels)
        let window = harness.makeWindow(frame: Rect(x: 0, y: 0, width: 20, height: 10), color: .clear)
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 20, height: 10))
        view.image = image
        window.addSubview(view)
        defer { window.windowScene = nil }
        return try harness.renderer.renderWindow(window, scale: 1).image
    }
}

/// The bounding box, in points, of the pixels for which `isInk` holds.
func inkBox(in image: PixelImage, where isInk: (Color) -> Bool) -> Rect? {
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    for y in 0..<image.height {
        for x in 0..<image.width where isInk(image.color(x: x, y: y)) {
            minX = min(minX, x)
            minY = min(minY, y)
            maxX = max(maxX, x)
            maxY = max(maxY, y)
        }
    }
    guard maxX >= 0 else { return nil }
    let s = image.scale
    return Rect(x: Double(minX) / s, y: Double(minY) / s, width: Double(maxX - minX + 1) / s, height: Double(maxY - minY + 1) / s)
}
