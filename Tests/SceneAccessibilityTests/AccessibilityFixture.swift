@testable import SceneAccessibility
import SceneCore
import TestSupport

/// A focusable view, like a text field.
final class FocusableView: View {
    override var canBecomeFirstResponder: Bool { true }
}

/// One application with two scenes, the model the accessibility tests read:
///
///     scene "main" at (100, 50), 400 × 600
///       window "Main" (key) ┬ controller root "content" (controller title "Content") at (0, 0, 400, 600)
///                           │   ├ label "Title" (10, 10, 200, 30)
///                           │   ├ button "OK" (10, 60, 100, 40), hint "Confirms"
///                           │   ├ switch "toggle" (10, 110, 50, 30), on
///                           │   ├ slider "slider" (10, 150, 200, 30)
///                           │   ├ field (FocusableView) (10, 190, 200, 40)
///                           │   ├ hidden (isHidden) (250, 10, 100, 100) ─ inner (0, 0, 50, 50)
///                           │   └ secret (accessibilityElementsHidden) (250, 200, 100, 100) ─ covered (0, 0, 100, 100)
///     scene "second" at (600, 50), 300 × 300
///       window "Second" ─ plain view (20, 20, 100, 100)
@MainActor
struct AccessibilityFixture {
    let application = Application(clock: ManualClock(now: 1))
    let tree: AccessibleTree
    let main: Window
    let second: Window
    let controller = ViewController()
    let label = Label(frame: Rect(x: 10, y: 10, width: 200, height: 30), text: "Title")
    let button = Button(frame: Rect(x: 10, y: 60, width: 100, height: 40), title: "OK")
    let toggle = Switch(frame: Rect(x: 10, y: 110, width: 50, height: 30))
    let slider = Slider(frame: Rect(x: 10, y: 150, width: 200, height: 30))
    let field = FocusableView(frame: Rect(x: 10, y: 190, width: 200, height: 40))
    let hidden = View(frame: Rect(x: 250, y: 10, width: 100, height: 100))
    let inner = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    let secret = View(frame: Rect(x: 250, y: 200, width: 100, height: 100))
    let covered = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let plain = View(frame: Rect(x: 20, y: 20, width: 100, height: 100))
    private let delegates: [ClosureSceneDelegate]

    init() {
        var mainWindow: Window?
        var secondWindow: Window?
        let controller = controller
        let subviews: [View] = [label, button, toggle, slider, field, hidden, secret]
        let plain = plain
        button.accessibilityHint = "Confirms"
        toggle.accessibilityIdentifier = "toggle"
        toggle.isOn = true
        slider.accessibilityIdentifier = "slider"
        field.accessibilityIdentifier = "field"
        hidden.isHidden = true
        hidden.addSubview(inner)
        secret.accessibilityElementsHidden = true
        secret.addSubview(covered)
        controller.title = "Content"
        delegates = [
            ClosureSceneDelegate { scene in
                let window = Window(windowScene: scene)
                window.title = "Main"
                window.rootViewController = controller
                subviews.forEach(controller.view.addSubview)
                window.makeKeyAndVisible()
                mainWindow = window
            },
            ClosureSceneDelegate { scene in
                let window = Window(windowScene: scene)
                window.title = "Second"
                window.addSubview(plain)
                window.makeKeyAndVisible()
                secondWindow = window
            },
        ]
        let mainScene = try! application.connectScene(named: "main", delegate: delegates[0], screenFrame: Rect(x: 100, y: 50, width: 400, height: 600))
        let secondScene = try! application.connectScene(named: "second", delegate: delegates[1], screenFrame: Rect(x: 600, y: 50, width: 300, height: 300))
        secondScene.activate()
        mainScene.activate()
        main = mainWindow!
        second = secondWindow!
        tree = AccessibleTree(application: application)
    }

    var content: View { controller.view }

    /// A shown alert-level window in `scene` ("main" unless named), at (150, 200, 200, 100) on the
    /// screen, holding a button at (10, 10, 80, 30).
    @discardableResult
    func showAlert(in scene: String = "main") -> (window: Window, button: Button) {
        let alert = Window(frame: Rect(x: 150, y: 200, width: 200, height: 100))
        alert.windowScene = application.scene(named: scene)
        alert.windowLevel = .alert
        alert.title = "Alert"
        let button = Button(frame: Rect(x: 10, y: 10, width: 80, height: 30), title: "OK")
        alert.addSubview(button)
        alert.isHidden = false
        return (alert, button)
    }
}
