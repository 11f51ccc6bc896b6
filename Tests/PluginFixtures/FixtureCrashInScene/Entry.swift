public import SceneCore

#if DEBUG
private let isDebugBuild = true
#else
private let isDebugBuild = false
#endif

@c(scene_plugin_query)
public func scenePluginQuery(_ info: UnsafeMutablePointer<ScenePluginInfo>?) -> Int32 {
    ScenePluginInfo.describe(into: info, name: "FixtureCrashInScene", version: "1.0.0", debugBuild: isDebugBuild)
}

@c(scene_plugin_create)
public func scenePluginCreate() -> UnsafeMutableRawPointer? {
    PluginDescriptor(name: "FixtureCrashInScene", version: "1.0.0") { CrashingDelegate() }.retainedOpaquePointer()
}

/// Crashes while building its scene (after passing every load check).
final class CrashingDelegate: SceneDelegate {
    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        fatalError("FixtureCrashInScene: deliberately crashing while building scene '\(scene.name)'")
    }
}
