@testable import SceneRender
import SceneCore
import TestSupport
import Testing

/// The renderer's fast paths (views hidden by opaque views are skipped; rounded rectangles are
/// composited from cached masks) against the plain reference, on chosen cases and on random trees.
@MainActor
@Suite("Fast paths agree with the plain drawing")
struct FastPathTests {
    let harness = RenderHarness()

    /// A fresh full render without skipping hidden views (`masks`: with or without cached masks).
    private func reference(scale: Double = 1, masks: Bool = true) -> PixelImage {
        try! WindowRenderer(window: harness.window, scale: scale, usesMasks: masks, skipsHiddenViews: false).render().image
    }

    /// A fresh full render with every fast path.
    private func fresh(scale: Double = 1) -> PixelImage {
        try! WindowRenderer(window: harness.window, scale: scale).render().image
    }

    @Test("A redraw inside an opaque view draws nothing under it; isOpaque false draws it all")
    func occlusion() {
        let under = DrawCountingView(frame: Rect(x: 20, y: 20, width: 200, height: 200))
        let card = View(frame: Rect(x: 10, y: 10, width: 300, height: 250))
        card.backgroundColor = .systemGray6
        let dot = View(frame: Rect(x: 50, y: 50, width: 20, height: 20))
        dot.backgroundColor = .red
        card.addSubview(dot)
        harness.root.addSubview(under)
        harness.root.addSubview(card)
        _ = harness.render()
        let drawn = under.rects.count
        dot.backgroundColor = .blue
        var frame = harness.render()
        #expect(under.rects.count == drawn, "the view under the opaque card was drawn")
        #expect(frame.report.viewsDrawn == 1, "the dot hides everything under it: it alone is drawn")
        #expect(frame.image.hasSamePixels(as: reference()))
        card.isOpaque = false
        dot.backgroundColor = .green
        frame = harness.render()
        #expect(under.rects.count == drawn + 1, "isOpaque false: the view under it is drawn")
        #expect(frame.image.hasSamePixels(as: reference()))
    }

    @Test("Translucent, rounded and rotated views hide nothing", arguments: ["translucent", "rounded", "rotated"])
    func notOccluders(kind: String) {
        let under = DrawCountingView(frame: Rect(x: 20, y: 20, width: 200, height: 200))
        let card = View(frame: Rect(x: 10, y: 10, width: 300, height: 250))
        card.backgroundColor = kind == "translucent" ? Color.blue.withAlphaComponent(0.5) : .blue
        if kind == "rounded" { card.cornerRadius = 12 }
        if kind == "rotated" { card.transform = AffineTransform(rotationAngle: 0.01) }
        harness.root.addSubview(under)
        harness.root.addSubview(card)
        _ = harness.render()
        let drawn = under.rects.count
        card.setNeedsDisplay(Rect(x: 90, y: 90, width: 20, height: 20))
        let frame = harness.render()
        #expect(under.rects.count == drawn + 1, "\(kind): the view under it was skipped")
        #expect(frame.image.hasSamePixels(as: reference()))
    }

    @Test("A rounded fill from a cached mask matches the path fill: the same pixels but at the curved edges, within 12/255 there", arguments: [1.0, 2.0, 1.5])
    func roundedMasks(scale: Double) {
        var random = TestRandom(seed: 0x5EED ^ UInt64(scale * 10))
        for _ in 0..<60 {
            let view = View(
                frame: Rect(
                    x: random.double(0, 300), y: random.double(0, 200), width: random.double(1, 90), height: random.double(1, 90)))
            view.backgroundColor = Color(
                red: random.double(0, 1), green: random.double(0, 1), blue: random.double(0, 1), alpha: random.double(0.2, 1))
            view.cornerRadius = random.double(0.5, 30)
            if random.double(0, 1) < 0.3 { view.borderWidth = random.double(0.5, 3) }
            harness.root.addSubview(view)
        }
        let fast = harness.render(scale: scale).image
        let plain = reference(scale: scale, masks: false)
        // Cairo rasterizes the same path either way, but the mask's corner sits at its phase within
        // a pixel rather than at its absolute position, so curve flattening may round otherwise.
        let difference = largestDifference(fast, plain)
        let differing = differingPixels(fast, plain)
        #expect(difference <= 12, "largest channel difference \(difference)/255")
        #expect(differing * 100 <= fast.width * fast.height, "\(differing) pixels differ: more than the edges")
        #expect(fast.hasSamePixels(as: fresh(scale: scale)), "masks reused in another renderer give other pixels")
        if difference > 12 {
            savePNG(fast, "masks-fast-\(scale)")
            savePNG(plain, "masks-plain-\(scale)")
        }
    }

    @Test("Random trees and random changes: skipping hidden views changes no pixel of any redraw", arguments: 0..<8)
    func randomTrees(seed: Int) throws {
        var random = TestRandom(seed: UInt64(seed) &* 0x9E37_79B9 &+ 17)
        var views: [View] = [harness.root]
        for _ in 0..<45 {
            let parent = views[random.int(views.count)]
            let view: View
            if random.double(0, 1) < 0.15 {
                view = Label(frame: .zero, text: "Text \(random.int(100))")
            } else if random.double(0, 1) < 0.1 {
                view = Button(frame: .zero, title: "OK")
            } else {
                view = View(frame: .zero)
            }
            view.frame = Rect(
                x: random.double(-20, parent.bounds.width), y: random.double(-20, parent.bounds.height),
                width: random.double(4, 200), height: random.double(4, 160))
            randomize(view, &random)
            parent.addSubview(view)
            views.append(view)
        }
        // Two renderers kept up to date side by side: every fast path, and every view drawn.
        let fast = try WindowRenderer(window: harness.window, scale: 1)
        let plain = try WindowRenderer(window: harness.window, scale: 1, usesMasks: true, skipsHiddenViews: false)
        _ = fast.render()
        _ = plain.render()
        for step in 0..<6 {
            for _ in 0..<(1 + random.int(3)) {
                let view = views[1 + random.int(views.count - 1)]
                switch random.int(5) {
                case 0: view.center.x += random.double(-30, 30)
                case 1: view.isHidden.toggle()
                case 2: randomize(view, &random)
                case 3: view.superview?.bringSubviewToFront(view)
                default: view.setNeedsDisplay()
                }
            }
            let partial = fast.render()
            let drawnAll = plain.render()
            #expect(partial.damage == drawnAll.damage)
            let difference = partial.image.hasSamePixels(as: drawnAll.image) ? 0 : largestDifference(partial.image, drawnAll.image)
            #expect(difference == 0, "seed \(seed) step \(step): largest channel difference \(difference)/255")
            // Against a fresh full render without any fast path: the same but at a few edge pixels,
            // where masks (clipped, or at another phase) and transparency layers (at another origin)
            // round otherwise.
            let full = reference(masks: false)
            let differing = differingPixels(partial.image, full)
            #expect(differing * 500 <= full.width * full.height, "seed \(seed) step \(step): \(differing) pixels differ from a plain full render")
            if difference != 0 {
                savePNG(partial.image, "random-\(seed)-\(step)-fast")
                savePNG(drawnAll.image, "random-\(seed)-\(step)-plain")
                return
            }
        }
    }

    /// Colours (opaque ones often, to make occluders), corners, alpha, clipping, opacity flag and
    /// sometimes a rotation.
    private func randomize(_ view: View, _ random: inout TestRandom) {
        let opaque = random.double(0, 1) < 0.6
        view.backgroundColor =
            random.double(0, 1) < 0.15
            ? nil
            : Color(red: random.double(0, 1), green: random.double(0, 1), blue: random.double(0, 1), alpha: opaque ? 1 : random.double(0.1, 0.9))
        view.cornerRadius = random.double(0, 1) < 0.3 ? random.double(1, 20) : 0
        view.alpha = random.double(0, 1) < 0.15 ? random.double(0.3, 0.9) : 1
        view.clipsToBounds = random.double(0, 1) < 0.4
        view.isOpaque = random.double(0, 1) < 0.8
        view.transform = random.double(0, 1) < 0.1 ? AffineTransform(rotationAngle: random.double(-0.5, 0.5)) : .identity
        if random.double(0, 1) < 0.1 { view.borderWidth = random.double(1, 4) } else { view.borderWidth = 0 }
    }
}
