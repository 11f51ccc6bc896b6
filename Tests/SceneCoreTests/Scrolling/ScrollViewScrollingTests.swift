import Foundation
import SceneCore
import Testing

/// A scroll view's geometry, dragging, deceleration, bounce, paging and programmatic scrolling, on the
/// manual clock [SV-1 … SV-11].
///
/// The scroll view is 400 × 400 at the top of the 400 × 800 window, its content 400 × 2000 (offsets
/// 0…1600). A drag touches down at (200, 300) and moves 10 pt every 10 ms: the pan begins at the
/// first step (10 pt, PAN_HYSTERESIS) and the content follows from there, so after n steps the
/// offset is 10·(n − 1) and the finger's speed is 1,000 pt/s.
@MainActor
@Suite("Scroll view: scrolling")
struct ScrollViewScrollingTests {
    let harness = Harness()
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let delegate = RecordingScrollDelegate()

    init() {
        scrollView.contentSize = Size(width: 400, height: 2000)
        scrollView.delegate = delegate
        harness.root.addSubview(scrollView)
    }

    private var offsetY: Double { scrollView.contentOffset.y }

    private func settle() {
        harness.wait(10)
    }

    // MARK: Geometry [SV-1]

    @Test("SV-1: contentOffset is bounds.origin, so content views are hit and placed where the offset puts them")
    func offsetIsBoundsOrigin() {
        let row = View(frame: Rect(x: 0, y: 500, width: 400, height: 44))
        scrollView.addSubview(row)
        scrollView.contentOffset = Point(x: 0, y: 480)
        #expect(scrollView.bounds.origin == Point(x: 0, y: 480))
        #expect(harness.window.hitTest(Point(x: 10, y: 30), with: nil) === row)
        #expect(row.convert(Point(x: 0, y: 0), to: harness.window) == Point(x: 0, y: 20))
        #expect(delegate.lines == ["didScroll"])
        scrollView.contentOffset = Point(x: 0, y: 480)
        #expect(delegate.lines == ["didScroll"], "setting the same offset again does not scroll")
    }

    @Test("SV-1: a scroll view clips its content to its bounds from the start, as UIKit's does, and a plain view does not")
    func clipsFromTheStart() {
        #expect(scrollView.clipsToBounds)
        #expect(TableView(frame: .zero).clipsToBounds)
        #expect(!View(frame: .zero).clipsToBounds)
        scrollView.clipsToBounds = false
        #expect(!scrollView.clipsToBounds)
    }

    @Test("SV-1: the offsets range from −inset to contentSize + inset − bounds, and the adjusted inset is the content inset")
    func insetsWidenTheRange() {
        scrollView.contentInset = EdgeInsets(top: 50, left: 0, bottom: 30, right: 0)
        #expect(scrollView.adjustedContentInset == scrollView.contentInset)
        harness.drag(from: 200, 300, by: 0, 10, steps: 2)  // a flick downwards
        settle()
        #expect(offsetY == -50, "comes to rest on −inset.top, the top edge")
        harness.drag(from: 200, 300, by: 0, -100, steps: 30)
        settle()
        #expect(offsetY == 2000 + 30 - 400, "comes to rest on the bottom edge, contentSize + inset − bounds")
    }

    // MARK: Dragging [SV-3, SV-4]

    @Test("SV-3: the content follows the finger from where the pan began, without the hysteresis jump")
    func dragFollowsFinger() {
        let touch = harness.drag(from: 200, 300, by: 0, -10, steps: 5, lift: false)
        #expect(offsetY == 40)
        #expect(scrollView.isDragging && scrollView.isTracking)
        #expect(delegate.lines.first == "willBeginDragging")
        #expect(delegate.offsets.map(\.y) == [10, 20, 30, 40])
        harness.up(touch)
    }

    @Test("SV-4: with the direction lock a diagonal drag moves only along the axis it started along; without, along both")
    func directionalLock() {
        scrollView.contentSize = Size(width: 2000, height: 2000)
        scrollView.isDirectionalLockEnabled = true
        let touch = harness.drag(from: 200, 300, by: -4, -10, steps: 5, lift: false)
        #expect(scrollView.contentOffset.x == 0)
        #expect(offsetY == 40)
        harness.up(touch)
        settle()
        scrollView.contentOffset = .zero
        scrollView.isDirectionalLockEnabled = false
        let free = harness.drag(from: 200, 300, by: -4, -10, steps: 5, lift: false)
        #expect(abs(scrollView.contentOffset.x - 16) < 1e-9)
        #expect(offsetY == 40)
        harness.up(free)
    }

    @Test("SV-3: content that fits the view does not scroll, unless it always bounces that way")
    func fittingContent() {
        scrollView.contentSize = Size(width: 400, height: 300)
        let touch = harness.drag(from: 200, 300, by: 0, -10, steps: 5, lift: false)
        #expect(offsetY == 0)
        #expect(scrollView.panGestureRecognizer.state == .failed)
        harness.up(touch)
        scrollView.alwaysBounceVertical = true
        let bounced = harness.drag(from: 200, 300, by: 0, 10, steps: 5, lift: false)
        #expect(abs(offsetY - ScrollPhysics.rubberBand(overshoot: -40, dimension: 400)) < 1e-9)
        harness.up(bounced)
        settle()
        #expect(offsetY == 0)
    }

    // MARK: Deceleration [SV-5, SV-10]

    @Test("SV-5, SV-10, SV-26: a flick at 1,000 pt/s coasts 499 pt; each frame shows the closed form at its time on whole points; the delegate hears UIKit's order")
    func flick() throws {
        harness.drag(from: 200, 300, by: 0, -10, steps: 5)
        let release = harness.clock.now
        let velocity = try #require(delegate.releaseVelocity)
        #expect(abs(velocity.y - 1) < 1e-6, "points per millisecond")
        #expect(velocity.x == 0)
        let distance = ScrollPhysics.projectedDistance(velocity: velocity.y * 1000, rate: .normal)
        #expect(abs(distance - 499) < 1e-3)
        #expect(abs(try #require(delegate.proposedTarget).y - (40 + distance)) < 1e-9)
        #expect(scrollView.isDecelerating && scrollView.isDragging)
        for frame in [1, 2, 30, 60, 120] {
            harness.clock.advance(to: release + Double(frame) * ScrollView.frameInterval)
            let t = Double(frame) * ScrollView.frameInterval
            let expected = (40 + distance * (1 - pow(0.998, 1000 * t))).rounded()
            #expect(offsetY == expected, "frame \(frame): the closed form rounded to whole points [SV-26]")
        }
        settle()
        #expect(abs(offsetY - (40 + distance)) < 1e-9)
        #expect(offsetY == delegate.proposedTarget?.y, "exactly the target once at rest")
        #expect(!scrollView.isDecelerating && !scrollView.isDragging)
        #expect(
            delegate.collapsed == [
                "willBeginDragging", "didScroll*", "willEndDragging", "didEndDragging(willDecelerate: true)",
                "willBeginDecelerating", "didScroll*", "didEndDecelerating",
            ])
    }

    @Test("SV-5: at the fast rate the same flick coasts 99 pt")
    func fastRate() throws {
        scrollView.decelerationRate = .fast
        harness.drag(from: 200, 300, by: 0, -10, steps: 5)
        settle()
        let velocity = try #require(delegate.releaseVelocity)
        #expect(abs(offsetY - (40 + ScrollPhysics.projectedDistance(velocity: velocity.y * 1000, rate: .fast))) < 1e-9)
        #expect(abs(offsetY - 139) < 1e-3)
    }

    @Test("SV-10: released at rest, willDecelerate is false and neither decelerating call comes")
    func releaseAtRest() {
        let touch = harness.drag(from: 200, 300, by: 0, -10, steps: 5, lift: false)
        harness.wait(0.2)
        harness.up(touch)
        #expect(
            delegate.collapsed == ["willBeginDragging", "didScroll*", "willEndDragging", "didEndDragging(willDecelerate: false)"])
        #expect(!scrollView.isDragging)
        #expect(offsetY == 40)
    }

    @Test("SV-10: a target changed in scrollViewWillEndDragging is where the content comes to rest")
    func targetIsHonoured() {
        delegate.replacementTarget = Point(x: 0, y: 1234)
        harness.drag(from: 200, 300, by: 0, -10, steps: 5)
        settle()
        #expect(offsetY == 1234)
        #expect(delegate.lines.last == "didEndDecelerating")
    }

    @Test("SV-11: a finger touching down while the content decelerates stops it where it is, and the content does not get that touch")
    func touchStopsDeceleration() {
        let log = TimedLog(clock: harness.clock)
        let row = TimedView("row", frame: Rect(x: 0, y: 0, width: 400, height: 2000), log: log)
        scrollView.addSubview(row)
        harness.drag(from: 200, 300, by: 0, -10, steps: 5)
        log.clear()
        harness.wait(0.2)
        let stopped = offsetY
        let touch = harness.down(200, 200)
        #expect(!scrollView.isDecelerating)
        harness.wait(1)
        #expect(offsetY == stopped)
        harness.up(touch)
        #expect(log.lines.isEmpty)
        #expect(delegate.lines.last != "didEndDecelerating")
    }

    // MARK: Bounce [SV-6]

    @Test("SV-6: dragged past the top, the content follows with the rubber band and springs back to the edge when released")
    func rubberBandAndSpringBack() {
        let touch = harness.drag(from: 200, 300, by: 0, 20, steps: 6, lift: false)
        // Five changes of 20 pt after the pan began: 100 pt past the top.
        #expect(abs(offsetY - ScrollPhysics.rubberBand(overshoot: -100, dimension: 400)) < 1e-9)
        harness.wait(0.2)
        harness.up(touch)
        #expect(delegate.lines.suffix(2) == ["didEndDragging(willDecelerate: true)", "willBeginDecelerating"])
        settle()
        #expect(offsetY == 0)
        #expect(delegate.lines.last == "didEndDecelerating")
    }

    @Test("SV-6: a finger that catches the content while it springs back drags it on from where it is shown, without a jump")
    func catchDuringBounce() {
        let first = harness.drag(from: 200, 300, by: 0, 20, steps: 6, lift: false)
        harness.wait(0.2)
        harness.up(first)
        harness.wait(0.05)
        let shown = offsetY
        #expect(shown < 0)
        let touch = harness.down(200, 300)
        #expect(offsetY == shown, "caught where it is")
        harness.wait(0.01)
        harness.move(touch, 200, 310)  // the pan begins: translation zeroed
        harness.wait(0.01)
        harness.move(touch, 200, 310)
        #expect(offsetY == shown)
        harness.wait(0.01)
        harness.move(touch, 200, 320)
        let expected = ScrollPhysics.rubberBand(
            overshoot: ScrollPhysics.rubberBandOvershoot(banded: shown, dimension: 400) - 10, dimension: 400)
        #expect(abs(offsetY - expected) < 1e-9)
        harness.up(touch)
    }

    @Test("SV-5: a scroll view that leaves its window stops moving and is no longer pending work")
    func leavingTheWindowStops() {
        scrollView.setContentOffset(Point(x: 0, y: 600), animated: true)
        harness.wait(0.1)
        let shown = offsetY
        scrollView.removeFromSuperview()
        #expect(harness.application.pendingWork().isEmpty)
        harness.wait(1)
        #expect(offsetY == shown)
        #expect(!delegate.lines.contains("didEndScrollingAnimation"))
    }

    @Test("SV-6: without bounces the drag stops at the edge")
    func noBounceWhileDragging() {
        scrollView.bounces = false
        let touch = harness.drag(from: 200, 300, by: 0, 20, steps: 6, lift: false)
        #expect(offsetY == 0)
        harness.up(touch)
    }

    @Test("SV-6: a flick into the bottom edge passes it and comes back to rest exactly on it")
    func flickIntoEdge() {
        scrollView.contentOffset = Point(x: 0, y: 1400)
        delegate.clear()
        harness.drag(from: 200, 300, by: 0, -10, steps: 5)
        var peak = 0.0
        for _ in 0..<200 {
            harness.wait(ScrollView.frameInterval)
            peak = max(peak, offsetY)
        }
        settle()
        #expect(peak > 1600)
        #expect(offsetY == 1600)
    }

    // MARK: Paging [SV-8]

    @Test("SV-8: with paging, a slow release settles on the nearest page and a flick on the next page in its direction")
    func paging() {
        scrollView.isPagingEnabled = true
        let slow = harness.drag(from: 200, 390, by: 0, -30, steps: 10, lift: false)
        harness.wait(0.2)
        harness.up(slow)
        settle()
        #expect(offsetY == 400, "270 pt: nearer to page 1 than to page 0")
        harness.drag(from: 200, 300, by: 0, -10, steps: 5)
        settle()
        #expect(offsetY == 800, "a flick goes on to the next page")
        harness.drag(from: 200, 300, by: 0, 10, steps: 5)
        settle()
        #expect(offsetY == 400, "and back")
    }

    // MARK: Programmatic scrolling [SV-9]

    @Test("SV-9: setContentOffset animated scrolls over 0.3 s, a didScroll per frame, and ends with didEndScrollingAnimation")
    func animatedOffset() {
        let start = harness.clock.now
        scrollView.setContentOffset(Point(x: 0, y: 600), animated: true)
        #expect(offsetY == 0)
        harness.clock.advance(to: start + 9 * ScrollView.frameInterval)
        let t = 9 * ScrollView.frameInterval
        #expect(abs(offsetY - 600 * (1 - cos(Double.pi * t / 0.3)) / 2) < 1e-9)
        harness.clock.advance(to: start + 0.3)
        #expect(offsetY == 600)
        #expect(delegate.collapsed == ["didScroll*", "didEndScrollingAnimation"])
        let framesBeforeEnd = (1...30).filter { start + Double($0) * ScrollView.frameInterval < start + 0.3 }.count
        #expect(framesBeforeEnd >= 17)
        #expect(delegate.lines.count == framesBeforeEnd + 2, "one didScroll per frame, one at the end, then the callback")
    }

    @Test("SV-9: scrollRectToVisible scrolls as little as needed, and not at all for a visible rectangle")
    func scrollRectToVisible() {
        scrollView.scrollRectToVisible(Rect(x: 0, y: 100, width: 10, height: 10), animated: false)
        #expect(delegate.lines.isEmpty)
        scrollView.scrollRectToVisible(Rect(x: 0, y: 900, width: 10, height: 44), animated: false)
        #expect(offsetY == 944 - 400)
        scrollView.scrollRectToVisible(Rect(x: 0, y: 200, width: 10, height: 44), animated: false)
        #expect(offsetY == 200)
        scrollView.scrollRectToVisible(Rect(x: 0, y: 1990, width: 10, height: 44), animated: false)
        #expect(offsetY == 1600, "kept within the content")
    }

    @Test("SV-1: the clamped content offset is the nearest within the content and its insets; it moves nothing")
    func clampedContentOffset() {
        scrollView.contentInset = EdgeInsets(top: 10, left: 0, bottom: 30, right: 0)
        #expect(scrollView.clampedContentOffset(Point(x: 50, y: 5000)) == Point(x: 0, y: 1630), "2,000 + 30 − 400; no width to scroll")
        #expect(scrollView.clampedContentOffset(Point(x: -5, y: -50)) == Point(x: 0, y: -10))
        #expect(scrollView.clampedContentOffset(Point(x: 0, y: 700)) == Point(x: 0, y: 700))
        #expect(offsetY == 0 && delegate.lines.isEmpty)
    }

    @Test("SV-5: while the offset moves the application has pending work that ends when it comes to rest")
    func pendingWork() {
        scrollView.setContentOffset(Point(x: 0, y: 600), animated: true)
        let moving = harness.application.pendingWork().compactMap { work -> Double? in
            if case .scrollMotion(let view, let deadline) = work, view === scrollView { return deadline }
            return nil
        }
        #expect(moving.count == 1)
        harness.wait(0.3)
        #expect(harness.application.pendingWork().isEmpty)
    }
}
