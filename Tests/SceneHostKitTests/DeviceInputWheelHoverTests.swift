import SceneCore
import SceneHostKit
import Testing
import TestSupport

/// The desktop's wheel steps and hover through ``DeviceInput``, on a manual clock.
///
/// Scene "s" sits at (400, 0) of the screen (as the second of two desktop windows would); its window
/// holds the toolkit fixture's scroll view (160 × 200 at (20, 470), content 160 × 600) and a 100 × 100
/// card at (200, 100) with a hover recognizer that logs its transitions.
@MainActor
@Suite("Device input: wheel steps scroll the view under the pointer, motion with no button hovers")
struct DeviceInputWheelHoverTests {
    let application = Application(clock: ManualClock(now: 10))
    let input: DeviceInput
    let scroller = ScrollView(frame: Rect(x: 20, y: 470, width: 160, height: 200))
    let card = View(frame: Rect(x: 200, y: 100, width: 100, height: 100))
    let log = Lines()

    @MainActor
    final class Lines {
        var lines: [String] = []
    }

    init() throws {
        input = DeviceInput(application: application)
        scroller.contentSize = Size(width: 160, height: 600)
        let log = log
        card.addGestureRecognizer(HoverGestureRecognizer { recognizer in
            let point = recognizer.location(in: recognizer.view)
            switch recognizer.state {
            case .began, .changed:
                log.lines.append("\(recognizer.state.wireName) \(point.x.compactDescription), \(point.y.compactDescription)")
            default:
                log.lines.append(recognizer.state.wireName)
            }
        })
        let views = [scroller, card]
        let scene = try application.connectScene(
            named: "s", delegate: ClosureSceneDelegate { scene in
                let window = Window(windowScene: scene)
                for view in views { window.addSubview(view) }
                window.makeKeyAndVisible()
            }, screenFrame: Rect(x: 400, y: 0, width: 390, height: 844))
        scene.activate()
    }

    @Test("SV-22: wheel steps over the scroll view move its content by their delta and stop at its end")
    func wheelScrolls() {
        input.deliver(.wheel(scene: "s", location: Point(x: 100, y: 550), delta: Point(x: 0, y: 40)))
        #expect(scroller.contentOffset == Point(x: 0, y: 40))
        for _ in 0..<20 { input.deliver(.wheel(scene: "s", location: Point(x: 100, y: 550), delta: Point(x: 0, y: 40))) }
        #expect(scroller.contentOffset == Point(x: 0, y: 400), "clamped at the end: 600 − 200")
        input.deliver(.wheel(scene: "s", location: Point(x: 100, y: 550), delta: Point(x: 0, y: -40)))
        #expect(scroller.contentOffset == Point(x: 0, y: 360))
    }

    @Test("SV-22: a wheel step over a view that does not scroll, or in a scene that is not connected, scrolls nothing")
    func wheelElsewhere() {
        input.deliver(.wheel(scene: "s", location: Point(x: 250, y: 150), delta: Point(x: 0, y: 40)))
        input.deliver(.wheel(scene: "gone", location: Point(x: 100, y: 550), delta: Point(x: 0, y: 40)))
        #expect(scroller.contentOffset == Point(x: 0, y: 0))
    }

    @Test("SV-21: hover moves begin and change the card's recognizer, a move off it or the pointer leaving ends it")
    func hovers() {
        input.deliver(.hover(scene: "s", location: Point(x: 210, y: 120)))
        input.deliver(.hover(scene: "s", location: Point(x: 220, y: 130)))
        input.deliver(.hover(scene: "s", location: Point(x: 10, y: 10)))
        input.deliver(.hover(scene: "s", location: Point(x: 250, y: 150)))
        input.deliver(.hover(scene: "s", location: nil))
        #expect(log.lines == ["began 10, 20", "changed 20, 30", "ended", "began 50, 50", "ended"])
    }

    @Test("SV-22: a scene listens for hover while one of its views has a hover recognizer")
    func listensForHover() throws {
        let scene = try #require(application.scene(named: "s"))
        #expect(DeviceInput.listensForHover(scene))
        for recognizer in card.gestureRecognizers { card.removeGestureRecognizer(recognizer) }
        #expect(!DeviceInput.listensForHover(scene))
    }
}
