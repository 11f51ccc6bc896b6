import SceneCore

/// A scene that builds fine (so it passes the probe and loads) with a button whose action handler
/// ends the process: what a plugin bug that crashes the host looks like.
final class CrashInHandlerDelegate: SceneDelegate {
    private var window: Window?

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let window = Window(windowScene: scene)
        window.title = "Crash"
        let button = Button(frame: Rect(x: 20, y: 40, width: 160, height: 44), title: "Crash")
        button.accessibilityIdentifier = "crash"
        button.addAction(named: "crash", for: .touchUpInside) { _, _ in
            crashDeliberately()
        }
        window.addSubview(button)
        window.makeKeyAndVisible()
        self.window = window
    }
}

func crashDeliberately() -> Never {
    fatalError("FixtureCrashInHandler: deliberately crashing in the button's action handler")
}
