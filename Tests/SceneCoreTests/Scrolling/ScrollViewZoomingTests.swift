@testable import SceneCore
import Testing

/// Zooming [SV-25] on the manual clock.
///
/// The scroll view is 400 × 400 at the top of the window; its one subview, the view for zooming, is
/// 400 × 400 at its origin. Zoom limits 0.5…3. Pinches are two fingers on a horizontal line through
/// (200, 200) unless a test says otherwise.
@MainActor
@Suite("Scroll view: zooming")
struct ScrollViewZoomingTests {
    let harness = Harness()
    let delegate = RecordingScrollDelegate()
    let scrollView: ScrollView
    let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))

    init() {
        scrollView = harness.addScrollView(contentHeight: 400, delegate: delegate)
        scrollView.addSubview(content)
        delegate.zoomingView = content
        scrollView.minimumZoomScale = 0.5
        scrollView.maximumZoomScale = 3
    }

    /// The lines without the per-change ones.
    private var milestones: [String] {
        delegate.lines.filter { $0 != "didScroll" && $0 != "didZoom" }
    }

    /// The deadline the application waits for this scroll view, if any.
    private var settleDeadline: Double? { harness.settleDeadline(of: scrollView) }

    /// Two fingers down at `first` and `second`; returns them.
    private func fingersDown(_ first: Point, _ second: Point) -> (Touch, Touch) {
        let touches = harness.application.dispatch([.down(first), .down(second)])
        return (touches[0]!, touches[1]!)
    }

    /// Both fingers move at once, 10 ms after the last event.
    private func move(_ fingers: (Touch, Touch), to first: Point, _ second: Point) {
        harness.wait(0.01)
        harness.application.dispatch([.move(fingers.0, to: first), .move(fingers.1, to: second)])
    }

    /// Both fingers lift at once, 10 ms after the last event.
    private func lift(_ fingers: (Touch, Touch)) {
        harness.wait(0.01)
        harness.application.dispatch([.up(fingers.0, at: nil), .up(fingers.1, at: nil)])
    }

    // MARK: Turning it on

    @Test("SV-25: the pinch recognizer exists only while the maximum zoom scale exceeds the minimum; without a view for zooming the scale is 1")
    func pinchRecognizerFollowsTheLimits() throws {
        let plain = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(plain.pinchGestureRecognizer == nil, "limits 1…1 by default")
        #expect(plain.zoomScale == 1)
        plain.maximumZoomScale = 2
        let pinch = try #require(plain.pinchGestureRecognizer)
        #expect(plain.gestureRecognizers.contains { $0 === pinch })
        plain.maximumZoomScale = 1
        #expect(plain.pinchGestureRecognizer == nil)
        #expect(!plain.gestureRecognizers.contains { $0 === pinch })
        plain.maximumZoomScale = .nan
        #expect(plain.maximumZoomScale == 1, "not a positive number: stored as 1")
        plain.minimumZoomScale = -2
        #expect(plain.minimumZoomScale == 1)

        plain.maximumZoomScale = 2
        plain.setZoomScale(2, animated: false)
        #expect(plain.zoomScale == 1, "no delegate, no view for zooming: nothing happens")
    }

    // MARK: From code

    @Test("SV-25: setZoomScale scales the view for zooming about the centre, puts its frame at the content's origin and makes it the content size; didScroll, then didZoom")
    func setZoomScaleAtOnce() {
        scrollView.setZoomScale(2, animated: false)
        #expect(scrollView.zoomScale == 2)
        #expect(content.transform == AffineTransform(scaleX: 2, y: 2))
        #expect(content.frame == Rect(x: 0, y: 0, width: 800, height: 800))
        #expect(scrollView.contentSize == Size(width: 800, height: 800))
        // The point at the centre, (200, 200) of the view, lies at (400, 400) in the content now.
        #expect(scrollView.contentOffset == Point(x: 200, y: 200))
        #expect(delegate.lines == ["didScroll", "didZoom"])
    }

    @Test("SV-25: setZoomScale holds the scale within the limits and the offset within the content; a NaN does nothing")
    func setZoomScaleClamps() {
        scrollView.setZoomScale(2, animated: false)
        scrollView.setZoomScale(5, animated: false)
        #expect(scrollView.zoomScale == 3)
        // The centre showed (200, 200) of the view: at 3 it lies at (600, 600); 600 − 200 = 400.
        #expect(scrollView.contentOffset == Point(x: 400, y: 400))
        scrollView.setZoomScale(0.1, animated: false)
        #expect(scrollView.zoomScale == 0.5)
        #expect(scrollView.contentSize == Size(width: 200, height: 200))
        #expect(scrollView.contentOffset == .zero, "content smaller than the view rests at its origin")
        delegate.clear()
        scrollView.setZoomScale(.nan, animated: false)
        #expect(scrollView.zoomScale == 0.5)
        #expect(delegate.lines.isEmpty)
    }

    @Test("SV-25: an animated setZoomScale goes over 0.3 s between willBeginZooming and didEndZooming, and the view is pending work until then")
    func setZoomScaleAnimated() {
        let start = harness.clock.now
        scrollView.setZoomScale(2, animated: true)
        #expect(delegate.lines == ["willBeginZooming"])
        #expect(settleDeadline == start + 0.3)
        harness.wait(0.1)
        #expect(scrollView.zoomScale > 1 && scrollView.zoomScale < 2, "on its way")
        #expect(!scrollView.isZoomBouncing, "an animation from code is not a bounce")
        harness.wait(0.2)
        #expect(scrollView.zoomScale == 2)
        #expect(scrollView.contentOffset == Point(x: 200, y: 200))
        #expect(delegate.collapsedChanges == ["willBeginZooming", "changes*", "didEndZooming(atScale: 2.0)"])
        #expect(settleDeadline == nil)
    }

    @Test("SV-25: zoom(to:) fills the view with the rectangle as far as the limits allow, centred as far as the edges allow")
    func zoomToRect() {
        // 400 / 50 = 8 across, 400 / 100 = 4 down: 4, held at 3. The rectangle's centre (125, 150)
        // lies at (375, 450) at 3 and goes to the view's centre.
        scrollView.zoom(to: Rect(x: 100, y: 100, width: 50, height: 100), animated: false)
        #expect(scrollView.zoomScale == 3)
        #expect(scrollView.contentOffset == Point(x: 175, y: 250))
        scrollView.zoom(to: Rect(x: 0, y: 0, width: 400, height: 400), animated: false)
        #expect(scrollView.zoomScale == 1)
        #expect(scrollView.contentOffset == .zero)
        delegate.clear()
        scrollView.zoom(to: Rect(x: 0, y: 0, width: 0, height: 0), animated: false)
        #expect(delegate.lines.isEmpty, "an empty rectangle does nothing")
    }

    // MARK: Pinching

    @Test("SV-25: two fingers spreading from 100 to 200 pt apart zoom to 2 about their centroid: willBeginZooming, the changes, didEndZooming at once when nothing is past a limit")
    func pinchZooms() {
        let fingers = fingersDown(Point(x: 150, y: 200), Point(x: 250, y: 200))
        move(fingers, to: Point(x: 125, y: 200), Point(x: 275, y: 200))
        #expect(scrollView.isZooming)
        #expect(scrollView.zoomScale == 1.5)
        // The point under the centroid, (200, 200) of the view, stays under it: 300 − 200.
        #expect(scrollView.contentOffset == Point(x: 100, y: 100))
        move(fingers, to: Point(x: 100, y: 200), Point(x: 300, y: 200))
        #expect(scrollView.zoomScale == 2)
        #expect(scrollView.contentOffset == Point(x: 200, y: 200))
        #expect(scrollView.scrollIndicatorAlpha == 1, "the indicators show while zooming")
        lift(fingers)
        #expect(!scrollView.isZooming)
        #expect(scrollView.zoomScale == 2)
        #expect(delegate.collapsedChanges == ["willBeginZooming", "changes*", "didEndZooming(atScale: 2.0)"])
        #expect(!delegate.lines.contains("willBeginDragging"), "a pinch about a still centroid is no drag")
    }

    @Test("SV-25: past the maximum the scale follows with the zoom's rubber band; released, scale and offset spring back about the centroid over 0.3 s, then didEndZooming")
    func pinchPastTheMaximumBounces() {
        // 20 pt apart, then 120: the fingers ask for 6.
        let fingers = fingersDown(Point(x: 190, y: 200), Point(x: 210, y: 200))
        move(fingers, to: Point(x: 140, y: 200), Point(x: 260, y: 200))
        let banded = 3 * (2 - 1 / 1.55)
        #expect(abs(scrollView.zoomScale - banded) < 1e-12)
        #expect(abs(scrollView.contentOffset.x - (200 * banded - 200)) < 1e-9)
        lift(fingers)
        let released = harness.clock.now
        #expect(scrollView.isZoomBouncing)
        #expect(settleDeadline == released + 0.3)
        #expect(milestones == ["willBeginZooming"], "didEndZooming waits for the bounce")
        harness.wait(0.3)
        #expect(!scrollView.isZoomBouncing)
        #expect(scrollView.zoomScale == 3)
        // (200, 200) of the view stays under the centroid: 600 − 200.
        #expect(scrollView.contentOffset == Point(x: 400, y: 400))
        #expect(milestones == ["willBeginZooming", "didEndZooming(atScale: 3.0)"])
        // At rest, the indicators shown since the pinch began fade (SV-24): pending until then.
        #expect(abs((settleDeadline ?? 0) - (released + 0.3 + 0.3)) < 1e-9)
        harness.wait(0.3)
        #expect(settleDeadline == nil)
    }

    @Test("SV-25: a finger that catches the zoom bounce ends it at once, at its resting scale and offset, with didEndZooming; the touch is not the content's")
    func touchDuringTheZoomBounce() {
        let log = TimedLog(clock: harness.clock)
        content.addSubview(TimedView("inside", frame: content.bounds, log: log))
        let fingers = fingersDown(Point(x: 190, y: 200), Point(x: 210, y: 200))
        move(fingers, to: Point(x: 140, y: 200), Point(x: 260, y: 200))
        lift(fingers)
        harness.wait(0.1)
        #expect(scrollView.isZoomBouncing)
        #expect(scrollView.zoomScale > 3, "part way back")
        let finger = harness.down(100, 100)
        #expect(!scrollView.isZoomBouncing && !scrollView.isZooming)
        #expect(scrollView.zoomScale == 3)
        #expect(scrollView.contentOffset == Point(x: 400, y: 400))
        #expect(milestones == ["willBeginZooming", "didEndZooming(atScale: 3.0)"])
        harness.wait(0.2)
        harness.up(finger)
        #expect(scrollView.zoomScale == 3, "nothing else moves it")
        #expect(log.lines.isEmpty, "the finger that caught the bounce reaches no content view (SV-11)")
    }

    @Test("SV-25: an animated zoom interrupted by another ends at its target first: each willBeginZooming has its didEndZooming")
    func zoomAnimationInterrupted() {
        scrollView.setZoomScale(2, animated: true)
        harness.wait(0.1)
        scrollView.setZoomScale(1, animated: true)
        #expect(milestones == ["willBeginZooming", "didEndZooming(atScale: 2.0)", "willBeginZooming"])
        harness.wait(0.3)
        #expect(scrollView.zoomScale == 1)
        #expect(milestones == ["willBeginZooming", "didEndZooming(atScale: 2.0)", "willBeginZooming", "didEndZooming(atScale: 1.0)"])
    }

    @Test("SV-25: without bouncesZoom the scale stops at the limit and nothing bounces")
    func pinchWithoutBounce() {
        scrollView.bouncesZoom = false
        let fingers = fingersDown(Point(x: 190, y: 200), Point(x: 210, y: 200))
        move(fingers, to: Point(x: 140, y: 200), Point(x: 260, y: 200))
        #expect(scrollView.zoomScale == 3)
        lift(fingers)
        #expect(!scrollView.isZoomBouncing)
        #expect(milestones == ["willBeginZooming", "didEndZooming(atScale: 3.0)"])
    }

    @Test("SV-25: fingers that move together while pinching pan the content; the scroll view's own pan does not drag meanwhile")
    func pinchPans() {
        scrollView.setZoomScale(2, animated: false)
        delegate.clear()
        let fingers = fingersDown(Point(x: 150, y: 200), Point(x: 250, y: 200))
        move(fingers, to: Point(x: 145, y: 200), Point(x: 255, y: 200))
        // The pinch began about (200, 200): the view's point (200, 200) at 2 (the content's (400, 400)).
        move(fingers, to: Point(x: 105, y: 160), Point(x: 215, y: 160))
        #expect(abs(scrollView.zoomScale - 2.2) < 1e-12)
        // At 2.2 that point lies at (440, 440), under the centroid (160, 160).
        #expect(abs(scrollView.contentOffset.x - 280) < 1e-9)
        #expect(abs(scrollView.contentOffset.y - 280) < 1e-9)
        lift(fingers)
        #expect(!delegate.lines.contains("willBeginDragging"))
        #expect(milestones == ["willBeginZooming", "didEndZooming(atScale: \(scrollView.zoomScale))"])
    }

    @Test("SV-25: a second finger that pinches during a drag ends the drag (not decelerating) before the zoom begins; after one lift the content is frozen until the other")
    func pinchDuringADrag() {
        scrollView.setZoomScale(2, animated: false)
        delegate.clear()
        let first = harness.down(200, 300)
        harness.wait(0.01)
        harness.move(first, 200, 250)
        #expect(scrollView.isDragging)
        let second = harness.application.dispatch([.down(Point(x: 200, y: 150))])[0]!
        harness.wait(0.01)
        harness.application.dispatch([.move(second, to: Point(x: 200, y: 100))])
        #expect(scrollView.isZooming)
        #expect(!scrollView.isDragging)
        harness.wait(0.01)
        harness.application.dispatch([.up(second, at: nil)])
        let frozen = (scrollView.contentOffset, scrollView.zoomScale)
        harness.wait(0.01)
        harness.move(first, 200, 350)
        #expect(scrollView.contentOffset == frozen.0)
        #expect(scrollView.zoomScale == frozen.1)
        harness.wait(0.01)
        harness.up(first)
        #expect(milestones == [
            "willBeginDragging", "didEndDragging(willDecelerate: false)", "willBeginZooming",
            "didEndZooming(atScale: \(frozen.1))",
        ])
    }

    // MARK: The rubber band

    @Test("SV-25: the zoom's rubber band is the scale itself within the limits, continuous at them, and never beyond twice the maximum or half the minimum")
    func zoomRubberBand() {
        func band(_ raw: Double) -> Double { ScrollPhysics.zoomRubberBand(scale: raw, minimum: 0.5, maximum: 3) }
        #expect(band(0.5) == 0.5)
        #expect(band(1.7) == 1.7)
        #expect(band(3) == 3)
        #expect(abs(band(3.000001) - 3) < 1e-5)
        #expect(abs(band(0.499999) - 0.5) < 1e-5)
        // minimum / raw − 1 = 4: 0.5 / (1 + (1 − 1/3.2)).
        #expect(abs(band(0.1) - 0.5 / (2 - 1 / 3.2)) < 1e-12)
        var previous = 0.0
        for step in 0...200 {
            let raw = 0.01 + Double(step) * 0.05
            let shown = band(raw)
            #expect(shown >= previous, "monotonic")
            #expect(shown > 0.25 && shown < 6)
            previous = shown
        }
        #expect(band(1e9) < 6)
        #expect(band(0) == 0.25)
    }
}
