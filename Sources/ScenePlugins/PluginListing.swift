/// One plugin file on the search path as `Host1.ListPlugins` and `scenectl plugins` show it (as
/// `gst-inspect` lists GStreamer's plugins): what it says about itself and whether the host can use it.
public struct PluginListing: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        /// Mapped in the host, or in a scene process that runs (isolation: process).
        case loaded
        /// Passed its probe; loads on first use.
        case available
        /// Refused: the reason says why (the probe's or the file check's).
        case refused
        /// Crashed the host twice in a row: skipped until the file changes or the quarantine is cleared.
        case quarantined
        /// A file of the same name in an earlier folder of the search path is the one used.
        case shadowed
    }

    public var name: String
    public var version: String
    public var description: String
    /// `major.minor.patch`, or "" when the plugin names none.
    public var minimumCoreVersion: String
    /// 0 when unknown (the plugin never answered its query).
    public var abiVersion: UInt32
    public var path: String
    public var status: Status
    /// Why it is refused, quarantined or shadowed; "" otherwise.
    public var reason: String

    public init(
        name: String, version: String = "", description: String = "", minimumCoreVersion: String = "", abiVersion: UInt32 = 0,
        path: String, status: Status, reason: String = ""
    ) {
        self.name = name
        self.version = version
        self.description = description
        self.minimumCoreVersion = minimumCoreVersion
        self.abiVersion = abiVersion
        self.path = path
        self.status = status
        self.reason = reason
    }

    /// A listing from a probe's report.
    init(report: ProbeReport, path: String, status: Status) {
        self.init(
            name: report.name ?? "", version: report.version ?? "", description: report.description ?? "",
            minimumCoreVersion: report.minimumCoreVersion ?? "", abiVersion: report.abiVersion ?? 0, path: path, status: status)
    }

    /// The plugin name a file stands for: `libClock.so` → `Clock`.
    static func name(ofFile file: String) -> String {
        var name = Substring(file)
        if name.hasSuffix(".so") { name = name.dropLast(3) }
        if name.hasPrefix("lib") && name.count > 3 { name = name.dropFirst(3) }
        return String(name)
    }
}
