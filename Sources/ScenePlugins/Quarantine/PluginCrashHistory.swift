import Foundation

/// Which plugins crashed the host, run after run, and which are quarantined for it — as GStreamer's
/// registry blacklists plugins that crash its scanner.
///
/// A plugin that crashed the host in two runs in a row (its code was on the crashed thread's stack,
/// as ``CrashGuard`` recorded) is quarantined: the host skips it, and `scenectl plugins` says why,
/// until its file changes (another size or modification time) or the user clears the quarantine. A
/// run that ends cleanly, or a crash in no plugin's code, breaks every streak below quarantine.
///
/// Kept as JSON in `$XDG_STATE_HOME/scenehost/plugin-crashes.json`; the crash record itself is the
/// small text file the signal handler writes, read and removed at the next start.
public struct PluginCrashHistory: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        /// The version of the file that crashed the host.
        public var file: PluginFile
        /// Crashes in a row.
        public var streak: Int
        public var quarantined: Bool
        public var lastSignal: Int32
        /// Seconds since 1970.
        public var lastCrash: Double
    }

    /// Crashes in a row that quarantine a plugin.
    public static let quarantineThreshold = 2

    /// By real path.
    public var entries: [String: Entry] = [:]

    public init() {}

    /// What the previous run's crash record says: the plugin file (nil when the crash was in no
    /// plugin's code) and the signal.
    public struct CrashRecord: Sendable, Equatable {
        public var file: PluginFile?
        public var signal: Int32

        /// Parses the handler's text: path, size and modification time on three lines (`-` for no
        /// plugin), then the signal number.
        public init?(text: String) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard lines.count >= 4, let size = Int64(lines[1]), let modified = Int64(lines[2]), let signal = Int32(lines[3]) else {
                return nil
            }
            file = lines[0] == "-" ? nil : PluginFile(path: lines[0], realPath: lines[0], size: size, modified: modified)
            self.signal = signal
        }
    }

    /// Counts the previous run's crash: the culprit's streak grows (quarantined at the threshold),
    /// every other streak below quarantine ends. Returns the culprit's entry.
    @discardableResult
    public mutating func absorb(_ record: CrashRecord, at date: Double) -> Entry? {
        for (path, entry) in entries where !entry.quarantined && path != record.file?.realPath {
            entries[path]?.streak = 0
        }
        entries = entries.filter { $0.value.streak > 0 || $0.value.quarantined }
        guard let file = record.file else { return nil }
        var entry = entries[file.realPath]
        if entry == nil || entry?.file.isSameVersion(as: file) == false {
            entry = Entry(file: file, streak: 0, quarantined: false, lastSignal: record.signal, lastCrash: date)
        }
        entry!.streak += 1
        entry!.lastSignal = record.signal
        entry!.lastCrash = date
        if entry!.streak >= Self.quarantineThreshold { entry!.quarantined = true }
        entries[file.realPath] = entry
        return entry
    }

    /// A clean stop: streaks below quarantine end.
    public mutating func runEndedCleanly() {
        entries = entries.filter { $0.value.quarantined }
    }

    /// The quarantine entry of this version of `file`, or nil when it is not quarantined (a changed
    /// file is not: it is another build).
    public func quarantine(of file: PluginFile) -> Entry? {
        guard let entry = entries[file.realPath], entry.quarantined, entry.file.isSameVersion(as: file) else { return nil }
        return entry
    }

    /// Lifts the quarantine of the plugins `plugin` names (a name, `lib<Name>.so`, or a path; "" for
    /// all). Returns the real paths cleared.
    public mutating func clear(_ plugin: String) -> [String] {
        let matching = entries.filter { path, entry in
            guard entry.quarantined else { return false }
            if plugin.isEmpty { return true }
            let file = (path as NSString).lastPathComponent
            return path == plugin || entry.file.path == plugin || file == plugin || file == "lib\(plugin).so"
        }.keys.sorted()
        for path in matching { entries[path] = nil }
        return matching
    }

    /// Why `entry` is quarantined, with the way out.
    public static func reason(_ entry: Entry) -> String {
        "it crashed the host \(entry.streak) times in a row (last with \(PluginProbe.signalName(entry.lastSignal)), at \(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: entry.lastCrash)))); it stays quarantined until its file changes or `scenectl plugins --clear-quarantine \(PluginListing.name(ofFile: (entry.file.realPath as NSString).lastPathComponent))`"
    }

    public static func load(path: String) -> PluginCrashHistory {
        guard let data = FileManager.default.contents(atPath: path),
            let history = try? JSONDecoder().decode(PluginCrashHistory.self, from: data)
        else { return PluginCrashHistory() }
        return history
    }

    public func save(path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
