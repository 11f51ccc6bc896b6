
/// What a plugin's `scene_plugin_create` entry returns: the plugin's identity and the factory of the
/// scene delegate that builds each scene hosted from it.
///
/// Built without isolation (the entry point is a plain C function and may run on any thread); the
/// factory runs on the main actor when the host connects a scene. The class is `final` so that the
/// host can check the object's class pointer and refuse a plugin that carries its own copy of
/// SceneCore (its descriptor would be of a different class).
public final class PluginDescriptor: Sendable {
    /// Plugin name, as in the query info (`FindView`).
    public let name: String
    /// Plugin version (`1.0.0`).
    public let version: String
    /// Creates the delegate of one new scene. Called once per scene, on the main actor.
    public let makeSceneDelegate: @MainActor @Sendable () -> any SceneDelegate

    public init(name: String, version: String, makeSceneDelegate: @escaping @MainActor @Sendable () -> any SceneDelegate) {
        self.name = name
        self.version = version
        self.makeSceneDelegate = makeSceneDelegate
    }

    /// The descriptor as the +1 retained pointer `scene_plugin_create` returns.
    public func retainedOpaquePointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// The class pointer every genuine descriptor carries: the host compares the first word of the
    /// object a plugin returns with it before touching the object.
    public static var classIdentity: UnsafeRawPointer {
        unsafeBitCast(PluginDescriptor.self, to: UnsafeRawPointer.self)
    }

    /// Takes ownership of the object `scene_plugin_create` returned, after checking that its class
    /// is this process's `PluginDescriptor`. Returns nil (and leaks the object rather than touching
    /// it further) when it is not: the plugin carries its own copy of SceneCore.
    public static func adopt(_ pointer: UnsafeMutableRawPointer) -> PluginDescriptor? {
        let isa = pointer.load(as: UnsafeRawPointer.self)
        guard isa == classIdentity else { return nil }
        return Unmanaged<PluginDescriptor>.fromOpaque(pointer).takeRetainedValue()
    }
}

extension ScenePluginInfo {
    /// Fills `info` for a plugin's `scene_plugin_query` entry: magic, the ABI version of the header
    /// the *plugin* was compiled against, the struct size, the debug flag, name, version, a one-line
    /// description and the oldest SceneCore the plugin runs on.
    ///
    /// Emitted into the plugin (not called in the core) so that the ABI version, the struct size and
    /// the default minimum core version are the plugin's own: by default a plugin needs the SceneCore
    /// version of the SDK it was built against (``CoreVersion/sdk``), and a host with an older core
    /// refuses it saying so. Pass an older `minimumCoreVersion` when the plugin uses nothing newer.
    /// The strings must be static (they are read after the call returns).
    /// Returns 0, the query entry's success value, or -1 for a null pointer.
    @_alwaysEmitIntoClient
    public static func describe(
        into info: UnsafeMutablePointer<ScenePluginInfo>?, name: StaticString, version: StaticString,
        description: StaticString? = nil, minimumCoreVersion: CoreVersion? = nil, debugBuild: Bool
    ) -> Int32 {
        guard let info else { return -1 }
        func text(_ string: StaticString) -> UnsafePointer<CChar> {
            UnsafeRawPointer(string.utf8Start).assumingMemoryBound(to: CChar.self)
        }
        info.pointee = ScenePluginInfo(
            magic: SCENE_PLUGIN_MAGIC,
            abi_version: SCENE_PLUGIN_ABI_VERSION,
            struct_size: UInt32(MemoryLayout<ScenePluginInfo>.size),
            flags: debugBuild ? SCENE_PLUGIN_FLAG_DEBUG : 0,
            name: text(name),
            version: text(version),
            description: description.map(text),
            min_core_version: (minimumCoreVersion ?? CoreVersion.sdk).packed)
        return 0
    }
}
