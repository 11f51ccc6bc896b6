import Glibc
public import SceneCore

#if DEBUG
private let isDebugBuild = true
#else
private let isDebugBuild = false
#endif

@c(scene_plugin_query)
public func scenePluginQuery(_ info: UnsafeMutablePointer<ScenePluginInfo>?) -> Int32 {
    ScenePluginInfo.describe(into: info, name: "FixtureHangInScene", version: "1.0.0", debugBuild: isDebugBuild)
}

@c(scene_plugin_create)
public func scenePluginCreate() -> UnsafeMutableRawPointer? {
    PluginDescriptor(name: "FixtureHangInScene", version: "1.0.0") { HangingDelegate() }.retainedOpaquePointer()
}

/// Never returns from building its scene.
final class HangingDelegate: SceneDelegate {
    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        // A real sleep: a pure spin loop would be removed by the optimizer in release builds.
        while true { sleep(1) }
    }
}
