import SceneCore
import TestSupport
import Testing

@MainActor
@Suite("Touches that belong to one scene (a desktop window shows one scene)")
struct SceneRestrictedHitTestTests {
    @Test("A new finger restricted to a scene is hit-tested in that scene's windows only, even under another scene's window")
    func restrictedToScene() throws {
        let harness = Harness()
        var other: View?
        let second = try harness.application.connectScene(
            named: "over", delegate: ClosureSceneDelegate { scene in
                let window = Window(windowScene: scene)
                let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
                window.addSubview(view)
                window.makeKeyAndVisible()
                other = view
            }, screenFrame: Rect(x: 0, y: 0, width: 400, height: 800))
        second.activate()
        // "over" was activated last and covers the same area: unrestricted, it takes the touch.
        #expect(harness.application.hitTest(screenPoint: Point(x: 50, y: 50))?.view === other)
        #expect(harness.application.hitTest(screenPoint: Point(x: 50, y: 50), in: harness.scene)?.view === harness.root)
        let touches = harness.application.dispatch([.down(Point(x: 50, y: 50))], in: harness.scene)
        #expect(touches.first??.view === harness.root)
        #expect(touches.first??.window === harness.window)
        if let touch = touches.first ?? nil { harness.application.dispatch([.up(touch, at: nil)]) }
        #expect(harness.application.dispatch([.down(Point(x: 50, y: 50))], in: second).first??.view === other)
    }
}
