public import SceneAccessibility
public import SceneBusServing
public import SceneCore
public import SceneMedia
public import SceneWebDriver

/// Everything `scene-host` reads from its configuration file, with the defaults a missing key takes.
/// See `Config/scene-host.yaml` for the documented file; ``HostConfiguration/load(path:)`` reads it.
public struct HostConfiguration: Sendable, Equatable {
    /// Folders searched for plugins (`lib<Name>.so`) before `$SCENEHOST_PLUGIN_PATH`, the user's
    /// plugin folder and the installed one (see ``PluginSearchPath``). `@executable_dir` is the folder
    /// of the running `scene-host`. Relative paths are relative to the configuration file. Key
    /// `plugins.folders`, default none.
    public var pluginFolders: [String] = []
    /// Seconds a plugin probe may take before the child is killed and the plugin refused.
    /// Key `plugins.probe-timeout`, default 5.
    public var probeTimeout: Double = 5
    /// Whether plugin files that another user could replace (owned by someone other than root or the
    /// host's user, or writable by group or others, or in such a folder) are loaded anyway. Key
    /// `plugins.allow-insecure`, default false; `--allow-insecure-plugins` sets it.
    public var allowInsecurePlugins = false
    /// The scenes connected at start, in order. Key `scenes`.
    public var scenes: [SceneConfiguration] = []
    /// Which D-Bus bus to use and the limits on scripted input. Key `bus`.
    public var bus = BusConfiguration()
    /// Where time comes from: `real` (`CLOCK_MONOTONIC`) or `virtual` (moved only by
    /// `Host1.AdvanceClock` and by scripted input's own delays). Key `clock`, default `real`.
    public var clock: ClockMode = .real
    /// Whether to expose windows and views over AT-SPI2. Key `accessibility`, default `auto`.
    public var accessibility: AccessibilityMode = .auto
    /// Whether to offer remote control as the MPRIS player `org.mpris.MediaPlayer2.scenehost` (media
    /// keys, `playerctl`). Key `mpris`, default `auto`.
    public var mpris: MediaPlayerMode = .auto
    /// Whether scenes appear in desktop windows and how the pointer acts as fingers. Key `display`.
    public var display = DisplayConfiguration()
    /// Key `isolation`: scenes in processes of their own, or loaded into the host.
    public var isolation = IsolationConfiguration()
    /// Who may drive the host over D-Bus. Keys `input` (default `open`) and
    /// `input-allowed-executables` (default none).
    public var input = InputPolicy()
    /// Diagnostic topics logged in depth. Key `diagnostics`, default none.
    public var diagnostics: DiagnosticTopics = []
    /// Minimum level of ordinary log lines. Key `log-level`, default `info`.
    public var logLevel: LogLevelName = .info
    /// Where the W3C WebDriver endpoint listens (`[ADDRESS:]PORT`, loopback unless an address is
    /// given); nil for no endpoint. Key `webdriver`, default none; `--webdriver` sets it.
    public var webDriver: WebDriverAddress?
    /// Application-wide thresholds. Key `interaction`.
    public var interaction = InteractionSettings()
    /// The file this configuration was read from (empty when built in code); relative plugin folders
    /// are resolved against its folder.
    public var sourcePath: String = ""

    public init() {}
}

/// One scene to connect at start.
public struct SceneConfiguration: Sendable, Equatable {
    /// Unique name: `[A-Za-z0-9_-]+` (it becomes a D-Bus path element). Key `name`.
    public var name: String
    /// The plugin that builds it: a name (`FindView` → `libFindView.so` in the plugin folders) or a
    /// path to a `.so`. Key `plugin`.
    public var plugin: String
    /// Free-form options passed to the plugin's scene delegate. Key `options` (a mapping of strings).
    public var options: [String: String] = [:]
    /// Screen area of the scene's windows, `[x, y, width, height]`; by default scenes are laid out left
    /// to right, each at ``size``, with a 10-point gap. Key `frame`.
    public var frame: Rect?
    /// The scene's size when no ``frame`` places it, `[width, height]`; default 390 × 844. Key `size`.
    public var size: Size?
    /// The sizes the scene may take (``SceneCore/WindowScene/sizeRestrictions``); nil leaves them to
    /// the plugin (unrestricted unless it restricts them). Key `size-restrictions`, a mapping with
    /// `minimum` and `maximum`, each `[width, height]` (a missing maximum: unbounded).
    public var sizeRestrictions: SceneSizeRestrictions?
    /// Whether to activate the scene after connecting it. Key `active`, default true.
    public var active: Bool = true

    public init(
        name: String, plugin: String, options: [String: String] = [:], frame: Rect? = nil, size: Size? = nil,
        sizeRestrictions: SceneSizeRestrictions? = nil, active: Bool = true
    ) {
        self.name = name
        self.plugin = plugin
        self.options = options
        self.frame = frame
        self.size = size
        self.sizeRestrictions = sizeRestrictions
        self.active = active
    }

    /// A scene's size when the configuration gives neither `frame` nor `size`: an iPhone's, 390 × 844.
    public static let defaultSize = Size(width: 390, height: 844)

    /// The size the scene starts at: its frame's, else its ``size``, else ``defaultSize``.
    public var startingSize: Size {
        frame?.size ?? size ?? Self.defaultSize
    }
}

/// D-Bus settings.
public struct BusConfiguration: Sendable, Equatable {
    /// Key `bus.mode`: `auto` (the bus that started the host by D-Bus activation, else the session
    /// bus if there is one, else a private bus the host starts),
    /// `session`, `system`, `private`, or a D-Bus address such as `unix:path=/run/scene.sock`.
    public var mode: BusMode = .auto
    /// Key `bus.limits`.
    public var limits = ScriptLimits()

    public init() {}
}

/// Which bus the host connects to.
public enum BusMode: Sendable, Equatable {
    case auto
    case session
    case system
    case privateBus
    case address(String)

    /// Parses `auto`, `session`, `system`, `private` or an address containing `=`; nil otherwise.
    public init?(text: String) {
        switch text {
        case "auto": self = .auto
        case "session": self = .session
        case "system": self = .system
        case "private": self = .privateBus
        default:
            guard text.contains("=") && text.contains(":") else { return nil }
            self = .address(text)
        }
    }
}

/// Limits on what one client can make the host do with scripted input [style rule 12].
public struct ScriptLimits: Sendable, Equatable {
    /// Fingers down at once through scripted input. Key `simultaneous-touches`, default 10.
    public var simultaneousTouches: Int = 10
    /// Samples in one `InjectTouches` call. Key `samples-per-call`, default 10,000.
    public var samplesPerCall: Int = 10_000
    /// Total seconds one script (or one scripted gesture) may last. Key `script-seconds`, default 60.
    public var scriptSeconds: Double = 60
    /// Calls per second one bus client may make to the host's input and window methods (a token
    /// bucket holding one second's worth). Key `calls-per-second`, default 10,000.
    public var callsPerSecond: Double = 10_000

    public init() {}
}

/// Key `log-level`: swift-log's level names.
public enum LogLevelName: String, Sendable, Equatable, CaseIterable {
    case trace, debug, info, notice, warning, error, critical
}
