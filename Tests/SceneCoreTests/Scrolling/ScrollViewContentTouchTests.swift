import SceneCore
import Testing

/// How a scroll view shares touches with its content [SV-12 … SV-16], on the manual clock. Times in
/// the logs are milliseconds after the touch-down.
///
/// The scroll view is 400 × 400 at the top of the window, its content 400 × 2000; a row covers
/// (0, 100)…(400, 200) of the content and a button (20, 250, 120 × 44).
@MainActor
@Suite("Scroll view: touches in the content")
struct ScrollViewContentTouchTests {
    let harness = Harness()
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let log: TimedLog
    let row: TimedView
    let button = Button(frame: Rect(x: 20, y: 250, width: 120, height: 44), title: "Button")

    init() {
        log = TimedLog(clock: harness.clock)
        row = TimedView("row", frame: Rect(x: 0, y: 100, width: 400, height: 100), log: log)
        scrollView.contentSize = Size(width: 400, height: 2000)
        scrollView.addSubview(row)
        scrollView.addSubview(button)
        let log = self.log
        button.addAction(named: "down", for: .touchDown) { _, _ in log.add("button touchDown") }
        button.addAction(named: "up", for: .touchUpInside) { _, _ in log.add("button touchUpInside") }
        button.addAction(named: "cancel", for: .touchCancel) { _, _ in log.add("button touchCancel") }
        harness.root.addSubview(scrollView)
    }

    @Test("SV-12: a finger held still on a content view reaches its touchesBegan 150 ms after the touch-down")
    func heldFingerIsDelayed() {
        let touch = harness.down(200, 150)
        harness.wait(0.149)
        #expect(log.lines.isEmpty)
        harness.wait(0.001)
        #expect(log.lines == ["row began @150"])
        harness.wait(0.1)
        harness.up(touch)
        #expect(log.lines == ["row began @150", "row ended @250"])
    }

    @Test("SV-12: a finger that lifts before the delay delivers began and ended at once, at the lift")
    func quickTapIsFlushed() {
        harness.tap(200, 150, duration: 0.05)
        #expect(log.lines == ["row began @50", "row ended @50"])
        harness.wait(1)
        #expect(log.lines.count == 2)
    }

    @Test("SV-12: without delaysContentTouches the content gets touchesBegan at the touch-down")
    func noDelay() {
        scrollView.delaysContentTouches = false
        harness.tap(200, 150, duration: 0.05)
        #expect(log.lines == ["row began @0", "row ended @50"])
    }

    @Test("SV-12: the delay is a setting of the scroll view")
    func customDelay() {
        scrollView.contentTouchDelay = 0.3
        let touch = harness.down(200, 150)
        harness.wait(0.2)
        #expect(log.lines.isEmpty)
        harness.wait(0.1)
        #expect(log.lines == ["row began @300"])
        harness.up(touch)
    }

    @Test("SV-12: a negative delay is stored as none, and NaN or an infinite one as the default, so a content touch is never held back forever")
    func delayOutOfRange() {
        scrollView.contentTouchDelay = -1
        #expect(scrollView.contentTouchDelay == 0)
        scrollView.contentTouchDelay = .infinity
        #expect(scrollView.contentTouchDelay == 0.15)
        scrollView.contentTouchDelay = .nan
        #expect(scrollView.contentTouchDelay == 0.15)
        let touch = harness.down(200, 150)
        harness.wait(0.15)
        #expect(log.lines == ["row began @150"])
        harness.up(touch)
    }

    @Test("SV-12: a button in the content is held back too: its touchDown comes after the delay")
    func buttonIsDelayed() {
        let touch = harness.down(60, 270)
        harness.wait(0.15)
        #expect(log.lines == ["button touchDown @150"])
        harness.up(touch)
        #expect(log.lines == ["button touchDown @150", "button touchUpInside @150"])
    }

    @Test("SV-13: a drag that begins within the delay scrolls, and the content never sees the touch")
    func earlyDragTakesTheTouch() {
        harness.drag(from: 200, 150, by: 0, -10, steps: 5, lift: false)
        #expect(scrollView.contentOffset.y == 40)
        harness.wait(0.5)
        #expect(log.lines.isEmpty)
    }

    @Test("SV-13: a drag after the delay cancels the content's touch when the pan begins, then scrolls")
    func lateDragCancelsContent() {
        let touch = harness.press(200, 150, holding: 0.2, thenMoveBy: -10, steps: 3)
        #expect(log.lines == ["row began @150", "row cancelled @210"])
        #expect(scrollView.contentOffset.y == 20)
        harness.up(touch)
    }

    @Test("SV-13: a drag that starts on a button tracking the touch does not scroll; the button keeps it")
    func dragOnButtonDoesNotScroll() {
        let touch = harness.press(60, 270, holding: 0.2, thenMoveBy: -10, steps: 5)
        harness.up(touch)
        #expect(scrollView.contentOffset.y == 0)
        #expect(scrollView.panGestureRecognizer.state != .began)
        #expect(log.lines == ["button touchDown @150", "button touchUpInside @250"])
    }

    @Test("SV-13: a quick drag that starts on a switch scrolls: the switch had not got the touch, and its UC-7 refusal of pans does not apply to the scroll view's pan")
    func quickDragOnSwitchScrolls() {
        let toggle = Switch(frame: Rect(x: 200, y: 250, width: 51, height: 31))
        scrollView.addSubview(toggle)
        harness.drag(from: 220, 260, by: 0, -10, steps: 5)
        #expect(scrollView.contentOffset.y > 0)
        #expect(!toggle.isOn)
    }

    @Test("SV-13: overriding touchesShouldCancel(in:) to accept controls lets a drag on a button scroll and cancel it")
    func cancellableButton() {
        final class Scroller: ScrollView {
            override func touchesShouldCancel(in view: View) -> Bool { true }
        }
        let scroller = Scroller(frame: Rect(x: 0, y: 400, width: 400, height: 400))
        scroller.contentSize = Size(width: 400, height: 2000)
        let other = Button(frame: Rect(x: 20, y: 50, width: 120, height: 44), title: "Other")
        let log = self.log
        other.addAction(named: "cancel", for: .touchCancel) { _, _ in log.add("other touchCancel") }
        scroller.addSubview(other)
        harness.root.addSubview(scroller)
        let touch = harness.press(60, 470, holding: 0.2, thenMoveBy: -10, steps: 3)
        #expect(log.lines == ["other touchCancel @210"])
        #expect(scroller.contentOffset.y == 20)
        harness.up(touch)
    }

    @Test("SV-13: with canCancelContentTouches false a content view that tracks the touch keeps it and nothing scrolls")
    func cannotCancel() {
        scrollView.canCancelContentTouches = false
        let touch = harness.press(200, 150, holding: 0.2, thenMoveBy: -10, steps: 5)
        harness.up(touch)
        #expect(scrollView.contentOffset.y == 0)
        #expect(log.lines.first == "row began @150")
        #expect(log.lines.last == "row ended @250")
        #expect(!log.lines.contains { $0.contains("cancelled") })
    }

    @Test("SV-14: touchesShouldBegin(_:with:in:) returning false keeps the touches from that content view")
    func touchesShouldBeginRefuses() {
        final class Refusing: ScrollView {
            var asked: [String] = []
            override func touchesShouldBegin(_ touches: TouchSet, with event: Event?, in view: View) -> Bool {
                asked.append((view as? TimedView)?.name ?? "?")
                return !(view is TimedView)
            }
        }
        let refusing = Refusing(frame: Rect(x: 0, y: 400, width: 400, height: 400))
        refusing.contentSize = Size(width: 400, height: 2000)
        let inner = TimedView("inner", frame: Rect(x: 0, y: 0, width: 400, height: 100), log: log)
        refusing.addSubview(inner)
        harness.root.addSubview(refusing)
        harness.tap(200, 450, duration: 0.05)
        let held = harness.down(200, 450)
        harness.wait(0.3)
        harness.up(held)
        refusing.delaysContentTouches = false
        harness.tap(200, 450, duration: 0.05)
        #expect(log.lines.isEmpty)
        #expect(refusing.asked == ["inner", "inner", "inner"], "asked at the lift, after the delay, and at once without a delay")
    }

    @Test("SV-15: nested scroll views: in a horizontal pager of vertical lists, a vertical drag scrolls the list and a horizontal one the pager")
    func nestedScrollViews() {
        let pager = ScrollView(frame: Rect(x: 0, y: 400, width: 400, height: 400))
        pager.contentSize = Size(width: 1200, height: 400)
        pager.isPagingEnabled = true
        let list = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        list.contentSize = Size(width: 400, height: 2000)
        pager.addSubview(list)
        harness.root.addSubview(pager)

        harness.drag(from: 200, 700, by: 0, -10, steps: 5)
        #expect(list.contentOffset.y == 40)
        #expect(pager.contentOffset.x == 0)
        #expect(pager.panGestureRecognizer.state == .possible, "failed for the drag, reset after it")
        harness.wait(10)

        let list0 = list.contentOffset
        let touch = harness.drag(from: 300, 700, by: -20, -2, steps: 5, lift: false)
        #expect(pager.contentOffset.x == 80)
        #expect(list.contentOffset == list0)
        harness.up(touch)
        harness.wait(10)
        #expect(pager.contentOffset.x == 400, "a flick to the next page")
    }

    @Test("SV-16: a quick tap on a row under a background tap recognizer fires the background tap, and the row sees nothing at all")
    func seedQuickTap() {
        let tap = TapGestureRecognizer(name: "background") { [log] _ in log.add("Background tap") }
        harness.root.addGestureRecognizer(tap)
        harness.tap(200, 150, duration: 0.08)
        #expect(log.lines == ["Background tap @80"])
    }

    @Test("SV-16: a slower press on that row gets touchesBegan after the delay, then the background tap cancels it at the lift")
    func seedSlowPress() {
        let tap = TapGestureRecognizer(name: "background") { [log] _ in log.add("Background tap") }
        harness.root.addGestureRecognizer(tap)
        harness.tap(200, 150, duration: 0.3)
        #expect(log.lines == ["row began @150", "Background tap @300", "row cancelled @300"])
    }
}
