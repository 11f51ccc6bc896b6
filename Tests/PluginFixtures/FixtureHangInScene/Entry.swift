import SceneCore

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
        var spins: UInt64 = 0
        while spins != .max { spins &+= 1 }
    }
}
