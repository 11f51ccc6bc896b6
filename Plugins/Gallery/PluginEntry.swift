public import SceneCore

#if DEBUG
private let isDebugBuild = true
#else
private let isDebugBuild = false
#endif

/// The plugin's query entry: who it is and which ABI it was built against. Touches C types only.
@c(scene_plugin_query)
public func scenePluginQuery(_ info: UnsafeMutablePointer<ScenePluginInfo>?) -> Int32 {
    ScenePluginInfo.describe(into: info, name: "Gallery", version: "1.0.0",
        description: "Two windows at different levels: an image, text fields and an alert", debugBuild: isDebugBuild)
}

/// The plugin's create entry: a +1 retained descriptor whose factory builds each scene's delegate.
@c(scene_plugin_create)
public func scenePluginCreate() -> UnsafeMutableRawPointer? {
    PluginDescriptor(name: "Gallery", version: "1.0.0") { GallerySceneDelegate() }.retainedOpaquePointer()
}
