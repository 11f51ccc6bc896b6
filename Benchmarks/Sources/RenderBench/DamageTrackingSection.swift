import BenchSupport
import SceneCore
import SceneRender

extension PixelRect {
    /// The pixels (scale 1) of `view`'s bounds in its window, for the checks.
    @MainActor
    init(covering view: View) {
        let box = view.window!.convert(view.bounds, from: view)
        self.init(x: Int(box.minX), y: Int(box.minY), width: Int(box.width), height: Int(box.height))
    }
}

/// SceneBench's touch sequence (touch-down, 10 moves of 0.5 pt, touch-up; SceneCoreSide.swift).
private let dispatchMoves = 10
private let dispatchStep = 0.5

/// What damage tracking costs touch dispatch when nobody asks for pixels: SceneBench's dispatch
/// workload on the realistic tree with no damage observer (no renderer ever asked: tracking does one
/// check per visual change) against the same with an observer attached and never rendered (as after
/// one snapshot: every visual change is recorded), same run, interleaved; once on the plain view
/// SceneBench touches, once on a button there (highlighted at touch-down, not at touch-up: two
/// visual changes per sequence).
@MainActor
func runDamageTrackingSection(config: MeasureConfig) {
    let report = Report.shared
    report.heading("Damage tracking and touch dispatch")
    let (spec, marks) = Trees.realisticWithLandmarks()
    report.line(
        """
        SceneBench's dispatch workload (SceneCoreSide.swift, shared): realistic tree, touch at \
        (\(Format.ns(marks.touchPoint.x)), \(Format.ns(marks.touchPoint.y))), one sequence = touch-down, \
        \(dispatchMoves) moves of \(dispatchStep) pt, touch-up. "Not tracking": no damage observer on the window (nobody \
        ever asked for pixels). "Tracking": a `DamageObserver` attached and never taken (as after a first snapshot \
        nobody asks again: a `WindowRenderer` drew the window once and keeps observing it), so every visual change is \
        recorded. CPU ns per sequence, median [min–max] of the trials.

        """)
    /// The two trees; the tracking one has a renderer that drew it once and keeps observing it.
    func trees(button: Bool) -> (off: SceneCoreTree, on: SceneCoreTree, renderer: WindowRenderer) {
        let off = SceneCoreTree(spec), on = SceneCoreTree(spec)
        if button {
            for tree in [off, on] {
                let slot = tree.views[marks.cell15Button]
                slot.addSubview(Button(frame: slot.bounds, title: "Get"))
            }
        }
        let renderer = try! WindowRenderer(window: on.window, scale: 1)
        _ = renderer.render()
        return (off, on, renderer)
    }
    var rows: [[String]] = []
    for button in [false, true] {
        let (off, on, renderer) = trees(button: button)
        let results = measureInterleaved(
            [
                off.sequenceWorkload(at: marks.touchPoint, moves: dispatchMoves, step: dispatchStep, advanceClock: false),
                on.sequenceWorkload(at: marks.touchPoint, moves: dispatchMoves, step: dispatchStep, advanceClock: false),
            ], config: config)
        let ratio = results[1].median / results[0].median
        let target = 1.05
        let ok = ratio <= target
        let what = button ? "a button in cell 15's slot (highlight on and off)" : "the plain view SceneBench touches"
        if !ok { report.fail("damage tracking adds \(Format.percent(ratio - 1)) to dispatch on \(what) (target ≤ 5%)") }
        // The renderer saw the changes: none on the plain view, the button's on the button.
        let redrawn = renderer.render().damagedBox
        let expected = button ? PixelRect(covering: on.views[marks.cell15Button]) : PixelRect(x: 0, y: 0, width: 0, height: 0)
        if redrawn != expected {
            report.fail("damage tracking on \(what): the renderer redrew \(redrawn) (expected \(button ? "the button" : "nothing"))")
        }
        rows.append([
            what, Format.spread(results[0]), Format.spread(results[1]), (ratio >= 1 ? "+" : "") + Format.percent(ratio - 1), "≤ +5%",
            ok ? "**pass**" : "**FAIL**",
        ])
    }
    report.table(["touched", "not tracking", "tracking", "added", "target", "result"], rows)
}
