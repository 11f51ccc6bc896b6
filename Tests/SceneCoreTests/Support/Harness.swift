import SceneCore
import TestSupport

/// One application with one active scene and one key window W (0, 0, 400 × 800) whose root view R
/// belongs to a view controller VC, on a manual clock: the setting of the §9 scenarios.
@MainActor
final class Harness {
    let clock = ManualClock(now: 100)
    let application: Application
    let trace = Trace()
    private(set) var scene: WindowScene!
    private(set) var window: Window!
    let controller: TracingViewController
    let observer = RecordingObserver()

    init(rootName: String? = nil, settings: InteractionSettings = InteractionSettings()) {
        application = Application(clock: clock, settings: settings)
        controller = TracingViewController("VC", trace: trace)
        application.addObserver(observer)
        let controller = self.controller
        let trace = self.trace
        if let rootName {
            controller.rootViewFactory = { TracingView(rootName, frame: .zero, trace: trace) }
        }
        var built: Window?
        scene = try! application.connectScene(
            named: "main", delegate: ClosureSceneDelegate { scene in
                let window = Window(windowScene: scene)
                window.title = "W"
                window.rootViewController = controller
                window.makeKeyAndVisible()
                built = window
            }, screenFrame: Rect(x: 0, y: 0, width: 400, height: 800))
        window = built
        scene.activate()
    }

    /// R: the root view.
    var root: View { controller.view }

    /// Adds a second window to the scene.
    func makeWindow(frame: Rect, level: Window.Level = .normal, title: String) -> Window {
        let window = Window(frame: frame)
        window.windowScene = scene
        window.windowLevel = level
        window.title = title
        return window
    }

    @discardableResult
    func down(_ x: Double, _ y: Double) -> Touch? {
        application.touchDown(at: Point(x: x, y: y))
    }

    func move(_ touch: Touch?, _ x: Double, _ y: Double) {
        guard let touch else { return }
        application.touchMoved(touch, to: Point(x: x, y: y))
    }

    func up(_ touch: Touch?, _ x: Double? = nil, _ y: Double? = nil) {
        guard let touch else { return }
        application.touchUp(touch, at: x.map { Point(x: $0, y: y ?? 0) })
    }

    /// Down and up at the same point, `duration` seconds apart.
    @discardableResult
    func tap(_ x: Double, _ y: Double, duration: Double = 0.05) -> Touch? {
        let touch = down(x, y)
        clock.advance(by: duration)
        up(touch)
        return touch
    }

    func wait(_ seconds: Double) {
        clock.advance(by: seconds)
    }
}

/// Records observer callbacks as text, in order.
@MainActor
final class RecordingObserver: ApplicationObserver {
    private(set) var events: [String] = []

    func clear() { events.removeAll() }

    func touchDidChange(_ touch: Touch) {
        events.append("touch \(touch.identifier) \(touch.phase.wireName) \(touch.view.map(ViewReference.describe) ?? "-")")
    }

    func firstResponderDidChange(in window: Window, from old: Responder?, to new: Responder?) {
        events.append("firstResponder \(window.title): \(name(old)) → \(name(new))")
    }

    func keyWindowDidChange(in scene: WindowScene, from old: Window?, to new: Window?) {
        events.append("keyWindow \(scene.name): \(old?.title ?? "nil") → \(new?.title ?? "nil")")
    }

    func applicationKeyWindowDidChange(from old: Window?, to new: Window?) {
        events.append("appKeyWindow: \(old?.title ?? "nil") → \(new?.title ?? "nil")")
    }

    func windowDidBecomeVisible(_ window: Window) { events.append("didBecomeVisible(\(window.title))") }
    func windowDidBecomeHidden(_ window: Window) { events.append("didBecomeHidden(\(window.title))") }
    func windowDidBecomeKey(_ window: Window) { events.append("didBecomeKey(\(window.title))") }
    func windowDidResignKey(_ window: Window) { events.append("didResignKey(\(window.title))") }

    func gestureRecognizerDidChangeState(_ recognizer: GestureRecognizer, from old: GestureRecognizer.State) {
        events.append("gesture \(recognizer.displayName) \(old.wireName)→\(recognizer.state.wireName)")
    }

    func actionWasSent(_ action: Selector, from sender: AnyObject?, to target: AnyObject?, event: Event?) {
        events.append("action \(action) → \(target.map(ViewReference.describe) ?? "nil")")
    }

    func motionWasDelivered(_ subtype: Event.EventSubtype, phase: MotionPhase, handledBy: Responder?) {
        events.append("motion \(subtype.wireName) \(phase.rawValue) by \(name(handledBy))")
    }

    func remoteControlWasDelivered(_ subtype: Event.EventSubtype, handledBy: Responder?) {
        events.append("remote \(subtype.wireName) by \(name(handledBy))")
    }

    func remoteControlReceivingDidChange(_ isReceiving: Bool) {
        events.append("receivingRemoteControl \(isReceiving)")
    }

    func sceneActivationDidChange(_ scene: WindowScene, to state: WindowScene.ActivationState) {
        events.append("scene \(scene.name) \(state.wireName)")
    }

    func scene(_ scene: WindowScene, didLog line: String) {
        events.append("log \(scene.name): \(line)")
    }

    func events(startingWith prefix: String) -> [String] {
        events.filter { $0.hasPrefix(prefix) }
    }

    private func name(_ responder: Responder?) -> String {
        guard let responder else { return "nil" }
        if let view = responder as? TracingView { return view.name }
        return ViewReference.describe(responder)
    }
}
