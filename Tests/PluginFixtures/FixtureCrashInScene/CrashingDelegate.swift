import SceneCore

/// Crashes while building its scene (after passing every load check).
final class CrashingDelegate: SceneDelegate {
    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        fatalError("FixtureCrashInScene: deliberately crashing while building scene '\(scene.name)'")
    }
}
