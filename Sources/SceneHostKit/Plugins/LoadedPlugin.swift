public import SceneCore

/// A plugin that passed its probe and is mapped in the host for good (never unloaded).
public struct LoadedPlugin: Sendable {
    /// The plugin's own name and version, from its query entry.
    public let name: String
    public let version: String
    /// The file it was loaded from.
    public let path: String
    /// The version of the file that was mapped.
    public let file: PluginFile
    /// Whether it is a debug build.
    public let isDebugBuild: Bool
    /// What its create entry returned.
    public let descriptor: PluginDescriptor
}
