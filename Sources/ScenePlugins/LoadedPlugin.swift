public import SceneCore

/// A plugin that passed its probe and is mapped in the host for good (never unloaded).
public struct LoadedPlugin: Sendable {
    /// The plugin's own name and version, from its query entry.
    public let name: String
    public let version: String
    /// Its one-line description ("" when it gives none).
    public let description: String
    /// The oldest SceneCore it runs on (nil when it names none).
    public let minimumCoreVersion: CoreVersion?
    /// The plugin ABI version it was built against.
    public let abiVersion: UInt32
    /// The file it was loaded from.
    public let path: String
    /// The version of the file that was mapped.
    public let file: PluginFile
    /// Whether it is a debug build.
    public let isDebugBuild: Bool
    /// What its create entry returned.
    public let descriptor: PluginDescriptor
}
