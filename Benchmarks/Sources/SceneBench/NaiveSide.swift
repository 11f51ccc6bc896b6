import BenchSupport
import CAllocCounter
import NaiveUIKit

// Everything that touches NaiveUIKit's types (see SceneCoreSide.swift for why the sides are split).
//
// Deliberately a twin of SceneCoreSide.swift (`duplicates` pairs them): each side runs the same
// workload against its own module, and the naive side must share no code with the SceneCore side it is
// the baseline of. Within a side, the counting view and the counting window repeat the same four
// overrides because a window is a View subclass, not a subclass of the counting view.

/// The naive twin of SceneCore's `EnlargedView`: the same expression, so the same answers.
final class NaiveEnlargedView: View {
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

/// A plain naive view that counts the deliveries it receives, then forwards them (verification only).
final class NaiveCountingView: View {
    var reached = 0

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        reached += 1
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        reached += 1
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        reached += 1
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        reached += 1
        super.touchesCancelled(touches, with: event)
    }
}

/// A naive window that counts the deliveries it receives (verification only).
final class NaiveCountingWindow: Window {
    var reached = 0

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        reached += 1
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        reached += 1
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        reached += 1
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        reached += 1
        super.touchesCancelled(touches, with: event)
    }
}

/// One tree built in NaiveUIKit: the root is a naive `Window` whose next responder is the application.
@MainActor
final class NaiveTree {
    let application = Application()
    let window: Window
    let dispatcher: TouchDispatcher
    /// By build index.
    let views: [View]
    private var time = 100.0
    /// Sequences run through `runSequence` / `sequenceAllocations`.
    private(set) var sequencesRun = 0

    init(_ spec: TreeSpec, counting: Bool = false) {
        let root = spec.nodes[0]
        let rootFrame = Rect(x: root.x, y: root.y, width: root.width, height: root.height)
        window = counting ? NaiveCountingWindow(frame: rootFrame) : Window(frame: rootFrame)
        window.application = application
        window.tag = 0
        var views: [View] = [window]
        views.reserveCapacity(spec.count)
        for (index, node) in spec.nodes.enumerated().dropFirst() {
            let view = NaiveTree.makeView(node, counting: counting)
            view.tag = index
            views[node.parent].addSubview(view)
            views.append(view)
        }
        self.views = views
        dispatcher = TouchDispatcher(window: window)
    }

    static func makeView(_ node: NodeSpec, counting: Bool) -> View {
        let frame = Rect(x: node.x, y: node.y, width: node.width, height: node.height)
        let view: View
        if node.enlargement > 0 {
            view = NaiveEnlargedView(frame: frame, enlargement: node.enlargement)
        } else if counting {
            view = NaiveCountingView(frame: frame)
        } else {
            view = View(frame: frame)
        }
        view.boundsOrigin = Point(x: node.boundsX, y: node.boundsY)
        view.isHidden = node.isHidden
        view.alpha = node.alpha
        view.isUserInteractionEnabled = node.isUserInteractionEnabled
        return view
    }

    /// What reached the end of the responder chain so far.
    func terminalCounts() -> TerminalCounts {
        TerminalCounts(
            began: application.began, moved: application.moved, ended: application.ended,
            cancelled: application.cancelled)
    }

    // MARK: Hit testing

    func hitIndices(_ points: [(x: Double, y: Double)]) -> [Int32] {
        points.map { Int32(window.hitTest(Point(x: $0.x, y: $0.y), with: nil)?.tag ?? -1) }
    }

    func hitWorkload(_ points: [(x: Double, y: Double)]) -> Workload {
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

    // MARK: Touch sequences

    /// The same sequence as `SceneCoreTree.runSequence`, through the naive dispatcher.
    @discardableResult
    func runSequence(at point: (x: Double, y: Double), moves: Int, step: Double) -> Int {
        time += 1
        sequencesRun += 1
        let start = time
        guard let touch = dispatcher.touchDown(at: Point(x: point.x, y: point.y), timestamp: start) else { return -1 }
        for k in 1...moves {
            dispatcher.touchMoved(
                touch, to: Point(x: point.x + step * Double(k), y: point.y), timestamp: start + 0.01 * Double(k))
        }
        dispatcher.touchUp(
            touch, at: Point(x: point.x + step * Double(moves), y: point.y), timestamp: start + 0.01 * Double(moves + 2))
        return touch.view?.tag ?? -1
    }

    func sequenceWorkload(at point: (x: Double, y: Double), moves: Int, step: Double) -> Workload {
        { n in
            var checksum = 0
            for _ in 0..<n {
                checksum &+= self.runSequence(at: point, moves: moves, step: step)
            }
            return checksum
        }
    }

    /// Heap allocations of one sequence: touch-down, the moves (total), touch-up.
    func sequenceAllocations(at point: (x: Double, y: Double), moves: Int, step: Double)
        -> (began: Int, moved: Int, ended: Int)
    {
        time += 1
        sequencesRun += 1
        let start = time
        alloc_counter_reset()
        guard let touch = dispatcher.touchDown(at: Point(x: point.x, y: point.y), timestamp: start) else {
            return (-1, -1, -1)
        }
        let began = Int(alloc_counter_allocations())
        alloc_counter_reset()
        for k in 1...moves {
            dispatcher.touchMoved(
                touch, to: Point(x: point.x + step * Double(k), y: point.y), timestamp: start + 0.01 * Double(k))
        }
        let moved = Int(alloc_counter_allocations())
        alloc_counter_reset()
        dispatcher.touchUp(
            touch, at: Point(x: point.x + step * Double(moves), y: point.y), timestamp: start + 0.01 * Double(moves + 2))
        let ended = Int(alloc_counter_allocations())
        return (began, moved, ended)
    }

    /// See `SceneCoreTree.chainReached`.
    func chainReached(deliveries: Int) -> (views: [Int], beyondWindow: [String], applicationDeliveries: Int, strayViews: Int) {
        var reached: [Int] = []
        var stray = 0
        for view in views {
            let count = (view as? NaiveCountingView)?.reached ?? (view as? NaiveCountingWindow)?.reached ?? 0
            if count == deliveries {
                reached.append(view.tag)
            } else if count != 0 {
                stray += 1
            }
        }
        var beyond: [String] = []
        var node: Responder? = window.next
        while let responder = node {
            beyond.append(responder is Application ? "Application" : "\(type(of: responder))")
            node = responder.next
        }
        let deliveries = application.began + application.moved + application.ended + application.cancelled
        return (reached.sorted(), beyond, deliveries, stray)
    }

    // MARK: Memory

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

    static func hitOnce(_ roots: [View], at point: (x: Double, y: Double)) -> Int {
        var checksum = 0
        for root in roots {
            checksum &+= root.hitTest(Point(x: point.x, y: point.y), with: nil)?.tag ?? -1
        }
        return checksum
    }
}
