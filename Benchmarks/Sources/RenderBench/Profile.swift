import BenchSupport
import SceneCore
import SceneRender

/// One workload alone, for `perf record` or `valgrind --tool=callgrind`: `full` (full renders),
/// `highlight` (touch-down/up + redraw) or `png` (encodings of the full frame). Returns the exit status.
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
    case "png":
        for _ in 0..<operations { checksum &+= image.pngData().count }
    default:
        Report.shared.progress("RenderBench profile: unknown target \(target) (full, highlight, png)")
        return 2
    }
    Sink.consume(checksum)
    return 0
}
