/// What `scene-host --probe PATH` prints, as one JSON line on stdout.
public struct ProbeReport: Codable, Sendable, Equatable {
    public var ok: Bool
    public var plugin: String
    public var name: String?
    public var version: String?
    public var description: String?
    /// The oldest SceneCore the plugin runs on, `major.minor.patch`.
    public var minimumCoreVersion: String?
    public var abiVersion: UInt32?
    public var debugBuild: Bool?
    /// Windows and views the plugin built for the probe scene.
    public var windows: Int?
    public var views: Int?
    /// Set when `ok` is false.
    public var errorCode: String?
    public var errorMessage: String?

    public init(
        ok: Bool, plugin: String, name: String? = nil, version: String? = nil, description: String? = nil,
        minimumCoreVersion: String? = nil, abiVersion: UInt32? = nil, debugBuild: Bool? = nil,
        windows: Int? = nil, views: Int? = nil, errorCode: String? = nil, errorMessage: String? = nil
    ) {
        self.ok = ok
        self.plugin = plugin
        self.name = name
        self.version = version
        self.description = description
        self.minimumCoreVersion = minimumCoreVersion
        self.abiVersion = abiVersion
        self.debugBuild = debugBuild
        self.windows = windows
        self.views = views
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }
}
