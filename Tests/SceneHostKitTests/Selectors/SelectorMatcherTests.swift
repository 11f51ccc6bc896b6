import SceneCore
import SceneHostKit
import Testing

/// A plugin-style subclass, to match by superclass name.
final class FancyButton: Button {}

/// A view that adds and places its badge in `layoutSubviews`, as UIKit views often build lazily.
private final class BadgedView: View {
    let badge = Label(frame: .zero, text: "3")

    override func layoutSubviews() {
        if badge.superview == nil {
            badge.accessibilityIdentifier = "badge"
            addSubview(badge)
        }
        badge.frame = Rect(x: bounds.width - 20, y: 0, width: 20, height: 20)
    }
}

@MainActor
@Suite("Selector matching against a live tree")
struct SelectorMatcherTests {
    let application = Application(clock: ManualClock())
    let matcher = SelectorMatcher()
    let delegate: BuildWindow
    let scene: WindowScene
    let list = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    let ok = FancyButton(frame: Rect(x: 0, y: 0, width: 100, height: 40), title: "OK")
    let cancel = Button(frame: Rect(x: 100, y: 0, width: 100, height: 40), title: "Cancel")
    let caption = Label(frame: Rect(x: 0, y: 50, width: 200, height: 40), text: "Caption")
    let offscreen = Label(frame: Rect(x: 5000, y: 0, width: 10, height: 10), text: "Far")

    init() {
        list.accessibilityIdentifier = "list"
        ok.accessibilityIdentifier = "ok"
        cancel.isEnabled = false
        list.addSubview(ok)
        list.addSubview(cancel)
        list.addSubview(caption)
        delegate = BuildWindow(views: [list, offscreen])
        scene = try! application.connectScene(named: "s", delegate: delegate, screenFrame: Rect(x: 0, y: 0, width: 400, height: 400))
        scene.activate()
    }

    private func find(_ text: String) throws -> [ObjectIdentifier] {
        try matcher.matches(ViewSelector.parse(text), in: application).map { ObjectIdentifier($0.view) }
    }

    private func ids(_ views: View...) -> [ObjectIdentifier] { views.map(ObjectIdentifier.init) }

    @Test("Types match the class and its superclasses; identifiers, labels, text, titles and roles compare exactly")
    func attributes() throws {
        #expect(try find("Button") == ids(ok, cancel))
        #expect(try find("FancyButton") == ids(ok))
        #expect(try find("Control") == ids(ok, cancel))
        #expect(try find("#ok") == ids(ok))
        #expect(try find("[label=\"Cancel\"]") == ids(cancel), "a button's title is its label")
        #expect(try find("[text=\"Caption\"]") == ids(caption))
        #expect(try find("[title=\"OK\"]") == ids(ok))
        #expect(try find("[role=\"push-button\"]") == ids(ok, cancel))
        #expect(try find("[label=\"caption\"]").isEmpty, "case matters")
        #expect(try find("Window").count == 1)
    }

    @Test("Descendant and child combinators; the window is a view too")
    func combinators() throws {
        #expect(try find("#list > Button") == ids(ok, cancel))
        #expect(try find("Window > Button").isEmpty)
        #expect(try find("Window Button") == ids(ok, cancel))
        #expect(try find("Window > #list > [text=\"Caption\"]") == ids(caption))
        #expect(try find("#list #list").isEmpty)
        #expect(try find("Window View View") == ids(ok, cancel, caption), "nested views, each once")
    }

    @Test(":visible and :enabled")
    func pseudoClasses() throws {
        #expect(try find("Label:visible") == ids(caption), "the far label lies outside the window")
        #expect(try find("Button:enabled") == ids(ok))
        ok.isHidden = true
        #expect(try find("Button:visible") == ids(cancel))
        ok.isHidden = false
        list.alpha = 0
        #expect(try find("Button:visible").isEmpty, "a transparent ancestor hides its subviews")
        list.alpha = 1
        list.isUserInteractionEnabled = false
        #expect(try find(":enabled") == ids(delegate.window!, list, offscreen), "the list's subviews are cut off; labels take no touches but are enabled")
        list.isUserInteractionEnabled = true
        let shown = try find(":visible")
        scene.deactivate()
        #expect(try find(":visible") == shown, "an inactive scene is still on the screen [WS-11]")
        scene.sendToBackground()
        #expect(try find(":visible").isEmpty, "a scene in the background shows nothing")
    }

    @Test("Tap readiness in an inactive scene hit-tests as the touch will once the scene is active, and changes nothing [WS-11]")
    func readinessInAnInactiveScene() throws {
        scene.deactivate()
        guard case .ready(let match, _) = TapReadiness.evaluate(try ViewSelector.parse("#ok"), matcher: matcher, application: application) else {
            Issue.record("#ok is not ready in the inactive scene")
            return
        }
        #expect(match.view === ok)
        #expect(scene.activationState == .foregroundInactive, "evaluating activates nothing")
    }

    @Test("scene= scopes the search to one scene")
    func sceneScope() throws {
        #expect(try find("scene=s #ok") == ids(ok))
        #expect(try find("scene=other #ok").isEmpty)
    }

    @Test("Tap readiness: ready at the centre of the visible part; covered targets name the covering view")
    func readiness() throws {
        guard case .ready(_, let point) = TapReadiness.evaluate(try ViewSelector.parse("#ok"), matcher: matcher, application: application) else {
            Issue.record("#ok should be ready")
            return
        }
        #expect(point == Point(x: 50, y: 20))
        let cover = View(frame: Rect(x: 0, y: 0, width: 60, height: 60))
        delegate.window!.addSubview(cover)
        guard case .notHittable(_, _, let hit) = TapReadiness.evaluate(try ViewSelector.parse("#ok"), matcher: matcher, application: application) else {
            Issue.record("#ok should be covered")
            return
        }
        #expect(hit?.view === cover)
        guard case .notEnabled = TapReadiness.evaluate(try ViewSelector.parse("[title=\"Cancel\"]"), matcher: matcher, application: application),
            case .ambiguous(let both) = TapReadiness.evaluate(try ViewSelector.parse("Button"), matcher: matcher, application: application),
            case .noMatch = TapReadiness.evaluate(try ViewSelector.parse("#none"), matcher: matcher, application: application),
            case .notVisible = TapReadiness.evaluate(try ViewSelector.parse("[text=\"Far\"]"), matcher: matcher, application: application)
        else {
            Issue.record("wrong readiness")
            return
        }
        #expect(both.count == 2)
        // A label takes no touches: a tap at its centre lands on the view behind it, its ancestor.
        guard case .ready = TapReadiness.evaluate(try ViewSelector.parse("[text=\"Caption\"]"), matcher: matcher, application: application) else {
            Issue.record("a tap on the caption reaches the list behind it")
            return
        }
    }

    @Test("Matching runs pending layout first [LY-5]: a subview added and placed in layoutSubviews is found where it will be drawn")
    func matchesAfterLayout() throws {
        let badged = BadgedView(frame: Rect(x: 0, y: 200, width: 120, height: 40))
        delegate.window!.addSubview(badged)
        #expect(badged.needsLayout)
        let found = try matcher.matches(ViewSelector.parse("#badge"), in: application)
        #expect(found.map { ObjectIdentifier($0.view) } == ids(badged.badge))
        #expect(found.first.map { $0.view.convert($0.view.bounds, to: nil) } == Rect(x: 100, y: 200, width: 20, height: 20))
        badged.frame.size.width = 200
        #expect(try find("#badge:visible").count == 1)
        #expect(badged.badge.frame.minX == 180, "the new width was laid out before matching")
    }
}
