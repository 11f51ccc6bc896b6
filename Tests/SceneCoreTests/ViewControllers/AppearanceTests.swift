import SceneCore
import TestSupport
import Testing

/// A controller that writes down its appearance calls as "name will/did appear/disappear".
@MainActor
private final class Witness: ViewController {
    let name: String
    let log: LineLog

    init(_ name: String, log: LineLog) {
        self.name = name
        self.log = log
        super.init()
    }

    override func viewWillAppear(_ animated: Bool) { log.lines.append("\(name) will appear\(animated ? " animated" : "")") }
    override func viewDidAppear(_ animated: Bool) { log.lines.append("\(name) did appear") }
    override func viewWillDisappear(_ animated: Bool) { log.lines.append("\(name) will disappear") }
    override func viewDidDisappear(_ animated: Bool) { log.lines.append("\(name) did disappear") }
}

@MainActor
@Suite("View controller appearance [LY-8]")
struct AppearanceTests {
    let application = Application(clock: ManualClock())
    fileprivate let log = LineLog()
    let scene: WindowScene
    let window: Window

    init() {
        var built: Window?
        scene = try! application.connectScene(
            named: "main", delegate: ClosureSceneDelegate { scene in built = Window(windowScene: scene) },
            screenFrame: Rect(x: 0, y: 0, width: 400, height: 800))
        window = built!
    }

    @Test("A window's root controller appears when the window is shown, disappears when it is hidden, and appears again")
    func windowVisibility() {
        let root = Witness("root", log: log)
        window.rootViewController = root
        #expect(log.take().isEmpty, "a hidden window shows nothing")
        #expect(root.appearanceState == .disappeared)
        window.makeKeyAndVisible()
        #expect(log.take() == ["root will appear", "root did appear"])
        #expect(root.appearanceState == .appeared)
        window.makeKeyAndVisible()
        #expect(log.take().isEmpty, "already shown")
        window.isHidden = true
        #expect(log.take() == ["root will disappear", "root did disappear"])
        window.isHidden = false
        #expect(log.take() == ["root will appear", "root did appear"])
    }

    /// A root controller named "root" on the shown window, its appearance taken from the log.
    private func shownRoot() -> Witness {
        let root = Witness("root", log: log)
        window.rootViewController = root
        window.makeKeyAndVisible()
        _ = log.take()
        return root
    }

    @Test("Disconnecting the scene hides its windows: their controllers disappear")
    func disconnection() {
        let root = shownRoot()
        application.disconnect(scene)
        #expect(log.take() == ["root will disappear", "root did disappear"])
        #expect(root.appearanceState == .disappeared)
    }

    @Test("A new root controller on a shown window: the old one disappears, then the new one appears")
    func rootReplacement() {
        window.rootViewController = Witness("a", log: log)
        window.makeKeyAndVisible()
        _ = log.take()
        window.rootViewController = Witness("b", log: log)
        #expect(log.take() == ["a will disappear", "a did disappear", "b will appear", "b did appear"])
    }

    @Test("A presented controller appears over its presenter, which stays visible and hears nothing; dismissing makes it disappear")
    func presentation() {
        let root = shownRoot()
        let sheet = Witness("sheet", log: log)
        root.present(sheet)
        #expect(log.take() == ["sheet will appear", "sheet did appear"])
        sheet.dismiss()
        #expect(log.take() == ["sheet will disappear", "sheet did disappear"])
        #expect(root.appearanceState == .appeared)
    }

    @Test("Children: a child's view added to a shown parent appears; showing a window calls every will, outer first, then every did")
    func children() {
        let parent = Witness("parent", log: log)
        let child = Witness("child", log: log)
        window.rootViewController = parent
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(log.take().isEmpty)
        window.makeKeyAndVisible()
        #expect(log.take() == ["parent will appear", "child will appear", "parent did appear", "child did appear"])
        let late = Witness("late", log: log)
        parent.addChild(late)
        parent.view.addSubview(late.view)
        #expect(log.take() == ["late will appear", "late did appear"])
        late.view.removeFromSuperview()
        #expect(log.take() == ["late will disappear", "late did disappear"])
    }

    @Test("A container's transition: will at its begin, did at its end, nothing from the view's moves meanwhile; a redundant begin sends nothing; a transition may be reversed")
    func managedTransition() {
        let root = shownRoot()
        let next = Witness("next", log: log)
        next.beginAppearanceTransition(true, animated: true)
        #expect(log.take() == ["next will appear animated"])
        root.view.addSubview(next.view)
        next.beginAppearanceTransition(true, animated: true)
        #expect(log.take().isEmpty, "moving in and beginning again change nothing")
        #expect(next.appearanceState == .appearing)
        next.endAppearanceTransition()
        #expect(log.take() == ["next did appear"])
        next.beginAppearanceTransition(false, animated: false)
        next.beginAppearanceTransition(true, animated: false)
        next.endAppearanceTransition()
        #expect(log.take() == ["next will disappear", "next will appear", "next did appear"])
        next.endAppearanceTransition()
        #expect(log.take().isEmpty, "nothing in flight")
    }
}
