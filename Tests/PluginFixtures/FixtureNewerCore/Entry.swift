public import SceneCore

#if DEBUG
private let isDebugBuild = true
#else
private let isDebugBuild = false
#endif

/// A plugin that says it needs a SceneCore far newer than any host: refused with coreTooOld.
@c(scene_plugin_query)
public func scenePluginQuery(_ info: UnsafeMutablePointer<ScenePluginInfo>?) -> Int32 {
    ScenePluginInfo.describe(
        into: info, name: "FixtureNewerCore", version: "1.0.0", description: "Needs SceneCore 99",
        minimumCoreVersion: CoreVersion(major: 99, minor: 0, patch: 0), debugBuild: isDebugBuild)
}

@c(scene_plugin_create)
public func scenePluginCreate() -> UnsafeMutableRawPointer? {
    PluginDescriptor(name: "FixtureNewerCore", version: "1.0.0") { fatalError("never created") }.retainedOpaquePointer()
}
