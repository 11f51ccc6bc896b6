import SceneCore

/// Builds the Gallery scene: two windows, to exercise levels, key-window hand-over and one first
/// responder per window.
///
///     main  (normal level, key at first) ┬ field       becomes first responder when tapped
///                                        └ show-alert  shows the alert window again
///     alert (alert level, on top, key while shown) ┬ code  becomes first responder when tapped
///                                                  └ ok    hides the alert; key returns to main
final class GallerySceneDelegate: SceneDelegate {
    private var main: Window?
    private var alert: Window?

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let main = Window(windowScene: scene)
        main.title = "Gallery"
        main.accessibilityIdentifier = "main"
        let controller = ViewController()
        main.rootViewController = controller
        let field = TextFieldView(frame: Rect(x: 20, y: 100, width: 350, height: 44), name: "field")
        let show = Button(frame: Rect(x: 20, y: 170, width: 160, height: 44), title: "Show alert")
        show.accessibilityIdentifier = "show-alert"
        controller.view.addSubview(field)
        controller.view.addSubview(show)

        let frame = scene.screenFrame
        let alert = Window(frame: Rect(x: frame.minX + 45, y: frame.minY + 300, width: 300, height: 200))
        alert.windowScene = scene
        alert.title = "Alert"
        alert.accessibilityIdentifier = "alert"
        alert.windowLevel = .alert
        let code = TextFieldView(frame: Rect(x: 20, y: 30, width: 260, height: 44), name: "code")
        let ok = Button(frame: Rect(x: 90, y: 120, width: 120, height: 44), title: "OK")
        ok.accessibilityIdentifier = "ok"
        alert.addSubview(code)
        alert.addSubview(ok)

        ok.addAction(named: "dismissAlert", for: .touchUpInside) { [weak alert, weak scene] _, _ in
            alert?.isHidden = true
            scene?.log("alert hidden")
        }
        show.addAction(named: "showAlert", for: .touchUpInside) { [weak alert, weak scene] _, _ in
            alert?.makeKeyAndVisible()
            scene?.log("alert shown")
        }

        main.makeKeyAndVisible()
        alert.makeKeyAndVisible()
        self.main = main
        self.alert = alert
    }
}

/// A text input stand-in: can become first responder, and does when tapped.
final class TextFieldView: View {
    private let name: String

    init(frame: Rect, name: String) {
        self.name = name
        super.init(frame: frame)
        accessibilityIdentifier = name
        accessibilityLabel = name.prefix(1).uppercased() + name.dropFirst()
        accessibilityRole = .entry
    }

    override var canBecomeFirstResponder: Bool { true }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        if becomeFirstResponder() { window?.windowScene?.log("\(name) became first responder") }
    }
}
