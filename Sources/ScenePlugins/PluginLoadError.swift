/// Why a plugin was refused. The message names the plugin file and says how to fix it; the host logs
/// it and carries on with the other scenes.
public struct PluginLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong; switch on it, or compare with the static constants.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        private init(_ name: String) { self.name = name }

        /// No file for the plugin in any search folder.
        public static let notFound = Code("notFound")
        /// The plugin was named by an empty or malformed name.
        public static let invalidName = Code("invalidName")
        /// The file (or a folder on its way) cannot be read: a symbolic link loop, no permission, …
        public static let unreadable = Code("unreadable")
        /// The file or a folder above it is writable by other users, or owned by a user other than
        /// the host's or root (refused unless `--allow-insecure-plugins`).
        public static let insecure = Code("insecure")
        /// It crashed the host twice in a row and is skipped until its file changes or the quarantine is cleared.
        public static let quarantined = Code("quarantined")
        /// Another file with the same plugin is already loaded.
        public static let alreadyLoaded = Code("alreadyLoaded")
        /// The file is not an ELF shared library.
        public static let notASharedLibrary = Code("notASharedLibrary")
        /// `dlopen` refused it (missing dependency, undefined symbol from a newer core, …).
        public static let loadFailed = Code("loadFailed")
        /// `scene_plugin_query` or `scene_plugin_create` is not exported.
        public static let missingEntryPoint = Code("missingEntryPoint")
        /// The query info's magic is wrong: not a SceneHost plugin.
        public static let badMagic = Code("badMagic")
        /// Built against another plugin ABI version.
        public static let abiMismatch = Code("abiMismatch")
        /// A debug plugin in a release host, or the reverse.
        public static let buildMismatch = Code("buildMismatch")
        /// The plugin needs a newer SceneCore than the host runs.
        public static let coreTooOld = Code("coreTooOld")
        /// The loaded libSceneCore.so is not the one the host was built against.
        public static let coreMismatch = Code("coreMismatch")
        /// The plugin carries its own copy of SceneCore (linked statically).
        public static let duplicateCore = Code("duplicateCore")
        /// The query or create entry reported failure (nonzero or null).
        public static let entryFailed = Code("entryFailed")
        /// The probe child crashed (loading, creating, or building its scene).
        public static let probeCrashed = Code("probeCrashed")
        /// The probe child did not finish in time and was killed.
        public static let probeTimedOut = Code("probeTimedOut")
        /// The probe child ended unexpectedly, or could not be started.
        public static let probeFailed = Code("probeFailed")

        static let all: [Code] = [
            .notFound, .invalidName, .unreadable, .insecure, .quarantined, .alreadyLoaded, .notASharedLibrary, .loadFailed, .missingEntryPoint, .badMagic, .abiMismatch, .buildMismatch,
            .coreTooOld, .coreMismatch, .duplicateCore, .entryFailed, .probeCrashed, .probeTimedOut, .probeFailed,
        ]

        /// The code called `name`, or nil.
        public init?(named name: String) {
            guard let code = Code.all.first(where: { $0.name == name }) else { return nil }
            self = code
        }

        public var description: String { name }
    }

    public let code: Code
    /// The plugin as configured (name or path).
    public let plugin: String
    public let message: String
    /// For `probeCrashed` when the probe ran with Swift's backtracer on (`--diagnostics plugins`,
    /// `scene-host validate-plugin`): where it crashed.
    public var backtrace: ProbeBacktrace?

    public init(code: Code, plugin: String, message: String, backtrace: ProbeBacktrace? = nil) {
        self.code = code
        self.plugin = plugin
        self.message = message
        self.backtrace = backtrace
    }

    public var description: String { "plugin \(plugin) refused (\(code)): \(message)" }
}
