import BenchSupport
import CAllocCounter
import Foundation
import SceneCore
import SceneRender

/// Issue 24's list targets: a table of 100,000 rows ("Row 1" … "Row 100000", 44 pt each) filling a
/// 390 × 844 window at scale 1, scrolled frame by frame and drawn by the renderer, against GTK 4's
/// `GtkListView` of the same rows (the list peer, `Benchmarks/GTKPeer/list_peer.c`, Cairo renderer,
/// under Xvfb) scrolled to the same offsets in the same run; the heap of 100,000 rows against 1,000;
/// the cells alive; a jump to any row.
@MainActor
func runListSection(config: MeasureConfig, useGTK: Bool, saveDirectory: String?) {
    let report = Report.shared
    report.heading("Scrolling and lists (a 100,000-row table)")
    let rows = 100_000
    let table = ScrolledTable(rows: rows)
    // The same table drawn by a renderer that redraws the scrolled area instead of moving it [SV-27].
    let redrawing = ScrolledTable(rows: rows, movesScrolledPixels: false)
    // The middle of the table, then three speeds: 480, 2,000 and 7,200 pt/s at 60 frames a second.
    let start = Double(rows / 2) * ScrolledTable.rowHeight + 0.5
    let speeds: [(name: String, delta: Double)] = [("slow, 8 pt a frame", 8), ("a flick, 33.3 pt a frame", 33.3), ("fast, 120 pt a frame", 120)]
    let framesPerRun = 60

    var peer: GTKPeer?
    if useGTK {
        do {
            report.progress("lists: starting the GTK list peer")
            peer = try GTKPeer(source: Paths.listPeerSource, buildDirectory: Paths.peerBuild, argument: "\(rows)")
        } catch {
            report.line("- **\(error)**: the GTK ratios are not measured in this run.")
        }
    } else {
        report.line("- the GTK peer is skipped (--no-gtk): the GTK ratios are not measured in this run.")
    }
    defer { peer?.stop() }

    // Checked once per speed: the row at the top after the frames is the same on both sides, and
    // SceneCore's is the one the offset puts there.
    for speed in speeds {
        let end = start + Double(framesPerRun) * speed.delta
        _ = table.frames(from: start, delta: speed.delta, count: framesPerRun)
        let expected = Int(end / ScrolledTable.rowHeight) + 1
        if table.topRow != expected { report.fail("lists: after scrolling to \(end) the top row is \(table.topRow), not \(expected)") }
        if let peer, let answer = try? peer.scrollFrames(start: start, delta: speed.delta, frames: framesPerRun), answer.topRow != expected {
            report.fail("lists: GTK's top row after scrolling to \(end) is \(answer.topRow), not \(expected)")
        }
    }
    // Checked: the frames moved are the frames redrawn, but for Cairo's rounding of edge pixels drawn
    // under another clip (SV-27; the offsets are on half points, so text and separators are on half
    // pixels): by at most 16/255 (the count is reported). A row smeared or left behind would differ by
    // far more.
    var worstDiffering = 0, worstChannel = 0, framesDiffering = 0
    for speed in speeds {
        for (origin, step) in [(start, speed.delta), (start + Double(framesPerRun) * speed.delta, -speed.delta)] {
            for index in 1...framesPerRun {
                let y = ScrolledTable.offset(from: origin, step: step, index: index)
                let (differing, channel) = pixelDifference(table.frameImage(at: y), redrawing.frameImage(at: y))
                if differing > 0 { framesDiffering += 1 }
                worstDiffering = max(worstDiffering, differing)
                worstChannel = max(worstChannel, channel)
            }
        }
    }
    let pixelsInFrame = Int(ScrolledTable.windowSize.width * ScrolledTable.windowSize.height)
    if worstChannel > 16 {
        report.fail("lists: a frame moved differs from the frame redrawn in \(worstDiffering) pixels, by up to \(worstChannel)/255")
    }
    if let directory = saveDirectory {
        table.save(to: directory + "/list-scenerender.png")
        redrawing.save(to: directory + "/list-scenerender-redrawn.png")
        try? peer?.save(to: directory + "/list-gtk.png")
    }

    var rowsOut: [[String]] = []
    var drawnOut: [[String]] = []
    var worstFrame = 0.0
    var gtkWidgets = 0
    for speed in speeds {
        report.progress("lists: \(speed.name)")
        // One operation: the frames forward and back again, so every trial starts where the last ended.
        func workload(_ side: ScrolledTable) -> Workload {
            { n in
                var checksum = 0
                for _ in 0..<n {
                    checksum &+= side.frames(from: start, delta: speed.delta, count: framesPerRun)
                    checksum &+= side.frames(from: start + Double(framesPerRun) * speed.delta, delta: -speed.delta, count: framesPerRun)
                }
                return checksum
            }
        }
        let frames = workload(table), redrawn = workload(redrawing)
        let count = calibrateCount(frames, seconds: config.minimumTrialSeconds)
        let redrawnCount = calibrateCount(redrawn, seconds: config.minimumTrialSeconds)
        var swift = Trials(), swiftRedrawn = Trials(), gtk = Trials()
        for _ in 0..<config.trials {
            swift.nanos.append(timeTrial(frames, count) / Double(2 * framesPerRun))
            swiftRedrawn.nanos.append(timeTrial(redrawn, redrawnCount) / Double(2 * framesPerRun))
            if let peer {
                do {
                    let forward = try peer.scrollFrames(start: start, delta: speed.delta, frames: framesPerRun)
                    let back = try peer.scrollFrames(start: start + Double(framesPerRun) * speed.delta, delta: -speed.delta, frames: framesPerRun)
                    gtk.nanos.append((forward.total + back.total) / 2)
                    gtkWidgets = back.rowWidgets
                } catch {
                    report.fail("\(error)")
                }
            }
        }
        worstFrame = max(worstFrame, table.worstFrame(from: start, delta: speed.delta, count: framesPerRun))
        let ratio = gtk.nanos.isEmpty ? Double.nan : gtk.median / swift.median
        rowsOut.append([
            speed.name, micro(swift), micro(swiftRedrawn), Format.ratio(swiftRedrawn.median / swift.median),
            gtk.nanos.isEmpty ? "not measured" : micro(gtk), gtk.nanos.isEmpty ? "n/a" : Format.ratio(ratio), "≥ 2×",
            gtk.nanos.isEmpty ? "not measured" : verdict(ratio >= 2, "a scrolled frame vs GTK (\(speed.name))"),
        ])
        let moved = table.drawnPerFrame(from: start, delta: speed.delta, count: framesPerRun)
        let whole = redrawing.drawnPerFrame(from: start, delta: speed.delta, count: framesPerRun)
        drawnOut.append([
            speed.name, Format.grouped(Int(moved.pixels)), Format.grouped(Int(whole.pixels)), String(format: "%.1f", moved.views),
            String(format: "%.1f", whole.views), "\(moved.movedFrames) of \(framesPerRun)",
        ])
    }
    report.table(
        [
            "one scrolled frame (offset, layout, render)", "SceneRender, pixels moved (µs)", "SceneRender, area redrawn (µs)", "ratio redrawn ÷ moved",
            "GTK 4 `GtkListView` (µs)", "ratio GTK ÷ SceneRender (moved)", "target", "result",
        ], rowsOut)
    report.table(
        ["drawn per scrolled frame (mean of the frames forward)", "pixels redrawn, moved", "pixels redrawn, area redrawn", "views drawn, moved", "views drawn, area redrawn", "frames moved"],
        drawnOut)
    report.line(
        "- The \(6 * framesPerRun) frames moved against the same frames redrawn: \(framesDiffering) differ, in at most "
            + "\(worstDiffering) pixels of \(Format.grouped(pixelsInFrame)), by at most \(worstChannel)/255 (edge pixels Cairo rounds "
            + "by the clip they were drawn under).")
    report.table(
        ["", "value", "target", "result"],
        [["the costliest single frame of the three speeds, µs", Format.ns(worstFrame / 1000), "≤ 4,000", verdict(worstFrame <= 4_000_000, "the costliest scrolled frame")]])

    // Heap and cells: a table of 1,000 rows against one of 100,000, each built, scrolled and drawn.
    // (A first table, not measured, builds what any table's drawing keeps: fonts, glyph caches.)
    _ = ScrolledTable.heapInUse(rows: 1_000)
    let small = ScrolledTable.heapInUse(rows: 1_000)
    let large = ScrolledTable.heapInUse(rows: rows)
    let extra = Double(large.heap) - Double(small.heap)
    report.table(
        ["", "1,000 rows", "100,000 rows", "difference", "target", "result"],
        [
            [
                "heap in use (bytes) with the table built, scrolled and drawn", Format.grouped(small.heap), Format.grouped(large.heap),
                Format.grouped(Int(extra)), "≤ 1,048,576", verdict(extra <= 1_048_576, "the heap of 100,000 rows against 1,000"),
            ],
            ["cells in the table (on screen; the reuse queue is in the heap)", "\(small.cells)", "\(large.cells)", "\(large.cells - small.cells)", "equal", verdict(small.cells == large.cells, "cells alive")],
        ])

    // A jump to a random row: O(1) with fixed heights, so 100,000 rows cost what 1,000 do.
    report.progress("lists: jumps")
    let smallTable = ScrolledTable(rows: 1_000)
    var random = SplitMix64(seed: 0x7AB1E)
    let jumpLarge: Workload = { n in
        var checksum = 0
        for _ in 0..<n { checksum &+= table.jump(to: Int(random.nextUnit() * Double(rows))) }
        return checksum
    }
    let jumpSmall: Workload = { n in
        var checksum = 0
        for _ in 0..<n { checksum &+= smallTable.jump(to: Int(random.nextUnit() * 1_000)) }
        return checksum
    }
    let drawnLarge: Workload = { n in
        var checksum = 0
        for _ in 0..<n { checksum &+= table.jump(to: Int(random.nextUnit() * Double(rows)), drawing: true) }
        return checksum
    }
    let drawnSmall: Workload = { n in
        var checksum = 0
        for _ in 0..<n { checksum &+= smallTable.jump(to: Int(random.nextUnit() * 1_000), drawing: true) }
        return checksum
    }
    let jumps = measureInterleaved([jumpSmall, jumpLarge, drawnSmall, drawnLarge], config: config)
    let jumpRatio = jumps[1].median / jumps[0].median
    report.table(
        ["a jump to a random row", "1,000 rows (µs)", "100,000 rows (µs)", "ratio", "target", "result"],
        [
            [
                "`scrollToRow(at:at: .top)` and the layout (cells dequeued and filled)", Format.ns(jumps[0].median / 1000), Format.ns(jumps[1].median / 1000),
                Format.ratio(jumpRatio), "≤ 1.5×", verdict(jumpRatio <= 1.5, "a jump in 100,000 rows against 1,000"),
            ],
            [
                "… and the frame drawn", Format.ns(jumps[2].median / 1000), Format.ns(jumps[3].median / 1000), Format.ratio(jumps[3].median / jumps[2].median),
                "(info)", "",
            ],
        ])
    report.line(
        """
        - Each frame sets the table's `contentOffset` (`setContentOffset(_:animated: false)`) to the start plus a \
        whole number of points (the speed times the frame number, rounded, as a fling's frames are [SV-26]), lays the \
        rows out (the rows that come into view get recycled cells from the data source) and renders the window's \
        damage at scale 1, moving the scrolled pixels [SV-27] or (the second column) redrawing the table's area; \
        GTK: the vertical adjustment set, the list allocated again (`gtk_widget_allocate`: rows coming into view bound \
        to recycled widgets), the node tree built and drawn at 390 × 844 (`gsk_renderer_render_texture`). \
        \(framesPerRun) frames forward from row \(rows / 2 + 1) and back; checked first: both sides show the row the \
        offset puts at the top. GTK holds \(gtkWidgets) row widgets; the table shows \(table.cellsAlive) cells.
        - A jump drawn costs more in the larger table for its text, not its rows: each of 100,000 labels is a new \
        text to shape, where random jumps among 1,000 rows soon find every label's layout in the renderer's cache.
        
        """)
    if let peer { report.line("- GTK \(peer.gtkVersion): \(peer.banner)") }
}

/// How many pixels differ between `a` and `b`, and the largest difference of a channel (in 1/255).
func pixelDifference(_ a: PixelImage, _ b: PixelImage) -> (pixels: Int, channel: Int) {
    guard !a.hasSamePixels(as: b) else { return (0, 0) }
    var pixels = 0, channel = 0
    for y in 0..<a.height {
        for x in 0..<a.width {
            let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
            guard p != q else { continue }
            pixels += 1
            for shift in stride(from: UInt32(0), through: 24, by: 8) {
                channel = max(channel, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
            }
        }
    }
    return (pixels, channel)
}

/// A window holding a table of `rows` rows filling it, and a renderer keeping its image.
@MainActor
final class ScrolledTable {
    static let rowHeight = 44.0
    static let windowSize = Size(width: 390, height: 844)
    let application = Application(clock: ManualClock(now: 100))
    let window: Window
    let table: TableView
    let renderer: WindowRenderer
    private let source: Rows

    /// "Row 1" … "Row N", a recycled cell each.
    final class Rows: TableViewDataSource {
        let count: Int
        init(count: Int) { self.count = count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: SceneCore.IndexPath) throws -> TableViewCell {
            let cell = try tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel.text = "Row \(indexPath.row + 1)"
            return cell
        }
    }

    init(rows: Int, movesScrolledPixels: Bool = true) {
        let delegate = RenderSceneDelegate()
        let scene = try! application.connectScene(named: "list", delegate: delegate, screenFrame: Rect(origin: .zero, size: Self.windowSize))
        scene.activate()
        window = delegate.window!
        table = TableView(frame: window.bounds)
        table.rowHeight = Self.rowHeight
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        source = Rows(count: rows)
        table.dataSource = source
        window.addSubview(table)
        application.layoutIfNeeded()
        renderer = try! WindowRenderer(window: window, scale: 1, movesScrolledPixels: movesScrolledPixels)
        _ = renderer.render()
    }

    /// The offset of frame `index` of a scroll from `origin` by `step` points a frame: whole points
    /// from the origin, as a fling's frames are [SV-26].
    static func offset(from origin: Double, step: Double, index: Int) -> Double {
        origin + (Double(index) * step).rounded()
    }

    /// `count` frames at ``offset(from:step:index:)`` (i = 1…count): offset, layout, render. Returns the
    /// pixels changed.
    func frames(from start: Double, delta: Double, count: Int) -> Int {
        var drawn = 0
        for index in 1...count { drawn &+= frame(at: Self.offset(from: start, step: delta, index: index)).damagedArea }
        return drawn
    }

    private func frame(at y: Double) -> WindowFrame {
        table.contentOffset = Point(x: 0, y: y)
        application.layoutIfNeeded()
        return renderer.render()
    }

    /// The image of the frame at offset `y`.
    func frameImage(at y: Double) -> PixelImage {
        frame(at: y).image
    }

    /// The mean pixels redrawn and views drawn per frame over `count` frames forward from `start`, and
    /// how many frames moved pixels; the table is left where it started.
    func drawnPerFrame(from start: Double, delta: Double, count: Int) -> (pixels: Double, views: Double, movedFrames: Int) {
        _ = frame(at: start)
        var pixels = 0, views = 0, moved = 0
        for index in 1...count {
            let drawn = frame(at: Self.offset(from: start, step: delta, index: index))
            pixels += drawn.redrawnArea
            views += drawn.report.viewsDrawn
            if drawn.moved != nil { moved += 1 }
        }
        _ = frame(at: start)
        return (Double(pixels) / Double(count), Double(views) / Double(count), moved)
    }

    /// The CPU time of the costliest of the frames, each timed alone, forward and back.
    func worstFrame(from start: Double, delta: Double, count: Int) -> Double {
        var worst: UInt64 = 0
        for (origin, step) in [(start, delta), (start + Double(count) * delta, -delta)] {
            for index in 1...count {
                let before = Clock.threadCPU()
                Sink.consume(frame(at: Self.offset(from: origin, step: step, index: index)).damagedArea)
                worst = max(worst, Clock.threadCPU() - before)
            }
        }
        return Double(worst)
    }

    /// A jump to `row` at the top, laid out, and drawn when `drawing`.
    func jump(to row: Int, drawing: Bool = false) -> Int {
        try? table.scrollToRow(at: SceneCore.IndexPath(row: row, section: 0), at: .top, animated: false)
        application.layoutIfNeeded()
        return drawing ? renderer.render().damagedArea : topRow
    }

    /// The row at the top of the view, from 1.
    var topRow: Int { (table.indexPathsForVisibleRows.first?.row ?? -1) + 1 }

    /// The cells on screen (cells waiting for reuse leave the table, as in UIKit).
    var cellsAlive: Int { table.subviews.count { $0 is TableViewCell } }

    func save(to path: String) {
        let bytes = renderer.render().image.pngData()
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        Report.shared.progress("saved \(path)")
    }

    /// The heap in use with a table of `rows` rows built, scrolled through 200 frames from its middle
    /// and drawn, less the heap before; and its cells.
    static func heapInUse(rows: Int) -> (heap: Int, cells: Int) {
        let before = alloc_counter_heap_in_use()
        let table = ScrolledTable(rows: rows)
        _ = table.frames(from: Double(rows / 2) * rowHeight, delta: 33.3, count: 200)
        let after = alloc_counter_heap_in_use()
        let cells = table.cellsAlive
        withExtendedLifetime(table) {}
        return (Int(after) - Int(before), cells)
    }
}
