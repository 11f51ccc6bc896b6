import SceneCore

/// The delegate of a plugin that links SceneCore statically (SceneCoreStaticForTesting): its
/// descriptor is of its own copy of the class, which the host must refuse, so no scene of it is ever
/// connected.
final class NeverConnectedDelegate: SceneDelegate {
    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        fatalError("FixtureDuplicateCore: a host connected a scene of a plugin with its own copy of SceneCore")
    }
}
