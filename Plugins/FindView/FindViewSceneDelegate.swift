import SceneCore

/// Builds the FindView scene: one window whose root view controller holds the seed 000 views.
final class FindViewSceneDelegate: SceneDelegate {
    private var window: Window?

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let window = Window(windowScene: scene)
        window.title = "FindView"
        window.rootViewController = FindViewViewController()
        window.makeKeyAndVisible()
        self.window = window
    }
}
