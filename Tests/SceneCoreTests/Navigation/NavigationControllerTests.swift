import SceneCore
import Testing

/// A navigation stack in the harness's 400 × 800 window, on the manual clock [NV-1 … NV-7, LY-8].
///
/// The bar is 44 pt high (no safe area), so each page's view fills (0, 44, 400, 756). Pages log
/// their appearance calls; `settle()` runs a transition to its end.
@MainActor
@Suite("Navigation controller")
struct NavigationControllerTests {
    let harness = Harness()
    let log = LineLog()
    let root: Page
    let navigation: NavigationController

    init() {
        root = Page("Root", log: log)
        navigation = NavigationController(rootViewController: root)
        harness.window.rootViewController = navigation
        harness.application.layoutIfNeeded()
        log.lines.removeAll()
    }

    private func settle() {
        harness.wait(1)
    }

    private func push(_ title: String, animated: Bool = true) -> Page {
        let page = Page(title, log: log)
        navigation.pushViewController(page, animated: animated)
        return page
    }

    /// A drag from `x` at y 400, `steps` moves of `dx` 10 ms apart; the finger lifts after `rest`.
    @discardableResult
    private func swipe(from x: Double, by dx: Double, _ dy: Double = 0, steps: Int, rest: Double = 0, at y: Double = 400) -> Touch? {
        let touch = harness.down(x, y)
        var point = Point(x: x, y: y)
        for _ in 0..<steps {
            harness.wait(0.01)
            point = Point(x: point.x + dx, y: point.y + dy)
            harness.move(touch, point.x, point.y)
        }
        harness.wait(rest)
        harness.up(touch)
        return touch
    }

    // MARK: Push and pop [NV-1, NV-2]

    @Test("NV-1: the root fills the content area below the bar, which shows its title and no back button (hidden, still named for assistive tools)")
    func rootPage() {
        #expect(root.view.frame == Rect(x: 0, y: 44, width: 400, height: 756))
        #expect(navigation.navigationBar.frame == Rect(x: 0, y: 0, width: 400, height: 44))
        #expect(navigation.navigationBar.titleLabel.text == "Root")
        #expect(navigation.navigationBar.backButton.isHidden)
        #expect(navigation.navigationBar.backButton.accessibilityLabel == "Back")
    }

    @Test("NV-2: a push holds the new page at once and slides it in from the trailing edge over the old one, which moves a third left; the calls come in UIKit's order")
    func pushSlides() {
        let detail = push("Detail")
        #expect(navigation.viewControllers.map(\.title) == ["Root", "Detail"])
        #expect(navigation.topViewController === detail)
        #expect(navigation.navigationBar.titleLabel.text == "Detail")
        #expect(navigation.navigationBar.backButton.title == "‹ Root")
        #expect(log.lines == ["Root.viewWillDisappear(true)", "Detail.viewWillAppear(true)"])
        #expect(detail.view.presentation.frame.minX == 400, "starts beyond the trailing edge")
        #expect(navigation.isTransitioning)
        harness.wait(NavigationController.transitionDuration / 2)
        #expect(detail.view.presentation.frame.minX > 0 && detail.view.presentation.frame.minX < 400)
        #expect(root.view.presentation.frame.minX < 0 && root.view.presentation.frame.minX > -120)
        #expect(harness.window.hitTest(Point(x: 200, y: 400), with: nil) !== detail.view, "an animating page takes no touches [HT-10]")
        settle()
        #expect(detail.view.frame == Rect(x: 0, y: 44, width: 400, height: 756))
        #expect(root.view.superview == nil, "the covered page leaves the hierarchy")
        #expect(log.lines.suffix(2) == ["Root.viewDidDisappear(true)", "Detail.viewDidAppear(true)"])
        #expect(harness.window.hitTest(Point(x: 200, y: 400), with: nil) === detail.view)
        #expect(!navigation.isTransitioning)
    }

    @Test("NV-2: without animation a push and a pop take effect at once, with the will and did calls together")
    func unanimated() {
        let detail = push("Detail", animated: false)
        #expect(detail.view.frame.minX == 0 && root.view.superview == nil)
        #expect(log.take() == ["Root.viewWillDisappear(false)", "Detail.viewWillAppear(false)", "Root.viewDidDisappear(false)", "Detail.viewDidAppear(false)"])
        #expect(navigation.popViewController(animated: false) === detail)
        #expect(detail.view.superview == nil && root.view.frame.minX == 0)
        #expect(detail.parent == nil)
        #expect(log.take() == ["Detail.viewWillDisappear(false)", "Root.viewWillAppear(false)", "Detail.viewDidDisappear(false)", "Root.viewDidAppear(false)"])
    }

    @Test("NV-2: the back button pops with the slide; the page below comes back from a third to the left")
    func backButtonPops() {
        let detail = push("Detail")
        settle()
        log.lines.removeAll()
        harness.tap(30, 22)
        #expect(navigation.viewControllers.count == 1, "the stack changes when the pop is asked for")
        #expect(log.lines == ["Detail.viewWillDisappear(true)", "Root.viewWillAppear(true)"])
        #expect(root.view.presentation.frame.minX == -120)
        settle()
        #expect(detail.view.superview == nil && root.view.frame.minX == 0)
        #expect(navigation.navigationBar.backButton.isHidden)
        #expect(log.lines.suffix(2) == ["Detail.viewDidDisappear(true)", "Root.viewDidAppear(true)"])
    }

    @Test("NV-1: popToRootViewController pops every page above the root, top first; at the root it returns nil")
    func popToRoot() {
        let first = push("One", animated: false)
        let second = push("Two", animated: false)
        let popped = navigation.popToRootViewController(animated: true)
        #expect(popped?.map(\.title) == ["Two", "One"])
        settle()
        #expect(navigation.viewControllers.count == 1 && first.parent == nil && second.parent == nil)
        #expect(navigation.popToRootViewController(animated: true) == nil)
        #expect(navigation.popViewController(animated: true) == nil)
    }

    @Test("NV-2: a push asked for during a transition first ends that transition where it was going")
    func pushDuringTransition() {
        let one = push("One")
        harness.wait(0.1)
        let two = push("Two")
        #expect(root.view.superview == nil, "the first push ended: the root left")
        #expect(one.view.frame.minX == -120, "and One is on its way out")
        settle()
        #expect(navigation.viewControllers.map(\.title) == ["Root", "One", "Two"])
        #expect(two.view.frame.minX == 0 && one.view.superview == nil && root.view.superview == nil)
    }

    @Test("NV-2: after the first frame a transition's frames redraw the pages, never the bar, and a layout pass redraws nothing")
    func framesLeaveTheBar() {
        let observer = harness.window.addDamageObserver()
        harness.window.drawHierarchy(in: RecordingContext(), region: DamageRegion(harness.window.bounds))
        _ = push("Detail")
        harness.window.resolvePendingDamage()
        _ = observer.takeRegion()  // the first frame: the new title and back button
        let bar = Rect(x: 0, y: 0, width: 400, height: 44)
        while navigation.isTransitioning {
            harness.wait(1.0 / 60)
            harness.window.resolvePendingDamage()
            let region = observer.takeRegion()
            #expect(!region.isEmpty)
            #expect(!region.intersects(bar), "\(region)")
            harness.window.drawHierarchy(in: RecordingContext(), region: region)
        }
        navigation.view.setNeedsLayout()
        harness.application.layoutIfNeeded()
        harness.window.resolvePendingDamage()
        #expect(observer.takeRegion().isEmpty, "laying out an unchanged stack damages nothing")
        harness.window.removeDamageObserver(observer)
    }

    // MARK: The interactive pop [NV-3, NV-4]

    @Test("NV-3: a swipe from the leading edge moves the page with the finger, and released past half it completes the pop")
    func interactivePopCompletes() {
        let detail = push("Detail")
        settle()
        log.lines.removeAll()
        let touch = harness.down(5, 400)
        for step in 1...25 {
            harness.wait(0.02)
            harness.move(touch, 5 + Double(step) * 10, 400)
        }
        #expect(navigation.isTransitioning)
        #expect(log.lines == ["Detail.viewWillDisappear(true)", "Root.viewWillAppear(true)"])
        let drawn = detail.view.presentation.frame.minX
        #expect(abs(drawn - 240) < 11, "the page follows the finger (moved 250 pt, the pan began after 10): \(drawn)")
        harness.wait(0.3)
        harness.up(touch)
        settle()
        #expect(navigation.viewControllers.count == 1)
        #expect(detail.view.superview == nil && detail.parent == nil)
        #expect(root.view.frame.minX == 0)
        #expect(log.lines.suffix(2) == ["Detail.viewDidDisappear(true)", "Root.viewDidAppear(true)"])
        #expect(!navigation.isTransitioning)
    }

    @Test("NV-4: released short of half without speed the swipe cancels: the page slides back and each page gets the reverse calls")
    func interactivePopCancels() {
        let detail = push("Detail")
        settle()
        log.lines.removeAll()
        swipe(from: 5, by: 10, steps: 10, rest: 0.3)
        settle()
        #expect(navigation.viewControllers.count == 2)
        #expect(detail.view.frame.minX == 0 && root.view.superview == nil)
        #expect(log.lines == [
            "Detail.viewWillDisappear(true)", "Root.viewWillAppear(true)",
            "Detail.viewWillAppear(true)", "Root.viewWillDisappear(true)",
            "Detail.viewDidAppear(true)", "Root.viewDidDisappear(true)",
        ])
    }

    @Test("NV-4: a flick completes the pop from a short distance; past half, a flick back cancels it")
    func velocityDecides() {
        #expect(NavigationController.interactivePopCompletes(fraction: 0.1, velocity: 800))
        #expect(!NavigationController.interactivePopCompletes(fraction: 0.9, velocity: -800))
        #expect(NavigationController.interactivePopCompletes(fraction: 0.6, velocity: 0))
        #expect(!NavigationController.interactivePopCompletes(fraction: 0.4, velocity: 200))
        _ = push("Detail")
        settle()
        swipe(from: 5, by: 15, steps: 6)
        settle()
        #expect(navigation.viewControllers.count == 1, "a 1,500 pt/s flick of 90 pt pops")
    }

    @Test("NV-3: at the root, and from away from the edge, a swipe does nothing")
    func swipeNeedsTheEdgeAndAPage() {
        swipe(from: 5, by: 20, steps: 15)
        settle()
        #expect(navigation.viewControllers.count == 1 && !navigation.isTransitioning)
        _ = push("Detail")
        settle()
        swipe(from: 60, by: 20, steps: 15)
        settle()
        #expect(navigation.viewControllers.count == 2)
        #expect(navigation.interactivePopGestureRecognizer.state == .possible)
    }

    // MARK: Arbitration [NV-5 … NV-7]

    @Test("NV-5: at the edge the swipe beats a table's scroll; a vertical drag from the edge scrolls the table; elsewhere the table scrolls at once")
    func winsAgainstAVerticalScroll() {
        let detail = push("Detail")
        settle()
        let table = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 756))
        table.contentSize = Size(width: 400, height: 3000)
        detail.view.addSubview(table)
        swipe(from: 5, by: 0, -15, steps: 10, at: 500)
        #expect(table.contentOffset.y > 0, "vertical from the edge: the table's")
        #expect(navigation.viewControllers.count == 2)
        settle()
        let before = table.contentOffset.y
        swipe(from: 5, by: 20, 2, steps: 15)
        settle()
        #expect(navigation.viewControllers.count == 1, "horizontal from the edge: the pop's")
        #expect(table.contentOffset.y == before, "the table did not scroll")
    }

    @Test("NV-6: a control under the edge keeps its touch: the swipe fails and the switch toggles")
    func losesToAControl() {
        let detail = push("Detail")
        settle()
        let toggle = Switch(frame: Rect(x: 0, y: 300, width: 51, height: 31))
        detail.view.addSubview(toggle)
        harness.tap(5, 360)
        #expect(toggle.isOn)
        swipe(from: 5, by: 20, steps: 10, at: 360)
        settle()
        #expect(navigation.viewControllers.count == 2)
    }

    @Test("NV-7: over a horizontal scroll view the swipe loses unless the scroll view is at its leading end")
    func horizontalScrollView() {
        let detail = push("Detail")
        settle()
        let pager = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        pager.contentSize = Size(width: 1200, height: 400)
        detail.view.addSubview(pager)
        pager.contentOffset = Point(x: 400, y: 0)
        swipe(from: 5, by: 20, steps: 10, at: 200)
        settle()
        #expect(navigation.viewControllers.count == 2, "not at its leading end: the scroll view's")
        #expect(pager.contentOffset.x < 400)
        pager.contentOffset = .zero
        swipe(from: 5, by: 20, 1, steps: 15, at: 200)
        settle()
        #expect(navigation.viewControllers.count == 1, "at its leading end: the pop's")
    }
}

/// A page that logs its appearance calls as "Title.viewWillAppear(true)".
@MainActor
final class Page: ViewController {
    let log: LineLog

    init(_ title: String, log: LineLog) {
        self.log = log
        super.init()
        self.title = title
    }

    override func loadView() {
        let view = View(frame: .zero)
        view.backgroundColor = .white
        self.view = view
    }

    override func viewWillAppear(_ animated: Bool) { log.lines.append("\(title!).viewWillAppear(\(animated))") }
    override func viewDidAppear(_ animated: Bool) { log.lines.append("\(title!).viewDidAppear(\(animated))") }
    override func viewWillDisappear(_ animated: Bool) { log.lines.append("\(title!).viewWillDisappear(\(animated))") }
    override func viewDidDisappear(_ animated: Bool) { log.lines.append("\(title!).viewDidDisappear(\(animated))") }
}
