import SceneCore
import TestSupport
import Testing

/// A view that writes down each `layoutSubviews`.
@MainActor
private final class LoggingView: View {
    let name: String
    let log: LineLog
    var onLayout: (LoggingView) -> Void = { _ in }

    init(_ name: String, frame: Rect, log: LineLog) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    override func layoutSubviews() {
        log.lines.append("\(name) layoutSubviews \(Int(bounds.width))×\(Int(bounds.height))")
        onLayout(self)
    }
}


@MainActor
private final class LoggingController: ViewController {
    let log: LineLog
    init(log: LineLog) {
        self.log = log
        super.init()
    }
    override func loadView() { view = LoggingView("root", frame: .zero, log: log) }
    override func viewWillLayoutSubviews() { log.lines.append("VC viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { log.lines.append("VC viewDidLayoutSubviews") }
}

@MainActor
@Suite("The layout pass [LY-1 … LY-5]")
struct LayoutTests {
    let clock = ManualClock(now: 10)
    let application: Application
    let window: Window
    fileprivate let log = LineLog()
    fileprivate let controller: LoggingController

    init() {
        application = Application(clock: clock)
        controller = LoggingController(log: log)
        var built: Window?
        let controller = self.controller
        let scene = try! application.connectScene(
            named: "main",
            delegate: ClosureSceneDelegate { scene in
                let window = Window(windowScene: scene)
                window.rootViewController = controller
                window.makeKeyAndVisible()
                built = window
            }, screenFrame: Rect(x: 0, y: 0, width: 400, height: 800))
        window = built!
        scene.activate()
        application.layoutIfNeeded()
        _ = log.take()
    }

    fileprivate var root: LoggingView { controller.view as! LoggingView }

    /// "a" (100 × 100 at the origin), laid out, the log emptied.
    fileprivate func laidOutView() -> LoggingView {
        let a = add("a", Rect(x: 0, y: 0, width: 100, height: 100))
        settle()
        return a
    }

    /// "a" (100 × 100 at the origin) holding "b" at `frame`, laid out, the log emptied.
    fileprivate func laidOutPair(b frame: Rect) -> (LoggingView, LoggingView) {
        let a = add("a", Rect(x: 0, y: 0, width: 100, height: 100))
        let b = add("b", frame, to: a)
        settle()
        return (a, b)
    }

    /// Runs the pass and empties the log.
    private func settle() {
        application.layoutIfNeeded()
        _ = log.take()
    }

    fileprivate func add(_ name: String, _ frame: Rect, to parent: View? = nil) -> LoggingView {
        let view = LoggingView(name, frame: frame, log: log)
        (parent ?? root).addSubview(view)
        return view
    }

    @Test("LY-1: setNeedsLayout only marks; the pass calls layoutSubviews once however often it was marked")
    func coalesces() {
        let a = laidOutView()
        a.setNeedsLayout()
        a.setNeedsLayout()
        #expect(a.needsLayout && log.lines.isEmpty, "nothing runs from inside setNeedsLayout")
        application.layoutIfNeeded()
        #expect(log.take() == ["a layoutSubviews 100×100"])
        application.layoutIfNeeded()
        #expect(log.lines.isEmpty && !a.needsLayout, "nothing is pending after the pass")
    }

    @Test("LY-1: layoutIfNeeded lays out from the topmost ancestor that needs it, each view before its subviews, and only marked subtrees")
    func topDown() {
        let a = add("a", Rect(x: 0, y: 0, width: 100, height: 100))
        let b = add("b", Rect(x: 0, y: 0, width: 50, height: 50), to: a)
        let c = add("c", Rect(x: 0, y: 0, width: 10, height: 10), to: b)
        let other = add("other", Rect(x: 200, y: 0, width: 100, height: 100))
        application.layoutIfNeeded()
        _ = log.take()
        c.setNeedsLayout()
        a.setNeedsLayout()
        b.layoutIfNeeded()
        #expect(log.take() == ["a layoutSubviews 100×100", "c layoutSubviews 10×10"], "b was not marked; other's subtree is not visited")
        c.setNeedsLayout()
        c.layoutIfNeeded()
        #expect(log.take() == ["c layoutSubviews 10×10"])
        _ = other
    }

    @Test("LY-2: a size change marks the view and its superview; a move does not; adding and removing mark the superview and the added view")
    func triggers() {
        let (a, b) = laidOutPair(b: Rect(x: 0, y: 0, width: 50, height: 50))
        b.frame = Rect(x: 10, y: 10, width: 50, height: 50)
        b.center = Point(x: 40, y: 40)
        application.layoutIfNeeded()
        #expect(log.take().isEmpty, "moving changes no size")
        b.bounds = Rect(x: 0, y: 0, width: 60, height: 50)
        application.layoutIfNeeded()
        #expect(log.take() == ["a layoutSubviews 100×100", "b layoutSubviews 60×50"])
        b.removeFromSuperview()
        application.layoutIfNeeded()
        #expect(log.take() == ["a layoutSubviews 100×100"])
        a.addSubview(b)
        application.layoutIfNeeded()
        #expect(log.take() == ["a layoutSubviews 100×100", "b layoutSubviews 60×50"])
    }

    @Test("LY-3: a size change resizes the subviews by their masks at once, down the tree, unless autoresizesSubviews is off")
    func autoresizing() {
        let a = add("a", Rect(x: 0, y: 0, width: 400, height: 200))
        let bar = add("bar", Rect(x: 0, y: 0, width: 400, height: 44), to: a)
        bar.autoresizingMask = .flexibleWidth
        let button = add("button", Rect(x: 340, y: 7, width: 50, height: 30), to: bar)
        button.autoresizingMask = .flexibleLeftMargin
        let fixed = add("fixed", Rect(x: 10, y: 50, width: 20, height: 20), to: a)
        a.frame = Rect(x: 0, y: 0, width: 600, height: 200)
        #expect(bar.frame == Rect(x: 0, y: 0, width: 600, height: 44))
        #expect(button.frame == Rect(x: 540, y: 7, width: 50, height: 30), "the button stays 10 points from the bar's right edge")
        #expect(fixed.frame == Rect(x: 10, y: 50, width: 20, height: 20))
        a.autoresizesSubviews = false
        a.frame = Rect(x: 0, y: 0, width: 300, height: 200)
        #expect(bar.frame.width == 600)
    }

    @Test("LY-4: a controller's root view is laid out between viewWillLayoutSubviews and viewDidLayoutSubviews")
    func controllerHooks() {
        root.setNeedsLayout()
        application.layoutIfNeeded()
        #expect(log.take() == ["VC viewWillLayoutSubviews", "root layoutSubviews 400×800", "VC viewDidLayoutSubviews"])
    }

    @Test("LY-5: the pass runs before a new finger is hit-tested, so the touch finds the laid-out frame")
    func beforeHitTesting() {
        let target = add("target", Rect(x: 0, y: 0, width: 50, height: 50))
        root.onLayout = { _ in target.frame = Rect(x: 200, y: 200, width: 100, height: 100) }
        root.setNeedsLayout()
        let touch = application.touchDown(at: Point(x: 250, y: 250))
        #expect(touch?.view === target)
    }

    @Test("LY-5: the pass runs before a window's damage is measured, and an observed window with layout pending owes a redraw")
    func beforeDrawing() {
        let a = laidOutView()
        a.setNeedsLayout()
        #expect(!window.hasPendingDamage, "nobody draws the window: nothing is owed")
        let observer = window.addDamageObserver()
        window.resolvePendingDamage()
        _ = observer.takeRegion()
        #expect(log.take() == ["a layoutSubviews 100×100"])
        a.setNeedsLayout()
        #expect(window.hasPendingDamage)
        window.resolvePendingDamage()
        #expect(log.take() == ["a layoutSubviews 100×100"])
        #expect(!a.needsLayout)
    }

    @Test("LY-5: a layout that keeps marking views stops after a bounded number of walks; the rest waits for the next pass")
    func bounded() {
        let a = laidOutView()
        a.onLayout = { view in view.setNeedsLayout() }
        a.setNeedsLayout()
        application.layoutIfNeeded()
        #expect(log.take().count == 8)
        #expect(a.needsLayout)
    }

    @Test("LY-2: the sizes a view gives its subviews in layoutSubviews do not lay it out again; a size change from elsewhere does")
    func ownChangesDoNotRemark() {
        let (a, b) = laidOutPair(b: Rect(x: 0, y: 0, width: 10, height: 10))
        a.onLayout = { view in b.frame.size.width = view.bounds.width / 2 }
        a.frame.size.width = 300
        application.layoutIfNeeded()
        #expect(log.take() == [
            "VC viewWillLayoutSubviews", "root layoutSubviews 400×800", "VC viewDidLayoutSubviews",
            "a layoutSubviews 300×100", "b layoutSubviews 150×10",
        ])
        #expect(!a.needsLayout)
        b.frame.size.width = 20
        #expect(a.needsLayout)
    }
}
