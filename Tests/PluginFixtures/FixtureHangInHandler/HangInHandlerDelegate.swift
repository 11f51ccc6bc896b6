import Glibc
import SceneCore

/// A scene that builds fine (so it passes the probe and loads) with a button whose action handler
/// never returns: what a plugin that hangs its scene looks like. With the option `hang-seconds`,
/// the handler returns after that many seconds instead: a scene that is slow, not dead. With the
/// option `draw-seconds`, a view below the button takes that many seconds to draw while touched.
final class HangInHandlerDelegate: SceneDelegate {
    private var window: Window?

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let window = Window(windowScene: scene)
        window.title = "Hang"
        let button = Button(frame: Rect(x: 20, y: 40, width: 160, height: 44), title: "Hang")
        button.accessibilityIdentifier = "hang"
        let seconds = options["hang-seconds"].flatMap(UInt32.init)
        button.addAction(named: "hang", for: .touchUpInside) { _, _ in
            // A real sleep: a pure spin loop would be removed by the optimizer in release builds.
            if let seconds {
                sleep(seconds)
                return
            }
            while true { sleep(1) }
        }
        window.addSubview(button)
        if let drawSeconds = options["draw-seconds"].flatMap(UInt32.init) {
            let slow = SlowDrawingView(frame: Rect(x: 20, y: 120, width: 160, height: 44), seconds: drawSeconds)
            slow.accessibilityIdentifier = "slow-drawing"
            window.addSubview(slow)
        }
        window.makeKeyAndVisible()
        self.window = window
    }
}
