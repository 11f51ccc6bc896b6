import SceneCore
import SceneErrors
@testable import SceneRender
import TestSupport
import Testing

/// A view that counts the rectangles its `draw(_:in:)` is asked for.
@MainActor
final class DrawCountingView: View {
    var rects: [Rect] = []

    override func draw(_ rect: Rect, in context: any GraphicsContext) {
        rects.append(rect)
        context.fill(Rect(x: 5, y: 5, width: 10, height: 10), with: .black)
    }
}

@MainActor
@Suite("Redrawing only what changed")
struct DamageRedrawTests {
    let harness = RenderHarness()

    /// A grid of 10 × 6 coloured cells with a label each.
    private func buildGrid() -> [View] {
        var cells: [View] = []
        for row in 0..<6 {
            for column in 0..<10 {
                let cell = View(frame: Rect(x: Double(column) * 40, y: Double(row) * 50, width: 38, height: 48))
                cell.backgroundColor = Color(red: Double(column) / 10, green: Double(row) / 6, blue: 0.5)
                let label = Label(frame: Rect(x: 2, y: 10, width: 34, height: 20), text: "\(row * 10 + column)")
                label.font = .systemFont(ofSize: 11)
                cell.addSubview(label)
                harness.root.addSubview(cell)
                cells.append(cell)
            }
        }
        return cells
    }

    @Test("After one view changes colour only its pixels are redrawn, and the image equals a full redraw")
    func oneColourChange() {
        let cells = buildGrid()
        let full = harness.render()
        #expect(full.damagedArea == 400 * 300)
        let fullViews = full.report.viewsDrawn
        cells[23].backgroundColor = .magenta
        let partial = harness.render()
        #expect(partial.damage == [PixelRect(x: 120, y: 100, width: 38, height: 48)])
        // The cell and its label, 2 of the 122 views: the cell is opaque with an opaque background,
        // so the root and the window behind it are not drawn.
        #expect(partial.report.viewsDrawn == 2, "drew \(partial.report.viewsDrawn) views, the full frame drew \(fullViews)")
        expectColor(partial.image, at: Point(x: 121, y: 101), .magenta, "the changed cell")
        // A renderer that draws everything from scratch gives exactly the same pixels.
        let fresh = try! WindowRenderer(window: harness.window, scale: 1).render()
        #expect(fresh.damagedArea == 400 * 300)
        #expect(partial.image.hasSamePixels(as: fresh.image))
    }

    @Test("Moves, text changes and hiding redraw old and new places; the result equals a full redraw", arguments: [1.0, 2.0])
    func mixedChanges(scale: Double) {
        let cells = buildGrid()
        _ = harness.render(scale: scale)
        cells[5].center.x += 13.25
        cells[40].isHidden = true
        (cells[12].subviews[0] as! Label).text = "changed"
        cells[33].transform = AffineTransform(rotationAngle: 0.3)
        cells[50].alpha = 0.4
        let partial = harness.render(scale: scale)
        #expect(partial.damagedArea < Int(400 * 300 * scale * scale / 4))
        let fresh = try! WindowRenderer(window: harness.window, scale: scale).render()
        #expect(partial.image.hasSamePixels(as: fresh.image))
        if !partial.image.hasSamePixels(as: fresh.image) {
            savePNG(partial.image, "mixed-partial-\(scale)")
            savePNG(fresh.image, "mixed-full-\(scale)")
        }
    }

    @Test("draw(_:in:) is called only for damaged views, with the damaged part of their bounds")
    func drawOnlyDamaged() {
        let first = DrawCountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let second = DrawCountingView(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        harness.root.addSubview(first)
        harness.root.addSubview(second)
        _ = harness.render()
        #expect(first.rects == [Rect(x: 0, y: 0, width: 100, height: 100)])
        second.setNeedsDisplay(Rect(x: 10, y: 20, width: 30, height: 40))
        let frame = harness.render()
        #expect(first.rects.count == 1, "the undamaged view was drawn again")
        #expect(second.rects.last == Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(frame.damage == [PixelRect(x: 210, y: 20, width: 30, height: 40)])
    }

    @Test("Scenes and the screen asked at ever new scales keep images for the last two scales only, as windows do")
    func compositorsPerScaleAreBounded() throws {
        for step in 0..<40 {
            _ = try harness.renderer.renderScene(harness.scene, scale: 0.5 + Double(step) * 0.01)
            _ = try harness.renderer.renderScreen(harness.application, scale: 0.5 + Double(step) * 0.01)
        }
        #expect(harness.renderer.compositorCount == 2 * Renderer.scalesPerWindow)
        // The most recent scale is kept and still redraws only what changed.
        let again = try harness.renderer.renderScene(harness.scene, scale: 0.89)
        #expect(again.damage.isEmpty)
    }

    @Test("A window shown, moved or hidden recomposes its old and new places only, as a fresh composition would")
    func windowPlacement() throws {
        let other = harness.makeWindow(frame: Rect(x: 50, y: 40, width: 100, height: 80), level: .alert, color: .red)
        other.isHidden = true
        _ = try harness.renderer.renderScene(harness.scene, scale: 1)
        func recompose() throws -> CompositeFrame {
            let frame = try harness.renderer.renderScene(harness.scene, scale: 1)
            let fresh = try Renderer().renderScene(harness.scene, scale: 1)
            #expect(frame.image.hasSamePixels(as: fresh.image), "the recomposed screen differs from a fresh composition")
            return frame
        }
        other.isHidden = false
        var frame = try recompose()
        #expect(frame.damagedBox == PixelRect(x: 50, y: 40, width: 100, height: 80), "shown: \(frame.damage)")
        expectColor(frame.image, at: Point(x: 60, y: 50), .red, "the shown window")
        other.frame.origin = Point(x: 250, y: 150)
        frame = try recompose()
        #expect(frame.damage.reduce(0) { $0 + $1.area } == 2 * 100 * 80, "moved: \(frame.damage)")
        expectColor(frame.image, at: Point(x: 60, y: 50), .white, "its old place")
        expectColor(frame.image, at: Point(x: 260, y: 160), .red, "its new place")
        other.isHidden = true
        frame = try recompose()
        #expect(frame.damagedBox == PixelRect(x: 250, y: 150, width: 100, height: 80), "hidden: \(frame.damage)")
        frame = try recompose()
        #expect(frame.damage.isEmpty, "nothing changed since")
    }

    @Test("A renderer outlives its window safely: the window reads as gone and rendering draws nothing")
    func windowGone() throws {
        var window: Window? = Window(frame: Rect(x: 0, y: 0, width: 50, height: 40))
        window?.backgroundColor = .red
        let renderer = try WindowRenderer(window: window!, scale: 1)
        let first = renderer.render()
        #expect(renderer.window != nil && first.damagedArea == 50 * 40)
        window = nil
        #expect(renderer.window == nil)
        #expect(!renderer.needsRendering)
        #expect(renderer.render().damage.isEmpty)
    }

    @Test("A scene connected after another was disconnected gets its own composition, never the old one's")
    func sceneReplaced() throws {
        let application = Application(clock: ManualClock(now: 0))
        let renderer = Renderer()
        func connect(_ color: Color) throws -> WindowScene {
            try application.connectScene(
                named: "s",
                delegate: ClosureSceneDelegate { scene in
                    let window = Window(windowScene: scene)
                    window.backgroundColor = color
                    window.makeKeyAndVisible()
                }, screenFrame: Rect(x: 0, y: 0, width: 60, height: 40))
        }
        var scene = try connect(.red)
        var frame = try renderer.renderScene(scene, scale: 1)
        expectColor(frame.image, at: Point(x: 30, y: 20), .red, "the first scene")
        application.disconnect(scene)
        scene = try connect(.blue)
        frame = try renderer.renderScene(scene, scale: 1)
        expectColor(frame.image, at: Point(x: 30, y: 20), .blue, "the second scene")
        #expect(frame.damage.reduce(0) { $0 + $1.area } == 60 * 40, "composed in full, as a new scene")
    }

    @Test("Nothing changed: nothing is drawn and the frame is the same memory")
    func noChange() {
        _ = buildGrid()
        let first = harness.render()
        let second = harness.render()
        #expect(second.damage.isEmpty && second.frameNumber == first.frameNumber)
    }

    @Test("A frame handed out is never drawn over")
    func framesAreImmutable() {
        let cells = buildGrid()
        let before = harness.render()
        let color = before.image.color(x: 130, y: 110)
        cells[23].backgroundColor = .magenta
        let after = harness.render()
        #expect(before.image.color(x: 130, y: 110) == color)
        #expect(after.image.color(x: 130, y: 110).isClose(to: .magenta))
    }

    @Test("Text layouts are built once per text, font and width, not per frame")
    func layoutCache() throws {
        let label = Label(frame: Rect(x: 10, y: 10, width: 200, height: 30), text: "Cached")
        harness.root.addSubview(label)
        _ = harness.render()
        let renderer = try harness.renderer.windowRenderer(for: harness.window, scale: 1)
        let built = renderer.textLayoutsBuilt
        label.center.y += 50
        label.textColor = .red
        _ = harness.render()
        #expect(renderer.textLayoutsBuilt == built, "moving or recolouring rebuilt a layout")
        label.text = "Changed"
        _ = harness.render()
        #expect(renderer.textLayoutsBuilt == built + 1)
        label.frame.size.width = 150
        _ = harness.render()
        #expect(renderer.textLayoutsBuilt == built + 2)
    }

    @Test("Layouts outlive frames that do not draw them, and a window's scales share one Pango context")
    func layoutsKept() throws {
        let cells = buildGrid()
        for index in 0..<20 {
            harness.root.addSubview(Label(frame: Rect(x: Double(index) * 20, y: 280, width: 20, height: 20), text: "L\(index)"))
        }
        _ = harness.render()
        let renderer = try harness.renderer.windowRenderer(for: harness.window, scale: 1)
        let built = renderer.textLayoutsBuilt
        #expect(built >= 80, "80 labels: more than a cache of 64 would keep")
        // Ten partial redraws that draw one cell's label each, then everything again.
        for index in 0..<10 {
            cells[index].backgroundColor = .gray
            _ = harness.render()
        }
        harness.window.setNeedsDisplay()
        _ = harness.render()
        #expect(renderer.textLayoutsBuilt == built, "layouts undrawn for a few frames were built again")
        // Another scale: the same layouts, the same Pango context.
        let double = try harness.renderer.windowRenderer(for: harness.window, scale: 2)
        _ = double.render()
        #expect(double.textLayoutsBuilt == built, "the renderer at scale 2 laid the texts out again")
    }

    @Test("Rendering is deterministic: the same tree gives the same pixels in another renderer")
    func deterministic() {
        _ = buildGrid()
        let first = harness.render(scale: 2)
        let other = try! Renderer().renderWindow(harness.window, scale: 2)
        #expect(first.image.hasSamePixels(as: other.image))
    }

    @Test("A bad scale is refused with the value named", arguments: [0.0, -1, .nan, .infinity, 9])
    func badScale(scale: Double) {
        do {
            _ = try harness.renderer.renderWindow(harness.window, scale: scale)
            Issue.record("scale \(scale) was accepted")
        } catch {
            #expect(error.code == .invalidScale)
            #expect(error.message.contains("scale \(scale.compactDescription)"))
        }
    }
}

@MainActor
@Suite("Redrawing a window grown past any pixel size")
struct HugeWindowRedrawTests {
    let harness = RenderHarness()

    @Test("A kept image whose window grows to 1e300 points is redrawn within the image it has, without trapping")
    func hugeWindowDamageIsClamped() throws {
        let first = harness.render()
        #expect(first.damagedArea == 400 * 300)
        // A scene resized to a finite but enormous size (Scene1.Resize accepts it when no
        // restriction forbids it): the damage is finite, far beyond Int pixel coordinates.
        harness.window.frame = Rect(x: 0, y: 0, width: 1e300, height: 1e300)
        harness.root.backgroundColor = .black
        #expect(harness.renderer.performRedrawsOwed() >= 0)
        harness.window.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        let back = harness.render()
        expectColor(back.image, at: Point(x: 10, y: 10), .black, "the root, redrawn once the window is back")
    }
}
