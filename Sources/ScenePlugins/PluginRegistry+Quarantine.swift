import Foundation
import Logging

extension PluginRegistry {
    /// The crash record of the previous run, written by ``CrashGuard``.
    var crashRecordPath: String? { stateFolder.map { $0 + "/crash-record" } }

    /// Starts watching for crashes in plugin code (installs ``CrashGuard`` writing this registry's
    /// crash record). Call once, on the main thread, in the process that hosts the plugins.
    public func guardAgainstCrashes() {
        guard let stateFolder, let crashRecordPath else { return }
        try? FileManager.default.createDirectory(atPath: stateFolder, withIntermediateDirectories: true)
        if !CrashGuard.install(recordPath: crashRecordPath) {
            logWarning("cannot watch for plugin crashes (no backtrace function): crash-loop quarantine is off")
        }
        for plugin in loadedPlugins { CrashGuard.register(plugin.file) }
    }

    /// Reads the previous run's crash record, if it left one, into the crash history (a plugin that
    /// crashed the host twice in a row becomes quarantined), removes the record and saves the history.
    /// Returns the entry of the plugin that crashed, if a plugin did.
    @discardableResult
    public func absorbCrashRecord(now: Double? = nil) -> PluginCrashHistory.Entry? {
        guard let crashRecordPath, let data = FileManager.default.contents(atPath: crashRecordPath) else { return nil }
        try? FileManager.default.removeItem(atPath: crashRecordPath)
        guard let record = PluginCrashHistory.CrashRecord(text: String(decoding: data, as: UTF8.self)) else { return nil }
        let entry = updateCrashes { $0.absorb(record, at: now ?? Date().timeIntervalSince1970) }
        if let entry {
            let name = (entry.file.realPath as NSString).lastPathComponent
            if entry.quarantined {
                logError("the previous run crashed in \(name) (\(PluginProbe.signalName(record.signal))); quarantined: \(PluginCrashHistory.reason(entry))")
            } else {
                logError(
                    "the previous run crashed in \(name) (\(PluginProbe.signalName(record.signal))), \(entry.streak) time\(entry.streak == 1 ? "" : "s") in a row; at \(PluginCrashHistory.quarantineThreshold) it is quarantined")
            }
        } else {
            logError("the previous run crashed (\(PluginProbe.signalName(record.signal))) outside any plugin's code")
        }
        return entry
    }

    /// A clean stop: crash streaks below quarantine end.
    public func runEndedCleanly() {
        updateCrashes { $0.runEndedCleanly() }
    }

    /// Lifts the quarantine of the plugins `plugin` names (a name, `lib<Name>.so` or a path; "" for
    /// all) and returns the files cleared.
    public func clearQuarantine(_ plugin: String) -> [String] {
        let cleared = updateCrashes { $0.clear(plugin) }
        if !cleared.isEmpty {
            logInfo("quarantine cleared: \(cleared.joined(separator: ", "))")
        }
        return cleared
    }
}
