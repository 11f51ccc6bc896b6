import SceneCore

/// Builds the GestureLab scene (seeds 002 and 004, plus gestures and media control):
///
///     root ┬ background (tap → "Background tap") ┬ table  (1,000 rows "Row 1" …; each logs "Row 3 touches began|moved|ended|cancelled",
///          │                                     │         selection "Selected Row 3")
///          │                                     ├ button ("Button touches began|…", "Button tapped")
///          │                                     └ "Let the table have its taps" switch (the background's tap then refuses
///          │                                       touches in the table)
///          ├ taps   (single "Single tap" waits for double "Double tap")
///          ├ player (first responder: "remote: play", "shake began", …)
///          └ canvas (pan, pinch, rotation together; log their final values)
final class GestureLabSceneDelegate: SceneDelegate {
    private var window: Window?

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let window = Window(windowScene: scene)
        window.title = "GestureLab"
        let controller = GestureLabViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        controller.player.becomeFirstResponder()
        scene.application?.beginReceivingRemoteControlEvents()
        self.window = window
    }
}
