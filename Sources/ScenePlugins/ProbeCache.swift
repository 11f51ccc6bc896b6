import Foundation
import SceneCore

/// What probes found, by file version: a file whose real path, size and modification time are
/// unchanged is not probed again (GStreamer's registry does the same). Kept in memory by the
/// ``PluginRegistry`` and on disk, so that a restarted host lists its plugins without probing them.
///
/// The whole cache belongs to one host build (``hostKey``: the `scene-host` binary and the core it
/// runs with); a different host starts from an empty cache, since its verdicts could differ.
public struct ProbeCache: Codable, Sendable, Equatable {
    /// One probe's outcome.
    public struct Entry: Codable, Sendable, Equatable {
        public var file: PluginFile
        public var report: ProbeReport?
        public var refusalCode: String?
        public var refusalMessage: String?

        init(file: PluginFile, outcome: Result<ProbeReport, PluginLoadError>) {
            self.file = file
            switch outcome {
            case .success(let report): self.report = report
            case .failure(let error):
                refusalCode = error.code.name
                refusalMessage = error.message
            }
        }

        /// The outcome as the probe gave it.
        func outcome(plugin: String) -> Result<ProbeReport, PluginLoadError> {
            if let report { return .success(report) }
            let code = refusalCode.flatMap(PluginLoadError.Code.init(named:)) ?? .probeFailed
            return .failure(PluginLoadError(code: code, plugin: plugin, message: refusalMessage ?? "refused"))
        }
    }

    public var hostKey: String
    /// By real path.
    public var entries: [String: Entry] = [:]

    public init(hostKey: String) {
        self.hostKey = hostKey
    }

    /// The cached outcome for exactly this version of `file`, or nil.
    func outcome(for file: PluginFile, plugin: String) -> Result<ProbeReport, PluginLoadError>? {
        guard let entry = entries[file.realPath], entry.file.isSameVersion(as: file) else { return nil }
        return entry.outcome(plugin: plugin)
    }

    mutating func record(_ outcome: Result<ProbeReport, PluginLoadError>, for file: PluginFile) {
        // A probe child that could not run says nothing about the plugin: not kept. (A hang is kept,
        // as GStreamer's registry keeps it; changing the file, or touching it, probes it again.)
        if case .failure(let error) = outcome, error.code == .probeFailed {
            entries[file.realPath] = nil
            return
        }
        entries[file.realPath] = Entry(file: file, outcome: outcome)
    }

    /// The cache in `path` when it belongs to `hostKey`, else an empty one.
    public static func load(path: String, hostKey: String) -> ProbeCache {
        guard let data = FileManager.default.contents(atPath: path),
            let cache = try? JSONDecoder().decode(ProbeCache.self, from: data), cache.hostKey == hostKey
        else { return ProbeCache(hostKey: hostKey) }
        return cache
    }

    /// Writes the cache to `path` (a temporary file renamed over it, so a reader never sees half).
    public func save(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The identity of this host build: its binary's real path, size and modification time, and the
    /// version and ABI of the core it runs with.
    static func hostKey(executable: String) -> String {
        let binary = (try? PluginFile.inspect(executable, plugin: executable)).map { "\($0.realPath):\($0.size):\($0.modified)" } ?? executable
        return "\(binary) core \(CoreVersion.loaded) abi \(SCENE_PLUGIN_ABI_VERSION)"
    }
}
