import SceneCore

/// A scroll view delegate that writes each call as a line, and may change the target offset.
@MainActor
final class RecordingScrollDelegate: ScrollViewDelegate {
    private(set) var lines: [String] = []
    /// What `scrollViewWillEndDragging` received.
    private(set) var releaseVelocity: Point?
    private(set) var proposedTarget: Point?
    /// When set, `scrollViewWillEndDragging` replaces the target with it.
    var replacementTarget: Point?
    /// Offsets seen by `scrollViewDidScroll`, in order.
    private(set) var offsets: [Point] = []

    func clear() {
        lines.removeAll()
        offsets.removeAll()
    }

    /// The lines with runs of `didScroll` collapsed into one `didScroll*`.
    var collapsed: [String] {
        var result: [String] = []
        for line in lines {
            if line == "didScroll" {
                if result.last != "didScroll*" { result.append("didScroll*") }
            } else {
                result.append(line)
            }
        }
        return result
    }

    /// The lines with runs of `didScroll` and `didZoom` (in any mix) collapsed into one `changes*`.
    var collapsedChanges: [String] {
        var result: [String] = []
        for line in lines {
            if line == "didScroll" || line == "didZoom" {
                if result.last != "changes*" { result.append("changes*") }
            } else {
                result.append(line)
            }
        }
        return result
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        lines.append("didScroll")
        offsets.append(scrollView.contentOffset)
    }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { lines.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {
        lines.append("willEndDragging")
        releaseVelocity = velocity
        proposedTarget = targetContentOffset
        if let replacementTarget { targetContentOffset = replacementTarget }
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        lines.append("didEndDragging(willDecelerate: \(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { lines.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { lines.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { lines.append("didEndScrollingAnimation") }

    /// The view `viewForZoomingInScrollView` gives; nil turns zooming off.
    var zoomingView: View?
    func viewForZooming(in scrollView: ScrollView) -> View? { zoomingView }
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {
        lines.append(view === zoomingView ? "willBeginZooming" : "willBeginZooming(another view)")
    }
    func scrollViewDidZoom(_ scrollView: ScrollView) { lines.append("didZoom") }
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
        lines.append("didEndZooming(atScale: \(scale))")
    }
}

/// A content view that logs its touch methods with the clock time, in milliseconds since `origin`:
/// `row began @150`. It handles its touches (nothing goes up the chain).
@MainActor
final class TimedView: View {
    let name: String
    let log: TimedLog

    init(_ name: String, frame: Rect, log: TimedLog) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) { log.add("\(name) began") }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { log.add("\(name) moved") }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { log.add("\(name) ended") }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { log.add("\(name) cancelled") }
}

/// Lines stamped with the milliseconds since `origin` on `clock`.
@MainActor
final class TimedLog {
    let clock: ManualClock
    var origin: Double
    private(set) var lines: [String] = []

    init(clock: ManualClock) {
        self.clock = clock
        origin = clock.now
    }

    func add(_ line: String) {
        lines.append("\(line) @\(Int(((clock.now - origin) * 1000).rounded()))")
    }

    func clear() {
        lines.removeAll()
        origin = clock.now
    }
}

/// A finger moving in steps over the harness's clock.
@MainActor
extension Harness {
    /// The deadline the application waits for `scrollView` (its motion's or its indicators' fade's
    /// end), if any.
    func settleDeadline(of scrollView: ScrollView) -> Double? {
        application.pendingWork().compactMap { work -> Double? in
            if case .scrollMotion(let view, let deadline) = work, view === scrollView { return deadline }
            return nil
        }.first
    }

    /// Adds a 400 × 400 scroll view at the top of the root view, its content 400 wide and
    /// `contentHeight` tall, told about scrolling through `delegate`; returns it.
    func addScrollView(contentHeight: Double, delegate: RecordingScrollDelegate) -> ScrollView {
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        scrollView.contentSize = Size(width: 400, height: contentHeight)
        scrollView.delegate = delegate
        root.addSubview(scrollView)
        return scrollView
    }

    /// Touches down at (x, y), then moves by (dx, dy) per step every `interval` seconds, `steps`
    /// times, and lifts at the last point without waiting: its velocity at the lift is (dx, dy) per
    /// `interval`. Returns the touch.
    @discardableResult
    func drag(
        from x: Double, _ y: Double, by dx: Double, _ dy: Double, steps: Int, interval: Double = 0.01, lift: Bool = true
    ) -> Touch? {
        let touch = down(x, y)
        var point = Point(x: x, y: y)
        for _ in 0..<steps {
            wait(interval)
            point = Point(x: point.x + dx, y: point.y + dy)
            move(touch, point.x, point.y)
        }
        if lift { up(touch) }
        return touch
    }

    /// Touches down at (x, y), holds still for `holding` seconds, then moves by `dy` every 10 ms,
    /// `steps` times; the finger stays down. Returns the touch.
    @discardableResult
    func press(_ x: Double, _ y: Double, holding: Double, thenMoveBy dy: Double, steps: Int) -> Touch? {
        let touch = down(x, y)
        wait(holding)
        for step in 1...steps {
            wait(0.01)
            move(touch, x, y + dy * Double(step))
        }
        return touch
    }
}
