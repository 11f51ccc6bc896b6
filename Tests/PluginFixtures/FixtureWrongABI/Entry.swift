// Hand-written entry points, not a ScenePlugin.toml declaration: the defect under test is in them.
public import SceneCore

#if DEBUG
private let isDebugBuild = true
#else
private let isDebugBuild = false
#endif

@c(scene_plugin_query)
public func scenePluginQuery(_ info: UnsafeMutablePointer<ScenePluginInfo>?) -> Int32 {
    guard let info else { return -1 }
    info.pointee = ScenePluginInfo(
        magic: SCENE_PLUGIN_MAGIC, abi_version: SCENE_PLUGIN_ABI_VERSION + 1,
        struct_size: UInt32(MemoryLayout<ScenePluginInfo>.size), flags: isDebugBuild ? SCENE_PLUGIN_FLAG_DEBUG : 0,
        name: nil, version: nil, description: nil, min_core_version: 0)
    return 0
}

@c(scene_plugin_create)
public func scenePluginCreate() -> UnsafeMutableRawPointer? {
    PluginDescriptor(name: "FixtureWrongABI", version: "1.0.0") { fatalError("never created") }.retainedOpaquePointer()
}
