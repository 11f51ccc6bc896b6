import SceneCore
import TestSupport
import Testing

/// A window that logs its key hooks into the observer's list, so hooks and notifications interleave.
@MainActor
final class KeyLoggingWindow: Window {
    var log: (String) -> Void = { _ in }
    override func becomeKey() { log("\(title).becomeKey") }
    override func resignKey() { log("\(title).resignKey") }
}

@MainActor
final class KeyOrderObserver: ApplicationObserver {
    var lines: [String] = []
    func windowDidBecomeVisible(_ window: Window) { lines.append("didBecomeVisible(\(window.title))") }
    func windowDidBecomeHidden(_ window: Window) { lines.append("didBecomeHidden(\(window.title))") }
    func windowDidBecomeKey(_ window: Window) { lines.append("didBecomeKey(\(window.title))") }
    func windowDidResignKey(_ window: Window) { lines.append("didResignKey(\(window.title))") }
}

@MainActor
@Suite("Windows and scenes [WS-1 … WS-9]")
struct WindowAndSceneTests {
    let clock = ManualClock()
    let application: Application
    let keyOrder = KeyOrderObserver()
    let recorder = RecordingObserver()
    var scene: WindowScene!
    var w1: KeyLoggingWindow!
    var w2: KeyLoggingWindow!

    init() {
        application = Application(clock: clock)
        application.addObserver(keyOrder)
        application.addObserver(recorder)
        var windows: [KeyLoggingWindow] = []
        let keyOrder = self.keyOrder
        scene = try! application.connectScene(
            named: "s", delegate: ClosureSceneDelegate { scene in
                for title in ["W1", "W2"] {
                    let window = KeyLoggingWindow(windowScene: scene)
                    window.title = title
                    window.log = { keyOrder.lines.append($0) }
                    windows.append(window)
                }
                windows[0].makeKeyAndVisible()
            }, screenFrame: Rect(x: 0, y: 0, width: 400, height: 800))
        scene.activate()
        w1 = windows[0]
        w2 = windows[1]
        keyOrder.lines.removeAll()
        recorder.clear()
    }

    @Test("WS-5, WS-6, §9/32: makeKeyAndVisible shows, resigns the old key window, then becomes key")
    func makeKeyAndVisibleOrder() {
        w2.makeKeyAndVisible()
        #expect(keyOrder.lines == ["didBecomeVisible(W2)", "W1.resignKey", "didResignKey(W1)", "W2.becomeKey", "didBecomeKey(W2)"])
        #expect(w2.isKeyWindow && !w1.isKeyWindow)
        #expect(scene.keyWindow === w2)
        #expect(application.keyWindow === w2)
    }

    @Test("WS-7, §9/32: hiding the key window hands key status back to the previous visible one")
    func hidingHandsBackKey() {
        w2.makeKeyAndVisible()
        keyOrder.lines.removeAll()
        recorder.clear()
        w2.isHidden = true
        #expect(keyOrder.lines == ["didBecomeHidden(W2)", "W2.resignKey", "didResignKey(W2)", "W1.becomeKey", "didBecomeKey(W1)"])
        #expect(scene.keyWindow === w1)
        #expect(recorder.events(startingWith: "keyWindow") == ["keyWindow s: W2 → W1"])
    }

    @Test("WS-7: with no visible window left, the scene has no key window")
    func noSuccessor() {
        w1.isHidden = true
        #expect(scene.keyWindow == nil)
        #expect(application.keyWindow == nil)
    }

    @Test("WS-5: makeKey is a no-op for a window already key, with no scene, or refusing")
    func makeKeyNoOps() {
        final class Refusing: Window { override var canBecomeKey: Bool { false } }
        w1.makeKey()
        #expect(keyOrder.lines.isEmpty)
        let loose = Window(frame: .zero)
        loose.isHidden = false
        loose.makeKey()
        #expect(!loose.isKeyWindow)
        let refusing = Refusing(windowScene: scene)
        refusing.makeKeyAndVisible()
        #expect(!refusing.isKeyWindow && w1.isKeyWindow)
    }

    @Test("WS-2: detaching the key window acts as hiding it; the scene lists windows back to front")
    func detaching() {
        w2.isHidden = false
        #expect(scene.windows.map(\.title) == ["W1", "W2"])
        w2.windowLevel = .alert
        w1.orderFront()
        #expect(scene.windows.map(\.title) == ["W1", "W2"])
        w2.windowLevel = .normal
        w1.orderFront()
        #expect(scene.windows.map(\.title) == ["W2", "W1"])
        w1.windowScene = nil
        #expect(scene.keyWindow == nil || scene.keyWindow === w2)
        #expect(!scene.windows.contains { $0 === w1 })
    }

    @Test("HT-1, WS-3, §9/33: an alert-level window covering the top takes the tap; a pass-through one does not")
    func overlappingWindows() throws {
        final class PanelWindow: Window {
            var passThrough = false
            override func hitTest(_ point: Point, with event: Event?) -> View? {
                let hit = super.hitTest(point, with: event)
                return passThrough && hit === self ? nil : hit
            }
        }
        let below = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        w1.addSubview(below)
        let alert = PanelWindow(windowScene: scene)
        alert.frame = Rect(x: 0, y: 0, width: 400, height: 400)
        alert.windowLevel = .alert
        alert.isHidden = false
        let panel = View(frame: Rect(x: 100, y: 100, width: 200, height: 100))
        alert.addSubview(panel)
        #expect(application.hitTest(screenPoint: Point(x: 10, y: 10))?.window === alert)
        alert.passThrough = true
        let touch = try #require(application.touchDown(at: Point(x: 10, y: 10)))
        #expect(touch.window === w1 && touch.view === below)
        #expect(application.hitTest(screenPoint: Point(x: 150, y: 150))?.view === panel)
    }

    @Test("WS-1: connect → inactive → active → inactive → background → unattached, with delegate callbacks")
    func lifeCycle() throws {
        final class Recorder: SceneDelegate {
            var calls: [String] = []
            func scene(_ scene: WindowScene, willConnectWith options: [String: String]) { calls.append("willConnect \(options["k"] ?? "")") }
            func sceneDidDisconnect(_ scene: WindowScene) { calls.append("didDisconnect") }
            func sceneDidBecomeActive(_ scene: WindowScene) { calls.append("didBecomeActive") }
            func sceneWillResignActive(_ scene: WindowScene) { calls.append("willResignActive") }
            func sceneWillEnterForeground(_ scene: WindowScene) { calls.append("willEnterForeground") }
            func sceneDidEnterBackground(_ scene: WindowScene) { calls.append("didEnterBackground") }
        }
        let delegate = Recorder()
        let scene = try application.connectScene(named: "life", delegate: delegate, options: ["k": "v"], screenFrame: .zero)
        #expect(scene.activationState == .foregroundInactive)
        scene.activate()
        scene.sendToBackground()
        scene.activate()
        application.disconnect(scene)
        #expect(
            delegate.calls == [
                "willConnect v", "willEnterForeground", "didBecomeActive", "willResignActive", "didEnterBackground",
                "willEnterForeground", "didBecomeActive", "willResignActive", "didEnterBackground", "didDisconnect",
            ])
        #expect(scene.activationState == .unattached)
        #expect(application.scene(named: "life") == nil)
        #expect(!scene.activate())
    }

    @Test("WS-1: scene names must be unique and usable as D-Bus path elements")
    func sceneNames() {
        #expect(throws: ApplicationError.self) { try application.connectScene(named: "s", delegate: nil, screenFrame: .zero) }
        do {
            try application.connectScene(named: "bad name", delegate: nil, screenFrame: .zero)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidSceneName)
            #expect(error.message.contains("'bad name'"))
        }
    }

    @Test("WS-4: the application's key window is the key window of the most recently activated scene")
    func applicationKeyWindow() throws {
        var other: Window?
        let second = try application.connectScene(
            named: "two", delegate: ClosureSceneDelegate { scene in
                let window = Window(windowScene: scene)
                window.title = "X"
                window.makeKeyAndVisible()
                other = window
            }, screenFrame: Rect(x: 500, y: 0, width: 100, height: 100))
        #expect(application.keyWindow === w1)
        second.activate()
        #expect(application.keyWindow === other)
        #expect(w1.isKeyWindow && other!.isKeyWindow)
        second.deactivate()
        #expect(application.keyWindow === w1)
        scene.deactivate()
        #expect(application.keyWindow == nil)
        scene.activate()
        #expect(application.keyWindow === w1)
        second.activate()
        #expect(application.keyWindow === other)
        // WS-4 CHOICE: touching a window of another active scene focuses that scene.
        w1.isHidden = false
        application.touchDown(at: Point(x: 10, y: 10))
        #expect(application.keyWindow === w1)
    }

    @Test("WS-9: a touch never migrates to another window when it crosses into it")
    func touchStaysInItsWindow() throws {
        w1.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        w2.frame = Rect(x: 200, y: 0, width: 200, height: 200)
        w2.isHidden = false
        let touch = try #require(application.touchDown(at: Point(x: 10, y: 10)))
        application.touchMoved(touch, to: Point(x: 300, y: 10))
        #expect(touch.window === w1)
        #expect(touch.location(in: nil) == Point(x: 300, y: 10))
        #expect(touch.location(in: w2) == Point(x: 100, y: 10))
    }

    @Test("WS-1: plugins log through their scene; observers hear the line with the scene")
    func sceneLog() {
        scene.log("hello")
        #expect(recorder.events(startingWith: "log") == ["log s: hello"])
    }
}
