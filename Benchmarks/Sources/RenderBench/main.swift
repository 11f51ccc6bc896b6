import BenchSupport
import Glibc

// RenderBench: SceneRender's benchmarks (BENCHMARKS.md, "Rendering"): the dressed realistic window
// drawn in full against GTK 4's Cairo renderer (a C peer under Xvfb, same run), the redraw after one
// button highlights against the full render, PNG encoding against GTK's, what damage tracking
// adds to SceneBench's touch dispatch, the layout after a resize and the frames of a navigation push
// against the full render, and a 100,000-row table scrolled frame by frame against GTK 4's GtkListView. Prints a markdown
// report on stdout (progress on stderr); exits non-zero when a target is missed or a check fails.
//
//     swift run -c release --package-path Benchmarks RenderBench [all|render|dispatch|layout|animation|lists] [--quick] [--no-gtk] [--save DIR]
//     swift run -c release --package-path Benchmarks RenderBench export      (rewrites Benchmarks/Config/realistic-tree.txt)
//     swift run -c release --package-path Benchmarks RenderBench profile full|highlight|png [n]

let usage = "usage: RenderBench [all|render|dispatch|layout|animation|lists] [--quick] [--no-gtk] [--save DIR] | export | profile full|highlight|png [n]   (from the repository root)"
var arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "export" {
    do {
        let same = try TreeFile.write(DressedTrees.realistic(), to: Paths.treeFile)
        print(same ? "\(Paths.treeFile) is up to date" : "wrote \(Paths.treeFile)")
        exit(0)
    } catch {
        Report.shared.progress("RenderBench: cannot write \(Paths.treeFile): \(error) (run from the repository root)")
        exit(1)
    }
}

if arguments.first == "profile" {
    guard arguments.count >= 2 else {
        Report.shared.progress(usage)
        exit(2)
    }
    let count = arguments.count >= 3 ? Int(arguments[2]) ?? 1000 : 1000
    exit(MainActor.assumeIsolated { runRenderProfile(arguments[1], operations: count) })
}

let saveDirectory = CommandLineOption.take("--save", from: &arguments, usage: usage, status: 2) { $0 }
let quick = arguments.contains("--quick")
let useGTK = !arguments.contains("--no-gtk")
let commands = arguments.filter { !$0.hasPrefix("--") }
let section = commands.first ?? "all"
guard commands.count <= 1, ["all", "render", "dispatch", "layout", "animation", "lists"].contains(section), arguments.allSatisfy({ !$0.hasPrefix("--") || ["--quick", "--no-gtk"].contains($0) })
else {
    Report.shared.progress(usage)
    exit(2)
}
let config: MeasureConfig = quick ? .quick : .full
let report = Report.shared
report.line("# RenderBench \(section)\(quick ? " --quick" : "")")
report.line("")
report.line("- date: \(utcTimestamp())")
report.line("- load average at start (1, 5, 15 min): \(loadAverage())")
MainActor.assumeIsolated {
    if section == "all" || section == "render" { runRenderSection(config: config, useGTK: useGTK, saveDirectory: saveDirectory) }
    if section == "all" || section == "dispatch" { runDamageTrackingSection(config: config) }
    if section == "all" || section == "layout" { runLayoutSection(config: config) }
    if section == "all" || section == "animation" { runAnimationSection(config: config) }
    if section == "all" || section == "lists" { runListSection(config: config, useGTK: useGTK, saveDirectory: saveDirectory) }
}
report.finish(passed: "every target met, every check passed")
