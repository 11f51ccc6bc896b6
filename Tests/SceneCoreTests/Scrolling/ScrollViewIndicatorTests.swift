@testable import SceneCore
import Testing

/// Scroll indicators [SV-24]: where they are, when they show and fade, and how they are drawn, on
/// the manual clock.
///
/// The scroll view is 400 × 400 at the top of the 400 × 800 window, its content 400 × 2000 (offsets
/// 0…1600). A drag touches down at (200, 300) and moves 10 pt up every 10 ms.
@MainActor
@Suite("Scroll view: indicators")
struct ScrollViewIndicatorTests {
    let harness = Harness()
    let delegate = RecordingScrollDelegate()
    let scrollView: ScrollView

    init() {
        scrollView = harness.addScrollView(contentHeight: 2000, delegate: delegate)
    }

    private var alpha: Double { scrollView.scrollIndicatorAlpha }

    /// The deadline the application waits for this scroll view, if any.
    private var settleDeadline: Double? { harness.settleDeadline(of: scrollView) }

    // MARK: Geometry

    @Test("SV-24: the vertical bar is 2.5 pt thick, 2.5 pt from the edges, as long as the visible part is of the content, and runs the track as the offset runs its range")
    func verticalGeometry() throws {
        #expect(scrollView.scrollIndicatorFrames.horizontal == nil, "the content is no wider than the view")
        // Track 2.5…397.5 (395 long); 395 · 400 / 2000 = 79.
        #expect(try #require(scrollView.scrollIndicatorFrames.vertical) == Rect(x: 395, y: 2.5, width: 2.5, height: 79))
        scrollView.contentOffset = Point(x: 0, y: 800)
        #expect(try #require(scrollView.scrollIndicatorFrames.vertical) == Rect(x: 395, y: 800 + 2.5 + 158, width: 2.5, height: 79))
        scrollView.contentOffset = Point(x: 0, y: 1600)
        #expect(try #require(scrollView.scrollIndicatorFrames.vertical) == Rect(x: 395, y: 1600 + 2.5 + 316, width: 2.5, height: 79))
    }

    @Test("SV-24: pulled past an edge the bar shortens by the overshoot at that edge, never below its thickness")
    func overshootShortens() throws {
        scrollView.contentOffset = Point(x: 0, y: -20)
        #expect(try #require(scrollView.scrollIndicatorFrames.vertical) == Rect(x: 395, y: -20 + 2.5, width: 2.5, height: 59))
        scrollView.contentOffset = Point(x: 0, y: 1600 + 500)
        let bar = try #require(scrollView.scrollIndicatorFrames.vertical)
        #expect(bar.height == 2.5)
        #expect(bar.maxY == 2100 + 397.5, "at the bottom of the track")
    }

    @Test("SV-24: with both bars each leaves the corner to the other; very long content keeps a 30 pt bar; insets move the track")
    func bothAndMinimum() throws {
        scrollView.contentSize = Size(width: 800, height: 100_000)
        let frames = scrollView.scrollIndicatorFrames
        // Vertical track 2.5…392.5: 390 long; 390 · 400 / 100000 is under 30.
        #expect(try #require(frames.vertical) == Rect(x: 395, y: 2.5, width: 2.5, height: 30))
        // Horizontal: 390 · 400 / 800 = 195, along the bottom.
        #expect(try #require(frames.horizontal) == Rect(x: 2.5, y: 395, width: 195, height: 2.5))
        scrollView.scrollIndicatorInsets = EdgeInsets(top: 10, left: 0, bottom: 0, right: 4)
        #expect(try #require(scrollView.scrollIndicatorFrames.vertical) == Rect(x: 391, y: 12.5, width: 2.5, height: 30))
        scrollView.showsVerticalScrollIndicator = false
        #expect(scrollView.scrollIndicatorFrames.vertical == nil)
        // Alone, the horizontal bar has the track to the right inset: 2.5…393.5, 391 · 400 / 800.
        #expect(try #require(scrollView.scrollIndicatorFrames.horizontal) == Rect(x: 2.5, y: 395, width: 195.5, height: 2.5))
    }

    // MARK: Showing and fading

    @Test("SV-24: a drag shows the bars at once; at rest they wait 0.05 s, fade over 0.25 s on ease-in-out, and the view is pending work until then")
    func dragThenFade() {
        #expect(alpha == 0)
        let touch = harness.drag(from: 200, 300, by: 0, -10, steps: 5, lift: false)
        #expect(alpha == 1)
        harness.wait(0.2)
        #expect(alpha == 1, "still while the finger holds the content")
        harness.up(touch)
        let rest = harness.clock.now
        #expect(settleDeadline == rest + 0.3)
        harness.clock.advance(to: rest + 0.04)
        #expect(alpha == 1)
        harness.clock.advance(to: rest + 0.05 + 0.125)
        #expect(abs(alpha - (1 - TimingCurve.easeInOut.progress(at: 0.125, duration: 0.25))) < 1e-12)
        #expect(abs(alpha - 0.5) < 1e-6, "ease-in-out is half way at half time")
        harness.clock.advance(to: rest + 0.3)
        #expect(alpha == 0)
        #expect(harness.application.pendingWork().isEmpty)
    }

    @Test("SV-24: after a flick the bars stay while the content coasts and fade from the moment it rests")
    func flickCoastsThenFades() throws {
        harness.drag(from: 200, 300, by: 0, -10, steps: 5)
        let end = try #require(scrollView.motionEndTime)
        harness.clock.advance(to: end - 0.01)
        #expect(alpha == 1 && scrollView.isDecelerating)
        #expect(settleDeadline == end)
        harness.clock.advance(to: end)
        #expect(!scrollView.isDecelerating && alpha == 1)
        #expect(settleDeadline == end + 0.3)
        harness.clock.advance(to: end + 0.3)
        #expect(alpha == 0 && harness.application.pendingWork().isEmpty)
    }

    @Test("SV-24: scrolling again during the fade shows them fully and the fade starts over at the next rest")
    func scrollDuringFade() {
        let first = harness.drag(from: 200, 300, by: 0, -10, steps: 3, lift: false)
        harness.wait(0.2)
        harness.up(first)
        harness.wait(0.2)
        #expect(!scrollView.isDecelerating && alpha < 1 && alpha > 0, "released at rest, fading")
        let touch = harness.drag(from: 200, 300, by: 0, -10, steps: 3, lift: false)
        #expect(alpha == 1)
        harness.wait(0.5)
        #expect(alpha == 1)
        harness.up(touch)
        harness.wait(0.3)
        #expect(alpha == 0)
    }

    @Test("SV-24: a wheel step flashes them: shown at once, gone 0.3 s later; a step that moves nothing shows nothing")
    func wheelFlashes() {
        harness.application.scroll(.discrete(delta: Point(x: 0, y: 40)), at: Point(x: 200, y: 200))
        #expect(scrollView.contentOffset.y == 40)
        #expect(alpha == 1)
        harness.wait(0.3)
        #expect(alpha == 0)
        scrollView.contentOffset = .zero
        harness.application.scroll(.discrete(delta: Point(x: 0, y: -40)), at: Point(x: 200, y: 200))
        #expect(alpha == 0, "already at the top")
    }

    @Test("SV-24: scrolling from code does not show them, animated or not")
    func programmaticScrollingHidesNothing() {
        scrollView.setContentOffset(Point(x: 0, y: 600), animated: true)
        harness.wait(0.1)
        #expect(alpha == 0)
        harness.wait(1)
        scrollView.contentOffset = Point(x: 0, y: 10)
        #expect(alpha == 0 && harness.application.pendingWork().isEmpty)
    }

    @Test("SV-24: leaving the window hides them and ends the fade")
    func leavingTheWindowHides() {
        harness.drag(from: 200, 300, by: 0, -10, steps: 3, interval: 0.2)
        #expect(alpha == 1)
        scrollView.removeFromSuperview()
        #expect(scrollView.indicatorVisibility == .hidden)
        #expect(harness.application.pendingWork().isEmpty)
    }

    // MARK: Drawing

    @Test("SV-24: shown bars are drawn above the content, black at 37 % times their alpha, and not at all once faded")
    func drawing() throws {
        let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 2000))
        content.backgroundColor = .white
        content.isOpaque = true
        scrollView.addSubview(content)
        let touch = harness.drag(from: 200, 300, by: 0, -10, steps: 5, lift: false)
        let offset = scrollView.contentOffset.y
        let bar = try #require(scrollView.scrollIndicatorFrames.vertical)
        let context = RecordingContext()
        harness.window.drawHierarchy(in: context, region: DamageRegion(harness.window.bounds))
        let last = try #require(context.fills.last)
        #expect(last.0 == bar.offsetBy(dx: 0, dy: -offset), "the bar in window coordinates, last")
        #expect(last.1 == Color(white: 0, alpha: 0.37))
        // A small damage inside the opaque content still draws the bar that lies in it.
        let clipped = RecordingContext()
        harness.window.drawHierarchy(in: clipped, region: DamageRegion(Rect(x: 390, y: 0, width: 10, height: 100)))
        #expect(clipped.fills.last?.1 == Color(white: 0, alpha: 0.37))
        harness.wait(0.2)
        harness.up(touch)
        #expect(!scrollView.isDecelerating, "released at rest")
        harness.wait(0.05 + 0.125)
        #expect(alpha > 0 && alpha < 1)
        let fading = RecordingContext()
        harness.window.drawHierarchy(in: fading, region: DamageRegion(harness.window.bounds))
        #expect(abs((fading.fills.last?.1.alpha ?? 0) - 0.37 * alpha) < 1e-12)
        harness.wait(1)
        let faded = RecordingContext()
        harness.window.drawHierarchy(in: faded, region: DamageRegion(harness.window.bounds))
        #expect(faded.fills.map(\.1) == [.white], "only the content")
    }

    // MARK: The state machine

    @Test("SV-24: the visibility as a value: shown, fading from a time, transparent at the fade's end")
    func visibilityValue() {
        let shown = ScrollIndicatorVisibility.hidden.scrolled()
        #expect(shown == .shown && shown.alpha(at: 5) == 1 && shown.fadeEndTime == nil)
        let fading = shown.cameToRest(at: 2)
        #expect(fading == .fading(startsAt: 2 + 0.05) && fading.fadeEndTime == 2.3)
        #expect(fading.cameToRest(at: 3) == fading, "a second rest does not restart it")
        #expect(ScrollIndicatorVisibility.hidden.cameToRest(at: 2) == .hidden)
        #expect(fading.alpha(at: 2.05) == 1 && fading.alpha(at: 2.3) == 0)
        #expect(fading.scrolled() == .shown)
        #expect(ScrollIndicatorVisibility.hidden.flashed(at: 2) == .fading(startsAt: 2.5))
        #expect(fading.flashed(at: 2.1) == .fading(startsAt: 2.6), "a flash holds them longer than a rest")
        #expect(ScrollIndicatorVisibility.fading(startsAt: 9).flashed(at: 2) == .fading(startsAt: 9), "never shorter")
        #expect(shown.flashed(at: 2) == .shown, "moving content keeps them shown")
    }

    // MARK: Flashing

    @Test("SV-24: flashScrollIndicators shows the bars fully for 0.5 s, then they fade as at rest; the view is pending work until then")
    func flashShowsThenFades() {
        let start = harness.clock.now
        scrollView.flashScrollIndicators()
        #expect(alpha == 1)
        #expect(settleDeadline == start + 0.5 + 0.25)
        harness.clock.advance(to: start + 0.5)
        #expect(alpha == 1)
        harness.clock.advance(to: start + 0.5 + 0.125)
        #expect(abs(alpha - 0.5) < 1e-6)
        harness.clock.advance(to: start + 0.75)
        #expect(alpha == 0)
        #expect(harness.application.pendingWork().isEmpty)
    }

    @Test("SV-24: a flash part way through a fade shows the bars fully again and draws them again at once")
    func flashDuringFade() throws {
        let observer = harness.window.addDamageObserver()
        defer { harness.window.removeDamageObserver(observer) }
        scrollView.flashScrollIndicators()
        let start = harness.clock.now
        harness.clock.advance(to: start + 0.5 + 0.125)
        #expect(abs(alpha - 0.5) < 1e-6)
        harness.window.resolvePendingDamage()
        _ = observer.takeRegion()
        scrollView.flashScrollIndicators()
        #expect(alpha == 1)
        let bar = try #require(scrollView.scrollIndicatorFrames.vertical)
        harness.window.resolvePendingDamage()
        let damage = observer.takeRegion()
        #expect(damage.contains(scrollView.convert(bar, to: harness.window)), "redrawn at full opacity now, not when the next fade starts")
    }

    @Test("SV-24: a flash draws the bars, and nothing happens when the content does not scroll or already moves")
    func flashDrawsOnlyWhenItCan() {
        scrollView.flashScrollIndicators()
        let drawn = RecordingContext()
        harness.window.drawHierarchy(in: drawn, region: DamageRegion(harness.window.bounds))
        #expect(drawn.fills.map(\.1).contains(ScrollView.indicatorColor))

        let short = ScrollView(frame: Rect(x: 0, y: 400, width: 400, height: 400))
        short.contentSize = Size(width: 400, height: 100)
        harness.root.addSubview(short)
        short.flashScrollIndicators()
        #expect(short.scrollIndicatorAlpha == 0, "nothing to show: the content fits")

        harness.wait(1)
        let touch = harness.drag(from: 200, 300, by: 0, -10, steps: 3, lift: false)
        scrollView.flashScrollIndicators()
        #expect(scrollView.indicatorVisibility == .shown, "under a finger they show already")
        harness.up(touch)
    }
}
