import SceneCore

/// Builds the Settings scene: one window whose root is a navigation controller over the settings
/// table. Every control logs what it changes ("Wi-Fi off", "Brightness 0.8", "Pushed General").
final class SettingsSceneDelegate: SceneDelegate {
    private var window: Window?

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let window = Window(windowScene: scene)
        window.title = "Settings"
        window.backgroundColor = .secondarySystemBackground
        let root = SettingsViewController(log: { [weak scene] line in scene?.log(line) })
        window.rootViewController = NavigationController(rootViewController: root)
        window.makeKeyAndVisible()
        self.window = window
    }
}
