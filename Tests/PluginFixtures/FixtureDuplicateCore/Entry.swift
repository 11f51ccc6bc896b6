public import SceneCore

#if DEBUG
private let isDebugBuild = true
#else
private let isDebugBuild = false
#endif

@c(scene_plugin_query)
public func scenePluginQuery(_ info: UnsafeMutablePointer<ScenePluginInfo>?) -> Int32 {
    ScenePluginInfo.describe(into: info, name: "FixtureDuplicateCore", version: "1.0.0", debugBuild: isDebugBuild)
}

@c(scene_plugin_create)
public func scenePluginCreate() -> UnsafeMutableRawPointer? {
    // Links SceneCore statically (SceneCoreStaticForTesting): this descriptor is of its own copy of
    // the class, which the host must refuse.
    PluginDescriptor(name: "FixtureDuplicateCore", version: "1.0.0") { fatalError("never created") }.retainedOpaquePointer()
}
