import BenchSupport
import CAllocCounter
import SceneCore

// Everything that touches SceneCore's types. (NaiveUIKit has types of the same names; each side lives
// in its own file, which imports only its own module, and hands the benchmarks plain values and
// `Workload` closures.)
//
// Deliberately a twin of NaiveSide.swift (`duplicates` pairs them): the naive side is the baseline and
// shares no code with this one. CountingView and CountingWindow repeat the same four overrides because
// a Window is a View subclass, not a subclass of CountingView. RenderedTree (RenderBench) builds its own
// tree likewise: the benchmark executables share only BenchSupport, which knows no SceneCore.

/// A view whose hit area is its bounds grown by `enlargement` points on every side [HT-9]. Its class
/// comes from outside SceneCore, so SceneCore asks it through its own methods.
final class EnlargedView: View {
    let enlargement: Double

    init(frame: Rect, enlargement: Double) {
        self.enlargement = enlargement
        super.init(frame: frame)
    }

    override func point(inside point: Point, with event: Event?) -> Bool {
        let area = bounds
        return point.x >= area.minX - enlargement && point.x < area.maxX + enlargement
            && point.y >= area.minY - enlargement && point.y < area.maxY + enlargement
    }
}

/// The application, counting the touches that reach the end of the responder chain.
final class CountingApplication: Application {
    var began = 0
    var moved = 0
    var ended = 0
    var cancelled = 0

    override func touchesBegan(_ touches: TouchSet, with event: Event?) { began += touches.count }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { moved += touches.count }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { ended += touches.count }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { cancelled += touches.count }

    var deliveries: Int { began + moved + ended + cancelled }
}

/// A plain view that counts the touch deliveries it receives, then forwards them (verification only).
final class CountingView: View {
    var reached = 0

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        reached += 1
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        reached += 1
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        reached += 1
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        reached += 1
        super.touchesCancelled(touches, with: event)
    }
}

/// A window that counts the touch deliveries it receives (verification only).
final class CountingWindow: Window {
    var reached = 0

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        reached += 1
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        reached += 1
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        reached += 1
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        reached += 1
        super.touchesCancelled(touches, with: event)
    }
}

/// Builds the scene's one window, covering the scene, key and visible (as the test Harness does).
@MainActor
final class BenchSceneDelegate: SceneDelegate {
    let counting: Bool
    var window: Window?

    init(counting: Bool) {
        self.counting = counting
    }

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let window = counting ? CountingWindow(windowScene: scene) : Window(windowScene: scene)
        window.title = scene.name
        window.makeKeyAndVisible()
        self.window = window
    }
}

/// One tree built in SceneCore, under a real window of an application on a manual clock: the root
/// of the description is the window itself (its frame is the scene's screen frame, at the origin, so
/// window, screen and root coordinates coincide).
@MainActor
final class SceneCoreTree {
    let clock = ManualClock(now: 100)
    let application: CountingApplication
    let scene: WindowScene
    let window: Window
    /// By build index.
    let views: [View]
    /// Timestamps of sequences, strictly increasing.
    private var time = 100.0
    /// Sequences run through `runSequence` / `sequenceAllocations`.
    private(set) var sequencesRun = 0

    init(_ spec: TreeSpec, counting: Bool = false) {
        application = CountingApplication(clock: clock)
        let delegate = BenchSceneDelegate(counting: counting)
        let root = spec.nodes[0]
        scene = try! application.connectScene(
            named: spec.name, delegate: delegate,
            screenFrame: Rect(x: 0, y: 0, width: root.width, height: root.height))
        scene.activate()
        window = delegate.window!
        window.tag = 0
        var views: [View] = [window]
        views.reserveCapacity(spec.count)
        for (index, node) in spec.nodes.enumerated().dropFirst() {
            let view = SceneCoreTree.makeView(node, counting: counting)
            view.tag = index
            views[node.parent].addSubview(view)
            views.append(view)
        }
        self.views = views
    }

    static func makeView(_ node: NodeSpec, counting: Bool) -> View {
        let frame = Rect(x: node.x, y: node.y, width: node.width, height: node.height)
        let view: View
        if node.enlargement > 0 {
            view = EnlargedView(frame: frame, enlargement: node.enlargement)
        } else if counting {
            view = CountingView(frame: frame)
        } else {
            view = View(frame: frame)
        }
        if node.boundsX != 0 || node.boundsY != 0 {
            view.bounds = Rect(x: node.boundsX, y: node.boundsY, width: node.width, height: node.height)
            view.frame = frame  // exactly the described origin, whatever rounding the center step did
        }
        if node.isHidden { view.isHidden = true }
        if node.alpha != 1 { view.alpha = node.alpha }
        if !node.isUserInteractionEnabled { view.isUserInteractionEnabled = false }
        return view
    }

    /// What reached the end of the responder chain so far.
    func terminalCounts() -> TerminalCounts {
        TerminalCounts(
            began: application.began, moved: application.moved, ended: application.ended,
            cancelled: application.cancelled)
    }

    // MARK: Hit testing

    /// The build index `window.hitTest` returns for each point (-1 for nil).
    func hitIndices(_ points: [(x: Double, y: Double)]) -> [Int32] {
        points.map { Int32(window.hitTest(Point(x: $0.x, y: $0.y), with: nil)?.tag ?? -1) }
    }

    /// The build index `Application.hitTest(screenPoint:)` returns for each point (-1 for nil).
    func applicationHitIndices(_ points: [(x: Double, y: Double)]) -> [Int32] {
        points.map { Int32(application.hitTest(screenPoint: Point(x: $0.x, y: $0.y))?.view.tag ?? -1) }
    }

    /// `n` calls of `window.hitTest(_:with:)`, starting at point 0 and wrapping.
    func windowHitWorkload(_ points: [(x: Double, y: Double)]) -> Workload {
        let points = points.map { Point(x: $0.x, y: $0.y) }
        let window = self.window
        return { n in
            var checksum = 0
            var index = 0
            points.withUnsafeBufferPointer { buffer in
                for _ in 0..<n {
                    if let hit = window.hitTest(buffer[index], with: nil) {
                        checksum &+= Int(bitPattern: ObjectIdentifier(hit))
                    }
                    index += 1
                    if index == buffer.count { index = 0 }
                }
            }
            return checksum
        }
    }

    /// `n` calls of `Application.hitTest(screenPoint:)` (all windows, front to back, as a touch-down does).
    func applicationHitWorkload(_ points: [(x: Double, y: Double)]) -> Workload {
        let points = points.map { Point(x: $0.x, y: $0.y) }
        let application = self.application
        return { n in
            var checksum = 0
            var index = 0
            points.withUnsafeBufferPointer { buffer in
                for _ in 0..<n {
                    if let hit = application.hitTest(screenPoint: buffer[index]) {
                        checksum &+= Int(bitPattern: ObjectIdentifier(hit.view))
                    }
                    index += 1
                    if index == buffer.count { index = 0 }
                }
            }
            return checksum
        }
    }

    // MARK: Touch sequences

    /// One full sequence through the application: touch-down (hit test + began), `moves` moves of
    /// `step` points along x, touch-up; explicit timestamps 10 ms apart, sequences 1 s apart.
    /// Returns the touch's view's build index.
    @discardableResult
    func runSequence(at point: (x: Double, y: Double), moves: Int, step: Double, advanceClock: Bool) -> Int {
        time += 1
        sequencesRun += 1
        let start = time
        if advanceClock { clock.advance(to: start) }
        guard let touch = application.touchDown(at: Point(x: point.x, y: point.y), timestamp: start) else { return -1 }
        for k in 1...moves {
            application.touchMoved(
                touch, to: Point(x: point.x + step * Double(k), y: point.y), timestamp: start + 0.01 * Double(k))
        }
        application.touchUp(
            touch, at: Point(x: point.x + step * Double(moves), y: point.y), timestamp: start + 0.01 * Double(moves + 2))
        return touch.view?.tag ?? -1
    }

    func sequenceWorkload(at point: (x: Double, y: Double), moves: Int, step: Double, advanceClock: Bool) -> Workload {
        { n in
            var checksum = 0
            for _ in 0..<n {
                checksum &+= self.runSequence(at: point, moves: moves, step: step, advanceClock: advanceClock)
            }
            return checksum
        }
    }

    /// CPU nanoseconds of one sequence, split into touch-down, the moves (total) and touch-up
    /// (profiling aid: each phase is timed on its own, so the clock reads add some noise).
    func sequencePhaseNanos(at point: (x: Double, y: Double), moves: Int, step: Double) -> (down: Double, moves: Double, up: Double) {
        time += 1
        sequencesRun += 1
        let start = time
        clock.advance(to: start)
        let t0 = Clock.threadCPU()
        guard let touch = application.touchDown(at: Point(x: point.x, y: point.y), timestamp: start) else { return (0, 0, 0) }
        let t1 = Clock.threadCPU()
        for k in 1...moves {
            application.touchMoved(
                touch, to: Point(x: point.x + step * Double(k), y: point.y), timestamp: start + 0.01 * Double(k))
        }
        let t2 = Clock.threadCPU()
        application.touchUp(
            touch, at: Point(x: point.x + step * Double(moves), y: point.y), timestamp: start + 0.01 * Double(moves + 2))
        let t3 = Clock.threadCPU()
        return (Double(t1 - t0), Double(t2 - t1), Double(t3 - t2))
    }

    /// Heap allocations of one sequence, split into touch-down (hit test + began), the moves (total)
    /// and touch-up.
    func sequenceAllocations(at point: (x: Double, y: Double), moves: Int, step: Double)
        -> (began: Int, moved: Int, ended: Int)
    {
        time += 1
        sequencesRun += 1
        let start = time
        clock.advance(to: start)
        alloc_counter_reset()
        guard let touch = application.touchDown(at: Point(x: point.x, y: point.y), timestamp: start) else {
            return (-1, -1, -1)
        }
        let began = Int(alloc_counter_allocations())
        alloc_counter_reset()
        for k in 1...moves {
            application.touchMoved(
                touch, to: Point(x: point.x + step * Double(k), y: point.y), timestamp: start + 0.01 * Double(k))
        }
        let moved = Int(alloc_counter_allocations())
        alloc_counter_reset()
        application.touchUp(
            touch, at: Point(x: point.x + step * Double(moves), y: point.y), timestamp: start + 0.01 * Double(moves + 2))
        let ended = Int(alloc_counter_allocations())
        return (began, moved, ended)
    }

    /// The responders one delivery reaches, from the counting tree after one sequence of `deliveries`
    /// deliveries: build indices of the views that got every delivery, plus the chain beyond the
    /// window (its scene, the application).
    func chainReached(deliveries: Int) -> (views: [Int], beyondWindow: [String], applicationDeliveries: Int, strayViews: Int) {
        var reached: [Int] = []
        var stray = 0
        for view in views {
            let count = (view as? CountingView)?.reached ?? (view as? CountingWindow)?.reached ?? 0
            if count == deliveries {
                reached.append(view.tag)
            } else if count != 0 {
                stray += 1
            }
        }
        var beyond: [String] = []
        var node: Responder? = window.next
        while let responder = node {
            beyond.append(responder is WindowScene ? "WindowScene" : responder is Application ? "Application" : "\(type(of: responder))")
            node = responder.next
        }
        return (reached.sorted(), beyond, application.deliveries, stray)
    }

    // MARK: Gestures

    /// Counts of the recognizers' outcomes.
    final class GestureTally {
        var tapRecognized = 0
        var panBegan = 0
        var longPressBegan = 0
    }

    /// Attaches a tap to `tapView`, a pan to `panView` and a long press to `longPressView`.
    func attachRecognizers(tap tapView: Int, pan panView: Int, longPress longPressView: Int) -> GestureTally {
        let tally = GestureTally()
        let tap = TapGestureRecognizer(name: "tap") { recognizer in
            if recognizer.state == .ended { tally.tapRecognized += 1 }
        }
        let pan = PanGestureRecognizer(name: "pan") { recognizer in
            if recognizer.state == .began { tally.panBegan += 1 }
        }
        let longPress = LongPressGestureRecognizer(name: "longPress") { recognizer in
            if recognizer.state == .began { tally.longPressBegan += 1 }
        }
        views[tapView].addGestureRecognizer(tap)
        views[panView].addGestureRecognizer(pan)
        views[longPressView].addGestureRecognizer(longPress)
        return tally
    }

    // MARK: Memory

    /// Builds `copies` detached copies of `spec` (plain views only: the root is a plain `View`) and
    /// returns them, so the caller can measure what they cost.
    static func buildDetachedCopies(_ spec: TreeSpec, copies: Int) -> [View] {
        var roots: [View] = []
        roots.reserveCapacity(copies)
        for _ in 0..<copies {
            var views: [View] = []
            views.reserveCapacity(spec.count)
            for node in spec.nodes {
                let view = makeView(node, counting: false)
                if node.parent >= 0 { views[node.parent].addSubview(view) }
                views.append(view)
            }
            roots.append(views[0])
        }
        return roots
    }

    /// One hit test per root at `point`, which builds the lazily made hit indexes on the way.
    static func hitOnce(_ roots: [View], at point: (x: Double, y: Double)) -> Int {
        var checksum = 0
        for root in roots {
            checksum &+= root.hitTest(Point(x: point.x, y: point.y), with: nil)?.tag ?? -1
        }
        return checksum
    }
}
