public import SceneCore

#if DEBUG
private let isDebugBuild = true
#else
private let isDebugBuild = false
#endif

/// The plugin's query entry: who it is and which ABI it was built against. Touches C types only.
@c(scene_plugin_query)
public func scenePluginQuery(_ info: UnsafeMutablePointer<ScenePluginInfo>?) -> Int32 {
    ScenePluginInfo.describe(into: info, name: "FindView", version: "1.0.0",
        description: "Seed 000: colored views and hitTest overrides, traced as touches find them", debugBuild: isDebugBuild)
}

/// The plugin's create entry: a +1 retained descriptor whose factory builds each scene's delegate.
@c(scene_plugin_create)
public func scenePluginCreate() -> UnsafeMutableRawPointer? {
    PluginDescriptor(name: "FindView", version: "1.0.0") { FindViewSceneDelegate() }.retainedOpaquePointer()
}
