import BenchSupport
import SceneCore
import SceneRender

/// One workload alone, for `perf record` or `valgrind --tool=callgrind`: `full` (full renders),
/// `highlight` (touch-down/up + redraw), `png` (encodings of the full frame), `dispatch` or
/// `dispatch-tracking` (SceneBench's touch sequence without, or with, a renderer observing the window). Returns the exit status.
@MainActor
func runRenderProfile(_ target: String, operations: Int) -> Int32 {
    let tree = DressedTrees.realistic()
    let rendered = RenderedTree(tree)
    let image = rendered.renderer.render().image
    let button = rendered.views[tree.highlightButton]
    var checksum = 0
    switch target {
    case "full":
        for _ in 0..<operations { checksum &+= Int(rendered.renderFull().frameNumber) }
    case "highlight":
        for _ in 0..<operations {
            rendered.toggleTouch(on: button)
            checksum &+= rendered.renderer.render().damagedArea
        }
    case "dispatch", "dispatch-tracking":
        let (spec, marks) = Trees.realisticWithLandmarks()
        let tree = SceneCoreTree(spec)
        let renderer = target == "dispatch-tracking" ? try? WindowRenderer(window: tree.window, scale: 1) : nil
        _ = renderer?.render()
        let workload = tree.sequenceWorkload(at: marks.touchPoint, moves: 10, step: 0.5, advanceClock: false)
        checksum &+= workload(operations)
        withExtendedLifetime(renderer) {}
    case "png":
        for _ in 0..<operations { checksum &+= image.pngData().count }
    default:
        Report.shared.progress("RenderBench profile: unknown target \(target) (full, highlight, png, dispatch, dispatch-tracking)")
        return 2
    }
    Sink.consume(checksum)
    return 0
}
