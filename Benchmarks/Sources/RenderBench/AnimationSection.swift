import BenchSupport
import SceneCore
import SceneRender

/// Issue 25's animation target: the frames of a navigation push and pop, each page the dressed
/// realistic tree (482 views), drawn by the renderer frame by frame on the manual clock, against one
/// full render of the same window in the same run. Target: each frame in at most 4 ms, redrawing
/// only what moves (the bar stays).
@MainActor
func runAnimationSection(config: MeasureConfig) {
    let report = Report.shared
    report.heading("Animation frames (a navigation push and pop)")
    let bench = AnimatedNavigation(DressedTrees.realistic())
    _ = bench.renderFull()

    // One operation: a push and its frames to the end, then a pop and its frames.
    let frames: Workload = { n in
        var checksum = 0
        for _ in 0..<n { checksum &+= bench.pushAndPop() }
        return checksum
    }
    let full: Workload = { n in
        var checksum = 0
        for _ in 0..<n { checksum &+= Int(bench.renderFull().frameNumber) }
        return checksum
    }
    // Checks, once: every frame of the transition redraws something and never the bar; the last
    // leaves the pages where they belong.
    bench.check()

    report.progress("animation: calibrating")
    let frameCount = calibrateCount(frames, seconds: config.minimumTrialSeconds)
    let fullCount = calibrateCount(full, seconds: config.minimumTrialSeconds)
    var frameTrials = Trials(), fullTrials = Trials()
    for trial in 0..<config.trials {
        report.progress("animation: trial \(trial + 1) of \(config.trials)")
        frameTrials.nanos.append(timeTrial(frames, frameCount) / Double(bench.framesPerOperation))
        fullTrials.nanos.append(timeTrial(full, fullCount))
    }
    let share = frameTrials.median / fullTrials.median
    report.table(
        ["", "µs", "share of a full render", "target", "result"],
        [
            ["full render of the window (bar and one page)", micro(fullTrials), "", "", ""],
            [
                "one frame of a push or pop (both pages move)", micro(frameTrials), Format.fixed(share * 100, 1) + " %", "≤ 4,000 µs",
                verdict(frameTrials.median <= 4_000_000, "an animation frame"),
            ],
        ])
    report.line(
        """
        - A push and a pop of 0.35 s each on the manual clock, a frame every 1/60 s (\(bench.framesPerOperation) frames \
        an operation); each frame: the clock advances, the animator damages what moved, the renderer redraws \
        the damage. Checked once: every frame redraws something, and after the first of each transition (the bar's \
        new title) never the bar (\(bench.checkSummary)).
        """)
}

/// A window whose root is a navigation controller over a page holding the dressed realistic tree,
/// pushing a second such page and popping it, with a renderer keeping the window's image.
@MainActor
final class AnimatedNavigation {
    let clock = ManualClock(now: 100)
    let application: Application
    let window: Window
    let navigation: NavigationController
    let renderer: WindowRenderer
    let second: TreePage
    private(set) var framesPerOperation = 0
    private(set) var checkSummary = ""

    init(_ tree: DressedTree) {
        application = Application(clock: clock)
        let delegate = RenderSceneDelegate()
        let root = tree.spec.nodes[0]
        let scene = try! application.connectScene(
            named: "animation", delegate: delegate, screenFrame: Rect(x: 0, y: 0, width: root.width, height: root.height))
        scene.activate()
        window = delegate.window!
        navigation = NavigationController(rootViewController: TreePage(tree, title: "First"))
        window.rootViewController = navigation
        second = TreePage(tree, title: "Second")
        application.layoutIfNeeded()
        renderer = try! WindowRenderer(window: window, scale: 1)
    }

    func renderFull() -> WindowFrame {
        window.setNeedsDisplay()
        return renderer.render()
    }

    /// Pushes the second page and draws each frame to the end, then pops it the same way; returns the
    /// frames drawn.
    func pushAndPop() -> Int {
        var drawn = 0
        navigation.pushViewController(second, animated: true)
        drawn += runFrames { _ in }
        navigation.popViewController(animated: true)
        drawn += runFrames { _ in }
        return drawn
    }

    /// Renders what the transition's start changed (the bar, the page put in place), then advances
    /// the clock a frame at a time until the transition ends, rendering each frame.
    private func runFrames(_ inspect: (WindowFrame) -> Void) -> Int {
        var count = 0
        repeat {
            clock.advance(by: 1.0 / 60)
            let frame = renderer.render()
            inspect(frame)
            count += 1
        } while navigation.isTransitioning
        return count
    }

    func check() {
        let barBottom = Int(navigation.navigationBar.frame.maxY)
        // The first frame of each transition also draws the bar's new title and back button; from
        // the second on only the pages move.
        var frames = 0, empty = 0, touchingBar = 0, index = 0
        func inspect(_ frame: WindowFrame) {
            frames += 1
            index += 1
            if frame.damage.isEmpty { empty += 1 }
            if index > 1, frame.damage.contains(where: { $0.y < barBottom }) { touchingBar += 1 }
        }
        navigation.pushViewController(second, animated: true)
        _ = runFrames(inspect)
        index = 0
        navigation.popViewController(animated: true)
        _ = runFrames(inspect)
        framesPerOperation = frames
        checkSummary = "\(frames) frames, \(empty) empty, \(touchingBar) touching the bar after the first"
        if frames < 40 { Report.shared.fail("animation: only \(frames) frames for a push and a pop of 0.35 s each") }
        if touchingBar > 0 { Report.shared.fail("animation: \(touchingBar) frames redrew the bar, which does not move") }
        if navigation.viewControllers.count != 1 || second.view.superview != nil {
            Report.shared.fail("animation: after the pop the stack or the views are not back where they were")
        }
    }
}

/// A page whose view holds the dressed tree (its root's subviews, at their frames).
@MainActor
final class TreePage: ViewController {
    private let tree: DressedTree

    init(_ tree: DressedTree, title: String) {
        self.tree = tree
        super.init()
        self.title = title
    }

    override func loadView() {
        let root = tree.spec.nodes[0]
        let page = View(frame: Rect(x: 0, y: 0, width: root.width, height: root.height))
        page.backgroundColor = .white
        _ = RenderedTree.build(tree, under: page)
        view = page
    }
}
