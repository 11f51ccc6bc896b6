import SceneCore
import TestSupport
import Testing

/// A controller whose layout callbacks and root view's touches go to a log, with the touch's
/// location in the view that got it.
@MainActor
final class GeometryController: ViewController {
    let log: LineLog
    init(log: LineLog) {
        self.log = log
        super.init()
    }
    override func viewWillLayoutSubviews() { log.lines.append("willLayout \(view.bounds.size)") }
    override func viewDidLayoutSubviews() { log.lines.append("didLayout \(view.bounds.size)") }
}

/// A view that logs each touch phase it gets with the touch's location in itself.
@MainActor
final class LocatingView: View {
    let log: LineLog
    init(frame: Rect, log: LineLog) {
        self.log = log
        super.init(frame: frame)
    }
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { record("began", touches) }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { record("moved", touches) }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { record("ended", touches) }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { record("cancelled", touches) }
    private func record(_ phase: String, _ touches: TouchSet) {
        for touch in touches { log.lines.append("\(phase) \(touch.location(in: self))") }
    }
}

/// Hears the delegate's and the observers' geometry news in one log.
@MainActor
final class GeometryDelegate: SceneDelegate {
    let log: LineLog
    let build: (WindowScene) -> Void
    init(log: LineLog, build: @escaping (WindowScene) -> Void) {
        self.log = log
        self.build = build
    }
    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) { build(scene) }
    func sceneDidChangeGeometry(_ scene: WindowScene, from previousFrame: Rect) {
        log.lines.append("delegate \(previousFrame) → \(scene.screenFrame)")
    }
}

@MainActor
final class GeometryObserver: ApplicationObserver {
    let log: LineLog
    init(log: LineLog) { self.log = log }
    func sceneGeometryDidChange(_ scene: WindowScene, from previousFrame: Rect) {
        log.lines.append("observer \(previousFrame) → \(scene.screenFrame)")
    }
    func sceneSizeRestrictionsDidChange(_ scene: WindowScene) { log.lines.append("restrictions \(scene.sizeRestrictions)") }
}

@MainActor
@Suite("Scenes of any size [LY-10 … LY-12]")
struct WindowSceneGeometryTests {
    let clock = ManualClock(now: 10)
    let application: Application
    let log = LineLog()
    let controller: GeometryController
    let scene: WindowScene
    let window: Window
    /// A window over part of the scene.
    let panel: Window
    /// Pinned to the root view's right edge, full height less 100 (flexible left margin and height).
    let pinned: LocatingView

    init() throws {
        application = Application(clock: clock)
        let log = self.log
        let controller = GeometryController(log: log)
        self.controller = controller
        var built: (Window, Window)?
        let delegate = GeometryDelegate(log: log) { scene in
            let window = Window(windowScene: scene)
            window.rootViewController = controller
            window.makeKeyAndVisible()
            let panel = Window(frame: Rect(x: 100, y: 200, width: 100, height: 100))
            panel.windowScene = scene
            built = (window, panel)
        }
        scene = try application.connectScene(
            named: "app", pluginName: "", delegate: delegate, options: [:], screenFrame: Rect(x: 50, y: 0, width: 400, height: 800),
            sizeRestrictions: SceneSizeRestrictions(minimumSize: Size(width: 200, height: 300), maximumSize: Size(width: 1000, height: 1000)))
        scene.activate()
        (window, panel) = try #require(built)
        pinned = LocatingView(frame: Rect(x: 300, y: 50, width: 100, height: 700), log: log)
        pinned.autoresizingMask = [.flexibleLeftMargin, .flexibleHeight]
        controller.view.addSubview(pinned)
        application.layoutIfNeeded()
        application.addObserver(GeometryObserver(log: log))
        _ = log.take()
    }

    @Test("A resize keeps the origin and gives the covering window, its root view and their autoresizing subviews the new size")
    func coveringWindowsFollow() throws {
        try scene.resize(to: Size(width: 600, height: 500))
        #expect(scene.screenFrame == Rect(x: 50, y: 0, width: 600, height: 500))
        #expect(window.frame == scene.screenFrame)
        #expect(controller.view.frame == Rect(x: 0, y: 0, width: 600, height: 500))
        #expect(pinned.frame == Rect(x: 500, y: 50, width: 100, height: 400))
    }

    @Test("A window over part of the scene keeps its frame")
    func partialWindowsStay() throws {
        try scene.resize(to: Size(width: 300, height: 400))
        #expect(panel.frame == Rect(x: 100, y: 200, width: 100, height: 100))
    }

    @Test("The delegate hears of the resize before the observers, both with the old frame; layout runs in the next pass, once")
    func notificationsThenLayout() throws {
        try scene.resize(to: Size(width: 600, height: 500))
        #expect(log.take() == [
            "delegate (50, 0, 400, 800) → (50, 0, 600, 500)", "observer (50, 0, 400, 800) → (50, 0, 600, 500)",
        ])
        application.layoutIfNeeded()
        #expect(log.take() == ["willLayout 600×500", "didLayout 600×500"])
        application.layoutIfNeeded()
        #expect(log.take().isEmpty)
    }

    @Test("Resizing to the same size changes and tells nothing")
    func sameSizeIsQuiet() throws {
        try scene.resize(to: Size(width: 400, height: 800))
        application.layoutIfNeeded()
        #expect(log.take().isEmpty)
    }

    @Test(
        "A size that is not a finite number above 0, or above the largest a scene can be, is an error naming the dimension and the value, and nothing changes",
        arguments: [
            (Size(width: .nan, height: 500), "the width nan"), (Size(width: 500, height: .infinity), "the height inf"),
            (Size(width: 0, height: 500), "the width 0"), (Size(width: 500, height: -3), "the height -3"),
            (Size(width: 500, height: 1e300), "the height 1e+300 is larger than a scene can be"),
            (Size(width: WindowScene.maximumDimension + 1, height: 500), "the width 16385 is larger than a scene can be"),
        ])
    func nonSizesAreRefused(size: Size, named: String) {
        #expect {
            try scene.resize(to: size)
        } throws: { error in
            let error = error as? ApplicationError
            return error?.code == .invalidSceneSize && error?.message.hasPrefix(named) == true
        }
        #expect(scene.screenFrame == Rect(x: 50, y: 0, width: 400, height: 800))
        #expect(log.take().isEmpty)
    }

    @Test("A size outside the restrictions is an error naming the size and the restrictions")
    func sizesOutsideTheRestrictionsAreRefused() {
        #expect(throws: ApplicationError(
            code: .invalidSceneSize,
            message: "the size 150×500 is outside the scene's size restrictions 200×300…1000×1000: give a size within them"
        )) {
            try scene.resize(to: Size(width: 150, height: 500))
        }
        #expect(window.frame.size == Size(width: 400, height: 800))
    }

    @Test("Restrictions set while connecting clamp the starting size before the delegate builds the scene")
    func connectingClampsTheStartingSize() throws {
        var sizeSeen: Size?
        let small = try application.connectScene(
            named: "small", pluginName: "", delegate: ClosureSceneDelegate { sizeSeen = $0.screenFrame.size }, options: [:],
            screenFrame: Rect(x: 0, y: 0, width: 100, height: 2000),
            sizeRestrictions: SceneSizeRestrictions(minimumSize: Size(width: 320, height: 0), maximumSize: Size(width: 800, height: 900)))
        #expect(sizeSeen == Size(width: 320, height: 900))
        #expect(small.screenFrame == Rect(x: 0, y: 0, width: 320, height: 900))
    }

    @Test("New restrictions that exclude the current size resize the scene to the nearest size within, after telling observers of them")
    func newRestrictionsResize() {
        scene.sizeRestrictions = SceneSizeRestrictions(minimumSize: Size(width: 500, height: 100), maximumSize: Size(width: 900, height: 600))
        #expect(scene.screenFrame.size == Size(width: 500, height: 600))
        #expect(window.frame.size == Size(width: 500, height: 600))
        #expect(log.take() == [
            "restrictions 500×100…900×600", "delegate (50, 0, 400, 800) → (50, 0, 500, 600)", "observer (50, 0, 400, 800) → (50, 0, 500, 600)",
        ])
    }

    @Test("Restrictions are stored normalised, and setting equal ones tells nobody")
    func restrictionsAreNormalised() {
        scene.sizeRestrictions = SceneSizeRestrictions(minimumSize: Size(width: -1, height: 300), maximumSize: Size(width: .nan, height: 100))
        #expect(scene.sizeRestrictions == SceneSizeRestrictions(minimumSize: Size(width: 0, height: 300), maximumSize: Size(width: .infinity, height: 300)))
        #expect(scene.screenFrame.size == Size(width: 400, height: 300))
        _ = log.take()
        scene.sizeRestrictions = scene.sizeRestrictions
        #expect(log.take().isEmpty)
    }

    @Test("The root view fills its window after a resize whatever its own autoresizing mask")
    func rootViewIgnoresItsMask() throws {
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight, .flexibleLeftMargin]
        try scene.resize(to: Size(width: 700, height: 900))
        #expect(controller.view.frame == Rect(x: 0, y: 0, width: 700, height: 900))
        #expect(pinned.frame == Rect(x: 600, y: 50, width: 100, height: 800))
    }

    @Test("A touch in flight across a resize stays with its view, which gets its moves and its end in the new geometry")
    func touchesKeepTheirViewAcrossAResize() throws {
        // The pinned view spans x 350…450 on the screen (scene at x 50), so its middle is 400.
        let touch = try #require(application.touchDown(at: Point(x: 400, y: 100)))
        try scene.resize(to: Size(width: 600, height: 800))
        // It moved 200 to the right: the finger, still at 400, is now 150 points left of it.
        application.touchMoved(touch, to: Point(x: 400, y: 120))
        application.touchMoved(touch, to: Point(x: 600, y: 120))
        application.touchUp(touch, at: Point(x: 600, y: 120))
        #expect(touch.view === pinned)
        #expect(log.take().filter { !$0.hasPrefix("delegate") && !$0.hasPrefix("observer") } == [
            "began (50, 50)", "moved (-150, 70)", "moved (50, 70)", "ended (50, 70)",
        ])
    }

    @Test("A new touch after a resize is hit-tested against the laid-out new geometry")
    func newTouchesSeeTheNewGeometry() throws {
        try scene.resize(to: Size(width: 600, height: 800))
        let touch = application.touchDown(at: Point(x: 600, y: 100))
        #expect(touch?.view === pinned)
        application.touchUp(touch!, at: nil)
    }
}
