@testable import SceneRender
import SceneCore
import TestSupport
import Testing

/// A scrolled frame moves the picture instead of redrawing it [SV-27]: the decision alone, what a
/// qualifying move redraws, the cases that fall back, and the differential test against the renderer
/// that always redraws, on random scrolls.
@MainActor
@Suite("Scroll moves: pixels moved, not redrawn")
struct ScrollBlitTests {
    let harness = RenderHarness()
    /// The rows of ``laidOutTable()`` (a table holds its data source weakly).
    let rows = Rows()

    /// Rows "Row 1" … of a changing text, 44 pt each.
    final class Rows: TableViewDataSource {
        var count = 200
        var prefix = "Row"
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: SceneCore.IndexPath) throws -> TableViewCell {
            let cell = try tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel.text = "\(prefix) \(indexPath.row + 1)"
            return cell
        }
    }

    /// A plain scroll view with an opaque background over content 3,000 pt tall: coloured bands and
    /// labels at fractional places.
    private func plainScrollView(frame: Rect, whole: Bool = false) -> ScrollView {
        let scrollView = ScrollView(frame: frame)
        scrollView.backgroundColor = .systemGray6
        scrollView.contentSize = Size(width: frame.width, height: 3000)
        for index in 0..<40 {
            let y = Double(index) * 75 + (whole ? 0 : 0.25 * Double(index % 4))
            let band = View(frame: Rect(x: 8 + (whole ? 0 : Double(index % 3) * 0.5), y: y, width: frame.width - 30, height: 50))
            band.backgroundColor = [Color.red, .blue, .green, .orange][index % 4].withAlphaComponent(index % 5 == 0 ? 0.6 : 1)
            band.cornerRadius = index % 2 == 0 ? 6 : 0
            let label = Label(frame: Rect(x: 6, y: whole ? 12 : 12.5, width: 200, height: 24))
            label.text = "Item \(index) — gjpqy"
            band.addSubview(label)
            scrollView.addSubview(band)
        }
        return scrollView
    }

    private func table(frame: Rect, rows: Rows) -> TableView {
        let table = TableView(frame: frame)
        table.backgroundColor = .white
        table.rowHeight = 44
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        table.dataSource = rows
        return table
    }

    /// A table of ``rows`` filling the root, laid out.
    private func laidOutTable() -> TableView {
        let table = table(frame: Rect(x: 0, y: 0, width: 400, height: 300), rows: rows)
        harness.root.addSubview(table)
        harness.application.layoutIfNeeded()
        return table
    }

    private func renderers(scale: Double) -> (fast: WindowRenderer, plain: WindowRenderer) {
        (
            try! WindowRenderer(window: harness.window, scale: scale, usesMasks: false),
            try! WindowRenderer(window: harness.window, scale: scale, usesMasks: false, movesScrolledPixels: false)
        )
    }

    /// ``plainScrollView(frame:whole:)`` at (20, 20, 300 × 240) in `parent` (the root), set up by
    /// `configure` first, and both renderers at scale 1 with a first frame drawn.
    private func drawnScrollView(in parent: View? = nil, configure: (ScrollView) -> Void = { _ in })
        -> (ScrollView, fast: WindowRenderer, plain: WindowRenderer)
    {
        let scrollView = plainScrollView(frame: Rect(x: 20, y: 20, width: 300, height: 240))
        configure(scrollView)
        (parent ?? harness.root).addSubview(scrollView)
        let (fast, plain) = renderers(scale: 1)
        _ = fast.render()
        _ = plain.render()
        return (scrollView, fast, plain)
    }

    // MARK: The decision alone

    @Test("A move of whole pixels copies what stays in view and leaves the strip that came into view")
    func decisionForWholePixels() throws {
        let move = ScrollMove(visibleRect: Rect(x: 10, y: 20, width: 100, height: 50), delta: Point(x: 0, y: -7), region: DamageRegion())
        let limit = PixelRect(x: 0, y: 0, width: 400, height: 300)
        let plan = try #require(ScrollBlit(move: move, origin: .zero, scale: 1, limit: limit))
        #expect(plan.source == PixelRect(x: 10, y: 27, width: 100, height: 43))
        #expect(plan.destination == PixelRect(x: 10, y: 20, width: 100, height: 43))
        #expect(plan.exposed == [PixelRect(x: 10, y: 63, width: 100, height: 7)])
        let double = try #require(ScrollBlit(move: ScrollMove(visibleRect: move.visibleRect, delta: Point(x: 0, y: 0.5), region: DamageRegion()), origin: .zero, scale: 2, limit: PixelRect(x: 0, y: 0, width: 800, height: 600)))
        #expect(double.dy == 1, "half a point is a whole pixel at scale 2")
    }

    @Test("A fractional pixel delta, or a jump past the whole visible area, is not copied")
    func decisionDeclines() {
        let limit = PixelRect(x: 0, y: 0, width: 400, height: 300)
        let visible = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(ScrollBlit(move: ScrollMove(visibleRect: visible, delta: Point(x: 0, y: 0.5), region: DamageRegion()), origin: .zero, scale: 1, limit: limit) == nil)
        #expect(ScrollBlit(move: ScrollMove(visibleRect: visible, delta: Point(x: 0, y: 50), region: DamageRegion()), origin: .zero, scale: 1, limit: limit) == nil)
    }

    @Test("A visible area on half pixels copies only whole pixels; the edge pixels are redrawn")
    func decisionOnHalfPixels() throws {
        let move = ScrollMove(visibleRect: Rect(x: 10.5, y: 20.5, width: 100, height: 50), delta: Point(x: 0, y: 4), region: DamageRegion())
        let plan = try #require(ScrollBlit(move: move, origin: .zero, scale: 1, limit: PixelRect(x: 0, y: 0, width: 400, height: 300)))
        #expect(plan.destination == PixelRect(x: 11, y: 25, width: 99, height: 45))
        let exposedArea = plan.exposed.reduce(0) { $0 + $1.area }
        #expect(exposedArea == 101 * 51 - 99 * 45, "the covering pixels less the copied ones")
    }

    // MARK: What a move redraws

    @Test("Scrolling a plain scroll view by 10 points redraws only the 10-point strip that came into view")
    func plainMoveRedrawsTheStrip() {
        let (scrollView, fast, plain) = drawnScrollView()
        scrollView.contentOffset = Point(x: 0, y: 10)
        let frame = fast.render()
        #expect(frame.moved == PixelRect(x: 20, y: 20, width: 300, height: 230))
        #expect(frame.redrawnArea == 300 * 10 + 3 * 240, "the strip, and the indicator track (2.5 pt, on 3 pixels) down the whole view")
        #expect(frame.damagedBox == PixelRect(x: 20, y: 20, width: 300, height: 240), "the moved pixels are changed pixels too")
        #expect(frame.image.hasSamePixels(as: plain.render().image))
    }

    @Test("Scrolling a table by whole points redraws the strip and a recycled row where the move carried it, not the table")
    func tableMoveRedrawsLittle() {
        let table = laidOutTable()
        let (fast, plain) = renderers(scale: 1)
        _ = fast.render()
        _ = plain.render()
        for step in 1...30 {
            table.contentOffset = Point(x: 0, y: Double(step) * 7)
            harness.application.layoutIfNeeded()
            let frame = fast.render()
            let reference = plain.render()
            #expect(frame.moved != nil, "step \(step)")
            #expect(frame.redrawnArea <= 400 * (7 + 44) + 3 * 300, "step \(step): at most the strip, a recycled row and the indicator track")
            #expect(reference.redrawnArea == 400 * 300)
            #expect(frame.image.hasSamePixels(as: reference.image), "step \(step)")
        }
    }

    // MARK: Falling back

    @Test("A half-point move at scale 1 is redrawn, not moved")
    func fractionalMoveFallsBack() {
        let (scrollView, fast, plain) = drawnScrollView()
        scrollView.contentOffset = Point(x: 0, y: 10.5)
        let frame = fast.render()
        #expect(frame.moved == nil)
        #expect(frame.image.hasSamePixels(as: plain.render().image))
    }

    @Test(
        "A scroll view that does not qualify is redrawn",
        arguments: ["clear over a sibling", "rounded", "ancestor transform", "translucent", "resized too", "not clipping"])
    func nonQualifyingFallsBack(kind: String) {
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        harness.root.addSubview(container)
        let (scrollView, fast, plain) = drawnScrollView(in: container) { scrollView in
            switch kind {
            case "clear over a sibling":
                let under = View(frame: Rect(x: 50, y: 50, width: 40, height: 40))
                under.backgroundColor = .purple
                container.addSubview(under)
                scrollView.backgroundColor = nil
            case "rounded": scrollView.cornerRadius = 8
            case "ancestor transform": container.transform = AffineTransform(translationX: 0.5, y: 0)
            case "translucent": scrollView.alpha = 0.9
            case "not clipping": scrollView.clipsToBounds = false
            default: break
            }
        }
        scrollView.contentOffset = Point(x: 0, y: 10)
        if kind == "resized too" { scrollView.frame.size.height = 230 }
        let frame = fast.render()
        #expect(frame.moved == nil)
        #expect(frame.image.hasSamePixels(as: plain.render().image))
    }

    @Test("A clear scroll view over its window's white alone is moved: the backdrop is one colour")
    func clearOverUniformBackdropIsMoved() {
        let (scrollView, fast, plain) = drawnScrollView { $0.backgroundColor = nil }
        scrollView.contentOffset = Point(x: 0, y: 12)
        let frame = fast.render()
        #expect(frame.moved != nil)
        #expect(frame.image.hasSamePixels(as: plain.render().image))
    }

    @Test("Content damaged between two offset changes of one frame: the frame is redrawn")
    func damageBetweenMovesFallsBack() {
        let (scrollView, fast, plain) = drawnScrollView()
        scrollView.contentOffset = Point(x: 0, y: 10)
        scrollView.subviews[1].backgroundColor = .black
        scrollView.contentOffset = Point(x: 0, y: 20)
        let frame = fast.render()
        #expect(frame.moved == nil)
        #expect(frame.image.hasSamePixels(as: plain.render().image))
        scrollView.contentOffset = Point(x: 0, y: 25)
        scrollView.contentOffset = Point(x: 0, y: 31)
        let composed = fast.render()
        #expect(composed.moved == PixelRect(x: 20, y: 20, width: 300, height: 229), "two moves with nothing between compose")
        #expect(composed.image.hasSamePixels(as: plain.render().image))
    }

    @Test("A renderer at another scale drawing between two offset changes: the other's move stops composing, its frame is right")
    func anotherRendererBetweenMoves() {
        let table = laidOutTable()
        let other = try! WindowRenderer(window: harness.window, scale: 1)
        let (fast, plain) = renderers(scale: 2)
        _ = other.render()
        _ = fast.render()
        _ = plain.render()
        table.contentOffset = Point(x: 0, y: 30)
        harness.application.layoutIfNeeded()
        _ = other.render()  // measures the table at 30: extents are where the content is now
        table.contentOffset = Point(x: 0, y: 100)
        harness.application.layoutIfNeeded()
        let frame = fast.render()
        #expect(frame.moved == nil, "measured in between: the move from 0 to 100 is not copied")
        #expect(frame.image.hasSamePixels(as: plain.render().image))
        table.contentOffset = Point(x: 0, y: 130)
        harness.application.layoutIfNeeded()
        _ = other.render()
        let next = fast.render()
        #expect(next.moved != nil, "one offset change, measured after it: copied")
        #expect(next.image.hasSamePixels(as: plain.render().image))
    }

    // MARK: Differential

    /// Random scrolls of a table or a plain scroll view at scale 1 or 2, with views above it (a
    /// translucent rounded card, a label, the root's border), indicators flashed and fading, content
    /// changed and views moved between frames, one or two offset changes a frame (layout between them
    /// or not), whole-point steps, fractional steps and jumps: the renderer that moves pixels and the
    /// one that redraws keep the same image.
    ///
    /// "whole": every edge on whole pixels (the scroll view, the content, the offsets): the images are
    /// the same to the bit. Otherwise (edges on fractions of a pixel, fractional offsets too, and a
    /// table's half-point separators at scale 1) Cairo rounds an edge pixel's coverage according to
    /// the clip it is drawn under, and a move keeps pixels drawn under another clip (the renderer
    /// without moves differs from a fresh full rendering the same way, less often): at most 1 % of
    /// the pixels may differ, by at most 16/255, and a smear (a row drawn twice or left behind) would
    /// differ by far more.
    @Test(
        "Random scrolls render the same pixels moved as redrawn, frame by frame",
        arguments: [1.0, 2.0], ["table whole", "plain whole", "table fractional", "plain fractional"])
    func randomScrolls(scale: Double, setup: String) {
        let kind = setup.hasPrefix("table") ? "table" : "plain"
        let whole = setup.hasSuffix("whole")
        // A cell's separator is half a point tall: on half a pixel at scale 1.
        let exact = whole && !(kind == "table" && scale == 1)
        var random = SplitMix64(seed: 0x5C_0000 &+ UInt64(scale) &* 16 &+ UInt64(setup.utf8.count))
        let rows = Rows()
        let frame = Rect(x: whole ? 10 : 10.5, y: 15, width: 330, height: 260)
        let scrollView: ScrollView = kind == "table" ? table(frame: frame, rows: rows) : plainScrollView(frame: frame, whole: whole)
        if kind == "plain" { scrollView.contentSize.width = 600 }
        harness.root.addSubview(scrollView)
        // Views above the scroll view, overlapping it: a translucent card and a label, and a border.
        let card = View(frame: Rect(x: 250, y: 80, width: 120, height: 60))
        card.backgroundColor = Color.blue.withAlphaComponent(0.4)
        card.cornerRadius = 10
        harness.root.addSubview(card)
        let badge = Label(frame: Rect(x: 30, y: whole ? 200 : 200.5, width: 90, height: 20))
        badge.text = "Badge"
        harness.root.addSubview(badge)
        harness.root.borderWidth = whole ? 1 : 1.5
        harness.root.borderColor = .red
        harness.application.layoutIfNeeded()
        let (fast, plain) = renderers(scale: scale)
        var moved = 0
        var worst = 0
        var log: [String] = []
        for step in 0..<90 {
            log.append("step \(step):")
            let moves = random.below(4) == 0 ? 2 : 1
            for index in 0..<moves {
                var offset = scrollView.contentOffset
                switch random.below(10) {
                case 0 where !whole: offset.y += random.unit() * 40 - 20  // fractional
                case 1: offset.y = Double(random.below(3000))  // a jump
                case 2: offset.x += Double(random.below(9)) - 4
                default: offset.y += Double(random.below(61)) - 30
                }
                offset.y = max(0, offset.y)
                offset.x = kind == "plain" ? max(0, offset.x) : 0
                scrollView.contentOffset = offset
                log.append("offset \(offset)")
                if index == 0 && moves == 2 && random.below(2) == 0 {
                    harness.application.layoutIfNeeded()
                    log.append("layout")
                }
            }
            let change = random.below(8)
            log.append("change \(change)")
            switch change {
            case 0:
                if kind == "table" {
                    rows.prefix = ["Row", "Line", "Entry"][random.below(3)]
                    scrollView.visibleCellsForTests.randomElement(using: &random)?.textLabel.text = "\(rows.prefix) changed \(step)"
                } else {
                    scrollView.subviews.randomElement(using: &random)?.backgroundColor = [Color.cyan, .yellow, .magenta][random.below(3)]
                }
            case 1: card.frame.origin = Point(x: 200 + Double(random.below(100)), y: 40 + Double(random.below(200)))
            case 2: scrollView.flashScrollIndicators()
            case 3: badge.isHidden.toggle()
            default: break
            }
            harness.clock.advance(by: random.below(3) == 0 ? 0.2 : 1.0 / 60)
            harness.application.layoutIfNeeded()
            let frame = fast.render()
            let reference = plain.render()
            if frame.moved != nil { moved += 1 }
            log.append("moved \(String(describing: frame.moved))")
            let differing = differingPixels(frame.image, reference.image)
            let largest = differing == 0 ? 0 : largestDifference(frame.image, reference.image)
            if exact {
                #expect(differing == 0, "step \(step): \(differing) pixels differ: \(differingRows(frame.image, reference.image)); \(log.suffix(6).joined(separator: " "))")
            } else {
                worst = max(worst, differing)
                #expect(differing * 100 <= frame.image.width * frame.image.height, "step \(step): \(differing) pixels differ")
                #expect(largest <= 16, "step \(step): a channel differs by \(largest)/255 at \(differingRows(frame.image, reference.image))")
            }
            if differing > 0 && exact {
                _ = savePNG(frame.image, "scroll-blit-\(kind)-\(Int(scale))-moved")
                _ = savePNG(reference.image, "scroll-blit-\(kind)-\(Int(scale))-redrawn")
                return
            }
        }
        #expect(moved >= 30, "the fast path ran (\(moved) frames moved)")
        if !exact { print("\(setup) at \(scale): at most \(worst) pixels differ in a frame") }
    }
}

/// The rows that differ, each with its count of differing pixels.
private func differingRows(_ a: PixelImage, _ b: PixelImage) -> String {
    var rows: [String] = []
    for y in 0..<a.height {
        let xs = (0..<a.width).filter { a.pixel(x: $0, y: y) != b.pixel(x: $0, y: y) }
        if let first = xs.first, let last = xs.last {
            rows.append("y\(y):\(xs.count)@\(first)-\(last) \(String(a.pixel(x: first, y: y), radix: 16))≠\(String(b.pixel(x: first, y: y), radix: 16))")
        }
    }
    return rows.prefix(40).joined(separator: " ")
}

/// The smallest pixel rectangle holding every pixel that differs.
private func differingBox(_ a: PixelImage, _ b: PixelImage) -> PixelRect {
    var box = PixelRect(x: 0, y: 0, width: 0, height: 0)
    for y in 0..<a.height {
        for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
            box = box.union(PixelRect(x: x, y: y, width: 1, height: 1))
        }
    }
    return box
}

extension ScrollView {
    /// The table's visible cells (none for a plain scroll view).
    fileprivate var visibleCellsForTests: [TableViewCell] {
        (self as? TableView)?.visibleCells ?? []
    }
}

