import SceneCore
import Testing

/// Wheel steps and trackpad gestures on scroll views and pans, on the manual clock [SV-17 … SV-20].
///
/// The scroll view is 400 × 400 at the top of the 400 × 800 window, its content 400 × 2000 (offsets
/// 0…1600). The pointer is at (200, 200) unless a test says otherwise.
@MainActor
@Suite("Scroll view: wheel and trackpad")
struct ScrollViewScrollEventTests {
    let harness = Harness()
    let delegate = RecordingScrollDelegate()
    let scrollView: ScrollView

    init() {
        scrollView = harness.addScrollView(contentHeight: 2000, delegate: delegate)
    }

    private var offsetY: Double { scrollView.contentOffset.y }

    @discardableResult
    private func wheel(_ dx: Double, _ dy: Double, at x: Double = 200, _ y: Double = 200) -> PanGestureRecognizer? {
        harness.application.scroll(.discrete(delta: Point(x: dx, y: dy)), at: Point(x: x, y: y))
    }

    @discardableResult
    private func trackpad(_ phase: ScrollPhase, _ dy: Double = 0, at y: Double = 200) -> PanGestureRecognizer? {
        harness.application.scroll(.continuous(phase, delta: Point(x: 0, y: dy)), at: Point(x: 200, y: y))
    }

    // MARK: Masks [SV-17]

    @Test("SV-17: a scroll view's own pan accepts every scroll type, a plain pan none, and the mask's raw values are UIKit's")
    func defaultMasks() {
        #expect(scrollView.panGestureRecognizer.allowedScrollTypesMask == .all)
        #expect(PanGestureRecognizer().allowedScrollTypesMask == [])
        #expect(ScrollTypeMask.discrete.rawValue == 1 && ScrollTypeMask.continuous.rawValue == 2 && ScrollTypeMask.all.rawValue == 3)
        #expect(ScrollType(wireName: "continuous") == .continuous && ScrollType(wireName: "wheel") == nil)
    }

    @Test("SV-17: a scroll view whose pan no longer accepts wheels is not moved by one, but still by a trackpad")
    func maskDecides() {
        scrollView.panGestureRecognizer.allowedScrollTypesMask = .continuous
        #expect(wheel(0, 40) == nil)
        #expect(offsetY == 0)
        trackpad(.began)
        #expect(trackpad(.changed, 30) === scrollView.panGestureRecognizer)
        #expect(offsetY == 30)
        trackpad(.ended)
    }

    // MARK: Wheel [SV-19]

    @Test("SV-19: a wheel step moves the content by its delta at once, with one scrollViewDidScroll and no drag")
    func wheelStepMovesAtOnce() {
        #expect(wheel(0, 40) === scrollView.panGestureRecognizer)
        #expect(offsetY == 40)
        #expect(delegate.lines == ["didScroll"])
        #expect(!scrollView.isDragging && !scrollView.isDecelerating)
        #expect(scrollView.panGestureRecognizer.state == .possible)
        wheel(0, -15)
        #expect(offsetY == 25)
    }

    @Test("SV-19: a wheel step stops at the edge without a rubber band, and one at the edge goes nowhere")
    func wheelStepClamps() {
        scrollView.contentOffset = Point(x: 0, y: 1590)
        delegate.clear()
        wheel(0, 40)
        #expect(offsetY == 1600)
        #expect(wheel(0, 40) == nil, "at the bottom edge nothing can take a step down")
        #expect(offsetY == 1600)
        #expect(delegate.lines == ["didScroll"])
        #expect(wheel(40, 0) == nil, "the content is not wider than the view")
    }

    @Test("SV-19: a wheel step stops a deceleration where it is and moves on from there")
    func wheelStopsDeceleration() {
        harness.drag(from: 200, 300, by: 0, -10, steps: 5)
        #expect(scrollView.isDecelerating)
        harness.wait(0.1)
        let coasting = offsetY
        wheel(0, 10)
        #expect(!scrollView.isDecelerating)
        #expect(offsetY == coasting + 10)
        harness.wait(1)
        #expect(offsetY == coasting + 10)
    }

    // MARK: Routing [SV-18]

    @Test("SV-18: the inner scroll view takes a step first; at its edge along that axis the outer one does")
    func nestedInnerFirst() {
        let inner = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        inner.contentSize = Size(width: 400, height: 400)
        scrollView.addSubview(inner)
        #expect(wheel(0, 150, at: 200, 100) === inner.panGestureRecognizer)
        wheel(0, 100, at: 200, 100)
        #expect(inner.contentOffset.y == 200)
        #expect(offsetY == 0)
        #expect(wheel(0, 100, at: 200, 100) === scrollView.panGestureRecognizer)
        #expect(offsetY == 100)
        #expect(inner.contentOffset.y == 200)
    }

    @Test("SV-18: a vertical step over a horizontal scroll view scrolls the vertical one around it")
    func nestedCrossAxis() {
        let carousel = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        carousel.contentSize = Size(width: 1200, height: 200)
        scrollView.addSubview(carousel)
        wheel(0, 50, at: 200, 100)
        #expect(offsetY == 50)
        #expect(carousel.contentOffset == .zero)
        wheel(80, 0, at: 200, 100)
        #expect(carousel.contentOffset.x == 80)
    }

    @Test("SV-17, SV-18: a plain pan that accepts wheels begins and ends with the translation −delta; a disabled one is skipped")
    func plainPanTakesWheel() {
        var log: [String] = []
        let pan = PanGestureRecognizer { pan in
            log.append("\(pan.state.wireName) \(pan.translation(in: nil))")
        }
        pan.allowedScrollTypesMask = .discrete
        harness.root.addGestureRecognizer(pan)
        #expect(wheel(0, 20, at: 200, 600) === pan)
        #expect(log == ["began \(Point(x: 0, y: -20))", "ended \(Point(x: 0, y: -20))"])
        #expect(pan.state == .possible)
        pan.isEnabled = false
        #expect(wheel(0, 20, at: 200, 600) == nil)
    }

    // MARK: Trackpad [SV-19, SV-20]

    @Test("SV-19: a trackpad gesture drags the content and, when the fingers lift, decelerates from their speed")
    func trackpadDragsThenDecelerates() {
        #expect(trackpad(.began) == nil, "no target before the first movement")
        for _ in 0..<5 {
            harness.wait(0.01)
            trackpad(.changed, 10)
        }
        #expect(offsetY == 50)
        #expect(scrollView.isDragging && !scrollView.isTracking)
        #expect(trackpad(.ended) === scrollView.panGestureRecognizer)
        #expect(scrollView.isDecelerating)
        harness.wait(10)
        #expect(delegate.collapsed == [
            "willBeginDragging", "didScroll*", "willEndDragging", "didEndDragging(willDecelerate: true)",
            "willBeginDecelerating", "didScroll*", "didEndDecelerating",
        ])
        #expect(abs((delegate.releaseVelocity?.y ?? 0) - 1) < 1e-9, "10 pt per 10 ms is 1 pt/ms")
        #expect(abs(offsetY - (50 + 499)) < 1e-6, "1,000 pt/s coasts 499 pt at .normal [SV-5]")
    }

    @Test("SV-20: a trackpad gesture stays with the view it began over wherever the pointer goes, and momentum is absorbed")
    func trackpadLatches() {
        trackpad(.began)
        harness.wait(0.01)
        trackpad(.changed, 10)
        harness.wait(0.01)
        #expect(trackpad(.changed, 10, at: 600) === scrollView.panGestureRecognizer, "the pointer left the scroll view")
        #expect(offsetY == 20)
        trackpad(.ended)
        let target = delegate.proposedTarget
        let momentum = harness.application.scroll(.momentum(.began, delta: Point(x: 0, y: 5)), at: Point(x: 200, y: 200))
        #expect(momentum == nil)
        harness.wait(0.05)
        harness.application.scroll(.momentum(.changed, delta: Point(x: 0, y: 300)), at: Point(x: 200, y: 200))
        harness.application.scroll(.momentum(.ended, delta: .zero), at: Point(x: 200, y: 200))
        harness.wait(10)
        #expect(scrollView.contentOffset == target, "the content came to rest where its own physics put it")
    }

    @Test("SV-19: a new trackpad gesture cancels one that never ended; its drag ends at rest")
    func newGestureCancelsOld() {
        trackpad(.began)
        trackpad(.changed, 10)
        delegate.clear()
        trackpad(.began)
        #expect(delegate.lines == ["willEndDragging", "didEndDragging(willDecelerate: false)"])
        #expect(scrollView.panGestureRecognizer.state == .possible)
        #expect(trackpad(.changed, 10) === scrollView.panGestureRecognizer)
        #expect(offsetY == 20)
        trackpad(.ended)
    }
}
