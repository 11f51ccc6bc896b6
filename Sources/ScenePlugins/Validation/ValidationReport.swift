/// What the validation child (`scene-host --probe PATH --probe-validate`) found, as one JSON line.
public struct ValidationReport: Codable, Sendable, Equatable {
    /// One control the validator tapped.
    public struct Tap: Codable, Sendable, Equatable {
        /// The control's view reference (accessibility identifier or `Type#i.j`) and type.
        public var control: String
        public var type: String
        public var window: String
        /// Where the finger went down, in screen points.
        public var x: Double
        public var y: Double
        /// The view the touch hit ("" for none).
        public var hit: String
        /// Whether the touch reached the control (it, or a view inside it, was hit).
        public var reachedControl: Bool
        /// Actions sent while the finger went down and up (`name → target`).
        public var actions: [String]
        /// Lines the plugin logged meanwhile.
        public var logs: [String]
    }

    public var plugin: String
    public var name: String?
    public var version: String?
    public var description: String?
    public var minimumCoreVersion: String?
    public var abiVersion: UInt32?
    public var debugBuild: Bool?
    /// The core the child ran with.
    public var hostCoreVersion: String
    public var windows: Int = 0
    public var views: Int = 0
    /// Controls found but not tapped (hidden, disabled, not interactive), with the reason.
    public var skipped: [String] = []
    public var taps: [Tap] = []
    public var disconnected = false
    /// Set when the plugin was refused before its scene ran.
    public var errorCode: String?
    public var errorMessage: String?

    public init(plugin: String, hostCoreVersion: String) {
        self.plugin = plugin
        self.hostCoreVersion = hostCoreVersion
    }
}
