// Hand-written entry points, not a ScenePlugin.toml declaration: the defect under test is in them.
public import SceneCore

#if DEBUG
private let isDebugBuild = true
#else
private let isDebugBuild = false
#endif

@c(scene_plugin_query)
public func scenePluginQuery(_ info: UnsafeMutablePointer<ScenePluginInfo>?) -> Int32 {
    ScenePluginInfo.describe(into: info, name: "FixtureCrashOnCreate", version: "1.0.0", debugBuild: isDebugBuild)
}

@c(scene_plugin_create)
public func scenePluginCreate() -> UnsafeMutableRawPointer? {
    fatalError("FixtureCrashOnCreate: deliberately crashing in scene_plugin_create")
}
