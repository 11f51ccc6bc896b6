import BenchSupport
import Foundation
import SceneCore
import SceneRender

/// Where RenderBench finds its files (it runs from the repository root).
enum Paths {
    static let treeFile = "Benchmarks/Config/realistic-tree.txt"
    static let peerSource = "Benchmarks/GTKPeer/render_peer.c"
    static let listPeerSource = "Benchmarks/GTKPeer/list_peer.c"
    static let peerBuild = "Benchmarks/.build/gtk-peer"
}

/// CPU ns per operation of each trial of one candidate.
struct Trials {
    var nanos: [Double] = []
    var median: Double { Stats.median(nanos) }
    var minimum: Double { nanos.min() ?? .nan }
    var maximum: Double { nanos.max() ?? .nan }
    var text: String { "\(Format.ns(median)) [\(Format.ns(minimum))–\(Format.ns(maximum))]" }
}

/// Runs `body(n)` once, timed on this thread's CPU clock; ns per operation.
@MainActor
func timeTrial(_ body: Workload, _ n: Int) -> Double {
    let start = Clock.threadCPU()
    Sink.consume(body(n))
    return Double(Clock.threadCPU() - start) / Double(n)
}

/// The operation count for which `body` takes at least `seconds` of CPU (after a warm-up).
@MainActor
func calibrateCount(_ body: @escaping Workload, seconds: Double) -> Int {
    measureInterleaved([body], config: MeasureConfig(trials: 1, minimumTrialSeconds: seconds))[0].operations
}

/// The rendering section: a full render of the dressed realistic window against GTK 4's Cairo
/// renderer drawing the same widget tree, the redraw after one button highlights against the full
/// render, and PNG encoding against `gdk_texture_save_to_png_bytes` on the same image.
@MainActor
func runRenderSection(config: MeasureConfig, useGTK: Bool, saveDirectory: String?) {
    let report = Report.shared
    report.heading("Rendering")
    let tree = DressedTrees.realistic()
    do {
        if try !TreeFile.write(tree, to: Paths.treeFile) {
            report.line("- note: \(Paths.treeFile) was out of date and has been rewritten: commit it")
        }
    } catch {
        report.fail("cannot write \(Paths.treeFile) (run from the repository root): \(error)")
        return
    }
    report.line(
        """
        The realistic tree (\(tree.spec.count) views; Trees.swift) dressed as an app (DressedTree.swift): \
        \(tree.buttonCount) buttons, \(tree.labelCount) texts (labels "Item N" and "Detail text N", button titles, \
        bar and tab labels), background colours, rounded images and buttons; the table clips and is scrolled \
        to cells 14–22. SceneRender: a `WindowRenderer` at scale 1 on the window. GTK 4: the same tree as \
        widgets (\(Paths.peerSource); the tree file \(Paths.treeFile)), `GSK_RENDERER=cairo`, under Xvfb. \
        CPU ns per operation (CLOCK_THREAD_CPUTIME_ID in each process), \(config.trials) trials of ≥ \
        \(Format.fixed(config.minimumTrialSeconds, 2)) s each, the candidates' trials interleaved: median [min–max] of the trials.

        """)

    // Correctness first: what the benchmark draws is what it claims to draw.
    let rendered = RenderedTree(tree)
    let reference = rendered.renderer.render()
    let button = rendered.views[tree.highlightButton]
    let buttonBox = rendered.window.convert(button.bounds, from: button)
    let again = rendered.renderFull()
    if !again.image.hasSamePixels(as: reference.image) { report.fail("render: a second full render differs from the first") }
    let center = Point(x: buttonBox.midX, y: buttonBox.maxY - 4)
    let normal = reference.image.color(at: center)
    rendered.toggleTouch(on: button)
    let highlighted = rendered.renderer.render()
    let dark = highlighted.image.color(at: center)
    let fresh = try! WindowRenderer(window: rendered.window, scale: 1).render()
    if !(button as! Button).isHighlighted { report.fail("render: the touch did not highlight cell 15's button") }
    if highlighted.damagedArea > Int(buttonBox.width * buttonBox.height) {
        report.fail("render: the highlight redrew \(highlighted.damagedArea) pixels, more than the button's \(Int(buttonBox.width * buttonBox.height))")
    }
    if !(dark.red < normal.red - 0.01 || dark.blue < normal.blue - 0.1) {
        report.fail("render: the highlighted button is not darker (\(normal) → \(dark))")
    }
    if !highlighted.image.hasSamePixels(as: fresh.image) { report.fail("render: the partial redraw differs from a full render") }
    if let directory = saveDirectory {
        write(highlighted.image.pngData(), to: directory + "/scenerender-highlighted.png")
    }
    rendered.toggleTouch(on: button)
    let restored = rendered.renderer.render()
    if !restored.image.hasSamePixels(as: reference.image) { report.fail("render: after the touch lifts the image differs from before") }
    let image = restored.image
    let png = image.pngData()
    if let decoded = try? PixelImage(pngData: png), decoded.hasSamePixels(as: image) {
    } else {
        report.fail("png: the encoded image does not decode to the same pixels")
    }
    if let directory = saveDirectory { write(png, to: directory + "/scenerender.png") }

    var peer: GTKPeer?
    if useGTK {
        do {
            report.progress("render: starting the GTK peer")
            peer = try GTKPeer(source: Paths.peerSource, buildDirectory: Paths.peerBuild, treeFile: Paths.treeFile)
        } catch {
            report.line("- **\(error)**: the GTK ratios are not measured in this run.")
        }
    } else {
        report.line("- the GTK peer is skipped (--no-gtk): the GTK ratios are not measured in this run.")
    }
    defer { peer?.stop() }
    if let peer, let directory = saveDirectory { try? peer.save(to: directory + "/gtk.png") }

    // Full render and highlight redraw (SceneRender) and full frame (GTK), interleaved.
    report.progress("render: calibrating")
    let full: Workload = { n in
        var checksum = 0
        for _ in 0..<n { checksum &+= Int(rendered.renderFull().frameNumber) }
        return checksum
    }
    let highlight: Workload = { n in
        var checksum = 0
        for _ in 0..<n {
            rendered.toggleTouch(on: button)
            checksum &+= rendered.renderer.render().damagedArea
        }
        return checksum
    }
    // The touches alone (their damage is taken by the next redraw), to tell the redraw's share.
    let touchOnly: Workload = { n in
        for _ in 0..<n { rendered.toggleTouch(on: button) }
        return n
    }
    let fullCount = calibrateCount(full, seconds: config.minimumTrialSeconds)
    // Even counts: every trial ends with the touch lifted.
    let highlightCount = (calibrateCount(highlight, seconds: config.minimumTrialSeconds) + 1) & ~1
    let touchCount = (calibrateCount(touchOnly, seconds: config.minimumTrialSeconds) + 1) & ~1
    var gtkCount = 0
    var nodes = 0
    if let peer, let probe = try? peer.fullFrames(5) {
        gtkCount = max(5, Int((config.minimumTrialSeconds * 1e9 / probe.total * 1.1).rounded(.up)))
        nodes = probe.nodes
    }
    var swiftFull = Trials(), swiftHighlight = Trials(), swiftTouch = Trials(), gtkFull = Trials(), gtkBuild = Trials(), gtkRender = Trials()
    for trial in 0..<config.trials {
        report.progress("render: trial \(trial + 1) of \(config.trials)")
        swiftFull.nanos.append(timeTrial(full, fullCount))
        swiftHighlight.nanos.append(timeTrial(highlight, highlightCount))
        swiftTouch.nanos.append(timeTrial(touchOnly, touchCount))
        _ = rendered.renderer.render()
        if let peer, gtkCount > 0 {
            do {
                let frame = try peer.fullFrames(gtkCount)
                gtkFull.nanos.append(frame.total)
                gtkBuild.nanos.append(frame.build)
                gtkRender.nanos.append(frame.render)
            } catch {
                report.fail("\(error)")
            }
        }
    }
    let afterFull = rendered.renderFull()
    let report1 = afterFull.report
    report.table(
        ["", "SceneRender (µs)", "GTK 4 Cairo (µs)", "ratio GTK ÷ SceneRender", "target", "result"],
        [
            [
                "full render of the window", micro(swiftFull), gtkFull.nanos.isEmpty ? "not measured" : micro(gtkFull),
                gtkFull.nanos.isEmpty ? "n/a" : Format.ratio(gtkFull.median / swiftFull.median), "≥ 1.5×",
                gtkFull.nanos.isEmpty ? "not measured" : verdict(gtkFull.median / swiftFull.median >= 1.5, "full render vs GTK"),
            ],
            ["GTK: building the render nodes", "", gtkBuild.nanos.isEmpty ? "" : micro(gtkBuild), "", "", ""],
            ["GTK: `gsk_renderer_render_texture`", "", gtkRender.nanos.isEmpty ? "" : micro(gtkRender), "", "", ""],
        ])
    let redraw = Trials(nanos: zip(swiftHighlight.nanos, swiftTouch.nanos).map { $0 - $1 })
    let redrawRatio = swiftFull.median / redraw.median
    report.table(
        ["", "µs", "ratio full ÷ this", "target", "result"],
        [
            ["SceneRender full render", micro(swiftFull), "", "", ""],
            [
                "SceneRender redraw after one button highlights (the two rows below: difference per trial)", micro(redraw),
                Format.ratio(redrawRatio), "≥ 20×", verdict(redrawRatio >= 20, "highlight redraw vs full render"),
            ],
            [
                "… touch-down or touch-up on the button, then `render()`", micro(swiftHighlight),
                Format.ratio(swiftFull.median / swiftHighlight.median), "(info)", "",
            ],
            ["… the touch alone (dispatch, highlight, damage)", micro(swiftTouch), "", "", ""],
        ])
    report.line(
        """
        - full render: the whole window damaged (`setNeedsDisplay()`) and redrawn: \(report1.viewsVisited) views visited, \
        \(report1.viewsDrawn) drawn (the table's off-screen cells are skipped by their extents), text layouts cached \
        across frames; GTK: every widget's node invalidated (`gtk_widget_queue_draw`, untimed), the node tree \
        rebuilt (`gtk_widget_snapshot_child` of the root) and drawn (\(nodes) render nodes).
        - highlight: one operation is a touch-down on cell 15's button (it highlights) or the touch-up \
        (it does not), dispatch included, then `render()`: \(highlighted.damagedArea) pixels redrawn \
        (\(highlighted.report.viewsDrawn) views drawn, \(highlighted.report.drawCalls) `draw(_:in:)` calls).
        """)
    if let peer { report.line("- GTK \(peer.gtkVersion): \(peer.banner)") }

    // PNG encoding of the same image.
    report.progress("png: timing")
    let rawFile = NSTemporaryDirectory() + "renderbench-\(getpid()).argb"
    image.withUnsafeBytes { bytes in
        var data = Data(capacity: image.width * image.height * 4)
        for row in 0..<image.height {
            let start = row * image.bytesPerRow
            data.append(contentsOf: bytes[start..<start + image.width * 4])
        }
        _ = FileManager.default.createFile(atPath: rawFile, contents: data)
    }
    defer { unlink(rawFile) }
    let encode: Workload = { n in
        var checksum = 0
        for _ in 0..<n { checksum &+= image.pngData().count }
        return checksum
    }
    let encodeCount = calibrateCount(encode, seconds: config.minimumTrialSeconds)
    var gtkPNGCount = 0
    var gtkPNGBytes = 0
    if let peer, let probe = try? peer.encodePNG(file: rawFile, width: image.width, height: image.height, times: 2) {
        gtkPNGCount = max(2, Int((config.minimumTrialSeconds * 1e9 / probe.nanos * 1.1).rounded(.up)))
        gtkPNGBytes = probe.bytes
    }
    var swiftPNG = Trials(), gtkPNG = Trials()
    for _ in 0..<config.trials {
        swiftPNG.nanos.append(timeTrial(encode, encodeCount))
        if let peer, gtkPNGCount > 0, let result = try? peer.encodePNG(file: rawFile, width: image.width, height: image.height, times: gtkPNGCount) {
            gtkPNG.nanos.append(result.nanos)
        }
    }
    let pngRatio = gtkPNG.median / swiftPNG.median
    report.table(
        ["PNG of the window's image (\(image.width)×\(image.height))", "µs", "bytes", "ratio GTK ÷ SceneRender", "target", "result"],
        [
            ["SceneRender `PNGEncoder`", micro(swiftPNG), Format.grouped(png.count), "", "", ""],
            [
                "GTK `gdk_texture_save_to_png_bytes`", gtkPNG.nanos.isEmpty ? "not measured" : micro(gtkPNG),
                gtkPNG.nanos.isEmpty ? "" : Format.grouped(gtkPNGBytes), gtkPNG.nanos.isEmpty ? "n/a" : Format.ratio(pngRatio), "≥ 4×",
                gtkPNG.nanos.isEmpty ? "not measured" : verdict(pngRatio >= 4, "PNG encoding vs GTK"),
            ],
        ])
    report.line("- the encoded PNG decodes (libpng, through Cairo) to exactly the rendered pixels.")
}

/// "median [min–max]" in µs.
func micro(_ trials: Trials) -> String {
    "\(Format.ns(trials.median / 1000)) [\(Format.ns(trials.minimum / 1000))–\(Format.ns(trials.maximum / 1000))]"
}

@MainActor
func verdict(_ ok: Bool, _ what: String) -> String {
    if !ok { Report.shared.fail("\(what): target missed") }
    return ok ? "**pass**" : "**FAIL**"
}

@MainActor
private func write(_ bytes: [UInt8], to path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    Report.shared.progress("saved \(path)")
}
