import SceneCore
import Testing

/// A view that accepts first-responder status and may refuse to give it up.
@MainActor
final class Field: View {
    let name: String
    let trace: Trace
    var refusesResign = false
    var acceptsFocus = true

    init(_ name: String, trace: Trace) {
        self.name = name
        self.trace = trace
        super.init(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        accessibilityIdentifier = name
    }

    override var canBecomeFirstResponder: Bool { acceptsFocus }

    override var canResignFirstResponder: Bool {
        trace.log("\(name).canResign")
        return true
    }

    override func resignFirstResponder() -> Bool {
        trace.log("\(name).resign")
        if refusesResign { return false }
        return super.resignFirstResponder()
    }
}

@MainActor
@Suite("First responder [FR-1 … FR-7]")
struct FirstResponderTests {
    let harness = Harness()

    @Test("FR-1: views, controllers and windows cannot become first responder by default")
    func defaultsRefuse() {
        #expect(!View(frame: .zero).canBecomeFirstResponder)
        #expect(!ViewController().canBecomeFirstResponder)
        #expect(!harness.window.canBecomeFirstResponder)
        #expect(View(frame: .zero).canResignFirstResponder)
        #expect(!harness.root.becomeFirstResponder())
    }

    @Test("FR-2, §9/29: B taking over from A asks A, resigns A, publishes A → B once")
    func handOver() {
        let a = Field("A", trace: harness.trace)
        let b = Field("B", trace: harness.trace)
        harness.root.addSubview(a)
        harness.root.addSubview(b)
        #expect(a.becomeFirstResponder())
        harness.observer.clear()
        harness.trace.clear()
        #expect(b.becomeFirstResponder())
        #expect(harness.trace.lines == ["A.canResign", "A.resign"])
        #expect(b.isFirstResponder)
        #expect(!a.isFirstResponder)
        #expect(harness.window.firstResponder === b)
        #expect(harness.observer.events(startingWith: "firstResponder") == ["firstResponder W: A → B"])
    }

    @Test("FR-2, §9/29: a refusing A stays; a C that cannot become is refused without touching A")
    func refusals() {
        let a = Field("A", trace: harness.trace)
        let b = Field("B", trace: harness.trace)
        let c = Field("C", trace: harness.trace)
        c.acceptsFocus = false
        [a, b, c].forEach(harness.root.addSubview)
        a.becomeFirstResponder()
        a.refusesResign = true
        harness.trace.clear()
        #expect(!b.becomeFirstResponder())
        #expect(a.isFirstResponder)
        harness.trace.clear()
        #expect(!c.becomeFirstResponder())
        #expect(harness.trace.lines.isEmpty)
        #expect(a.isFirstResponder)
    }

    @Test("FR-2: already first responder returns true with no callbacks; a view with no window returns false")
    func trivialCases() {
        let a = Field("A", trace: harness.trace)
        harness.root.addSubview(a)
        a.becomeFirstResponder()
        harness.trace.clear()
        harness.observer.clear()
        #expect(a.becomeFirstResponder())
        #expect(harness.trace.lines.isEmpty)
        #expect(harness.observer.events.isEmpty)
        #expect(!Field("Loose", trace: harness.trace).becomeFirstResponder())
    }

    @Test("FR-3: resigning clears the slot and publishes A → nil; resigning when not first responder is a no-op")
    func resign() {
        let a = Field("A", trace: harness.trace)
        harness.root.addSubview(a)
        #expect(a.resignFirstResponder())
        a.becomeFirstResponder()
        harness.observer.clear()
        #expect(a.resignFirstResponder())
        #expect(harness.window.firstResponder == nil)
        #expect(harness.observer.events == ["firstResponder W: A → nil"])
    }

    @Test("FR-5, FR-6: each window keeps its own first responder across key changes")
    func oneSlotPerWindow() {
        let a = Field("A", trace: harness.trace)
        harness.root.addSubview(a)
        a.becomeFirstResponder()
        let second = harness.makeWindow(frame: Rect(x: 0, y: 0, width: 100, height: 100), title: "W2")
        let b = Field("B", trace: harness.trace)
        second.addSubview(b)
        second.makeKeyAndVisible()
        #expect(b.becomeFirstResponder())
        #expect(a.isFirstResponder)
        #expect(b.isFirstResponder)
        harness.window.makeKey()
        #expect(a.isFirstResponder && b.isFirstResponder)
    }

    @Test("FR-7: removing the first responder's ancestor forces a resign, whatever it answers")
    func removalForcesResign() {
        let container = View(frame: .zero)
        let a = Field("A", trace: harness.trace)
        a.refusesResign = true
        container.addSubview(a)
        harness.root.addSubview(container)
        a.becomeFirstResponder()
        harness.observer.clear()
        harness.trace.clear()
        container.removeFromSuperview()
        #expect(harness.trace.lines == ["A.resign"])
        #expect(harness.window.firstResponder == nil)
        #expect(!a.isFirstResponder)
        #expect(harness.observer.events(startingWith: "firstResponder") == ["firstResponder W: A → nil"])
    }

    @Test("FR-7: hiding does not force a resign")
    func hidingKeepsFirstResponder() {
        let a = Field("A", trace: harness.trace)
        harness.root.addSubview(a)
        a.becomeFirstResponder()
        a.isHidden = true
        #expect(a.isFirstResponder)
    }

    @Test("FR-2: a view controller can be first responder of its view's window")
    func controllerAsFirstResponder() {
        final class FocusController: ViewController {
            override var canBecomeFirstResponder: Bool { true }
        }
        let controller = FocusController()
        harness.root.addSubview(controller.view)
        #expect(controller.becomeFirstResponder())
        #expect(harness.window.firstResponder === controller)
    }
}
