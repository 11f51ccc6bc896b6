/// A plugin's declaration of itself: what its `ScenePlugin.toml` says, checked.
///
/// The SDK's `PluginEntryPoints` build-tool plugin reads the declaration of a plugin target and
/// generates the plugin's two C entry points from it (``entryPointsSource(declarationPath:)``):
/// `scene_plugin_query`, which describes the plugin, and `scene_plugin_create`, which returns the
/// descriptor whose factory makes a ``delegate`` for each scene. Pure: reading and writing files is
/// the generator executable's job.
public struct PluginDeclaration: Hashable, Sendable {
    /// The plugin's name (`FindView`): letters, digits, `-`, `_` and `.`, starting with a letter.
    public let name: String
    /// The plugin's version, `MAJOR.MINOR.PATCH` with an optional `-suffix` (`1.0.0`, `0.2.0-beta.1`).
    public let version: String
    /// A one-line description for `scenectl plugins`; nil when the declaration gives none.
    public let description: String?
    /// The type (`ClockSceneDelegate`, `Clock.SceneDelegate`) whose `init()` makes the delegate of
    /// each scene: a Swift type name, optionally qualified with dots.
    public let delegate: String
    /// The oldest SceneCore the plugin runs on, when the declaration names one (`major.minor.patch`);
    /// nil means the SDK the plugin is built against.
    public let minimumCore: CoreRequirement?
    /// The line of each key in the declaration, for diagnostics that point at it.
    public let lines: [Key: Int]

    /// A SceneCore version a plugin needs at least: `major.minor.patch`, each part within what the
    /// plugin ABI's packed version holds (major up to 65535, minor and patch up to 255).
    public struct CoreRequirement: Hashable, Sendable {
        public let major: Int
        public let minor: Int
        public let patch: Int

        public init(major: Int, minor: Int, patch: Int) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }
    }

    /// The keys a declaration may have.
    public enum Key: String, CaseIterable, Sendable {
        case name
        case version
        case description
        case delegate
        case minimumCore = "minimum-core"

        /// Whether a declaration must give the key.
        public var isRequired: Bool {
            switch self {
            case .name, .version, .delegate: true
            case .description, .minimumCore: false
            }
        }
    }

    public init(
        name: String, version: String, description: String?, delegate: String,
        minimumCore: CoreRequirement? = nil, lines: [Key: Int] = [:]
    ) {
        self.name = name
        self.version = version
        self.description = description
        self.delegate = delegate
        self.minimumCore = minimumCore
        self.lines = lines
    }
}
