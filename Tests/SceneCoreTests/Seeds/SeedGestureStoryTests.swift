import SceneCore
import Testing

/// Seed 002 (docs/behaviour.md, "Where the rules come from"): a tap recognizer on the parent takes taps away from a table,
/// but not from a button beside it.
@MainActor
@Suite("Seed 002: background tap versus table and button")
struct SeedBackgroundTapTests {
    let harness = Harness()
    let background: View
    let table: TracingView
    let button: Button
    let tap: TapGestureRecognizer

    init() {
        let trace = harness.trace
        background = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        table = TracingView("table", frame: Rect(x: 20, y: 100, width: 360, height: 300), trace: trace)
        table.logsHitTesting = false
        button = Button(frame: Rect(x: 20, y: 450, width: 120, height: 44), title: "Button")
        button.addAction(named: "buttonTapped", for: .touchUpInside) { _, _ in trace.log("Button tapped") }
        tap = TapGestureRecognizer(name: "background") { _ in trace.log("Background tap") }
        background.addGestureRecognizer(tap)
        background.addSubview(table)
        background.addSubview(button)
        harness.root.addSubview(background)
    }

    private var lines: [String] { harness.trace.lines.filter { !$0.hasPrefix("VC.") } }

    @Test("A quick tap on the table fires the background tap; the table sees began, then cancelled")
    func quickTapOnTable() {
        harness.tap(100, 200, duration: 0.1)
        #expect(lines == ["table.touchesBegan", "Background tap", "table.touchesCancelled"])
    }

    @Test("A press held past the tap's maximum duration fires no tap; the table sees began, then ended")
    func longPressOnTable() {
        harness.tap(100, 200, duration: 1.0)
        #expect(lines == ["table.touchesBegan", "table.touchesEnded"])
    }

    @Test("A tap on the button fires the button's action and no background tap")
    func tapOnButton() {
        harness.tap(60, 470)
        #expect(lines == ["Button tapped"])
    }

    @Test("With cancelsTouchesInView = false both the tap action and the table's touchesEnded happen")
    func tapWithoutCancelling() {
        tap.cancelsTouchesInView = false
        harness.tap(100, 200, duration: 0.1)
        #expect(lines == ["table.touchesBegan", "Background tap", "table.touchesEnded"])
    }
}

/// Seed 004 (docs/behaviour.md, "Where the rules come from"): telling a single tap from a double tap on one view.
@MainActor
@Suite("Seed 004: single tap versus double tap")
struct SeedSingleDoubleTapTests {
    let harness = Harness()

    private var lines: [String] { harness.trace.lines.filter { !$0.hasPrefix("VC.") } }

    init() {
        let trace = harness.trace
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let single = TapGestureRecognizer(name: "single") { _ in trace.log("Single tap") }
        let double = TapGestureRecognizer(name: "double") { _ in trace.log("Double tap") }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        harness.root.addSubview(view)
    }

    @Test("A single tap fires only the single tap, once the double tap has failed")
    func singleTap() {
        harness.tap(50, 50)
        #expect(lines.isEmpty)
        harness.wait(1)
        #expect(lines == ["Single tap"])
    }

    @Test("A double tap never also fires the single tap")
    func doubleTap() {
        harness.tap(50, 50)
        harness.wait(0.1)
        harness.tap(52, 50)
        harness.wait(1)
        #expect(lines == ["Double tap"])
    }

    @Test("Two taps too far apart in time are two single taps")
    func slowTaps() {
        harness.tap(50, 50)
        harness.wait(0.5)
        harness.tap(50, 50)
        harness.wait(1)
        #expect(lines == ["Single tap", "Single tap"])
    }
}
