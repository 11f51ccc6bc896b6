import SceneCore

/// The delegate of a plugin that says (in its ScenePlugin.toml) it needs a SceneCore far newer than
/// any host: the host refuses it with coreTooOld, so no scene of it is ever connected.
final class NeverConnectedDelegate: SceneDelegate {
    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        fatalError("FixtureNewerCore: a host with SceneCore \(CoreVersion.loaded) connected a scene of a plugin that needs SceneCore 99")
    }
}
