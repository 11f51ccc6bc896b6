import Foundation
import Glibc
public import Logging
import SceneCore

/// Finds, checks, probes and loads plugins, once each: a plugin used by several scenes is probed and
/// loaded the first time only, and stays loaded for the life of the process.
///
/// Before anything of a plugin runs, its file is located (a symbolic link loop or an unreadable file
/// is said to be one, not "not found") and checked as sshd's `StrictModes` checks key files
/// (``PluginFileSecurity``). Then it is probed in a child process on a background queue
/// (``prepare(_:sceneName:options:completion:)``; the main thread never waits for a probe), refused
/// when another file of the same plugin is loaded already, and finally mapped into this process.
@MainActor
public final class PluginRegistry {
    /// Resolved search folders, in order.
    public let folders: [String]
    /// The binary that runs probes (`scene-host` itself).
    public let probeExecutable: String
    public let probeTimeout: Double
    /// Whether files failing the ownership and permission check are loaded anyway.
    public let allowInsecure: Bool
    /// Whether probes run with Swift's backtracer on and a crash's backtrace is logged (the
    /// `plugins` diagnostics topic).
    public let diagnoseCrashes: Bool
    private let logger: Logger
    private let hostUID = getuid()
    /// Loaded plugins by real path.
    private var loaded: [String: LoadedPlugin] = [:]
    /// Probes under way, by real path: who waits for each.
    private var waiting: [String: [@MainActor (Result<ProbeReport, PluginLoadError>) -> Void]] = [:]
    /// Probes waiting for a free slot, and how many run.
    private var queued: [@MainActor () -> Void] = []
    private var running = 0
    /// Probes at once: one per processor (at least two).
    let concurrentProbes = max(2, ProcessInfo.processInfo.activeProcessorCount)
    /// What probes found, by file version (see ``ProbeCache``), and where it is kept between runs.
    var cache: ProbeCache
    let cachePath: String?
    /// Which plugins crashed the host, and which are quarantined (see ``PluginCrashHistory``), and the
    /// folder of its file and of the crash record.
    public private(set) var crashes = PluginCrashHistory()
    let stateFolder: String?

    /// - Parameters:
    ///   - cachePath: the file probe results are kept in between runs (nil: memory only).
    ///   - stateFolder: where the crash history and the crash record are (nil: no quarantine).
    public init(
        folders: [String], probeExecutable: String, probeTimeout: Double, allowInsecure: Bool = false, diagnoseCrashes: Bool = false,
        cachePath: String? = nil, stateFolder: String? = nil, logger: Logger
    ) {
        let hostKey = ProbeCache.hostKey(executable: probeExecutable)
        cache = cachePath.map { ProbeCache.load(path: $0, hostKey: hostKey) } ?? ProbeCache(hostKey: hostKey)
        self.cachePath = cachePath
        self.stateFolder = stateFolder
        if let stateFolder { crashes = PluginCrashHistory.load(path: stateFolder + "/plugin-crashes.json") }
        self.folders = folders
        self.probeExecutable = probeExecutable
        self.probeTimeout = probeTimeout
        self.allowInsecure = allowInsecure
        self.diagnoseCrashes = diagnoseCrashes
        self.logger = logger
    }

    /// The loaded plugin mapped from `realPath`, if any.
    func loadedPlugin(atRealPath realPath: String) -> LoadedPlugin? { loaded[realPath] }

    /// The host's user, whose files (and root's) plugins may be.
    var hostUserID: UInt32 { hostUID }

    func logWarning(_ message: String) {
        logger.warning("\(message)", metadata: ["topic": "plugins"])
    }

    func logError(_ message: String) {
        logger.error("\(message)", metadata: ["topic": "plugins"])
    }

    func logInfo(_ message: String) {
        logger.info("\(message)", metadata: ["topic": "plugins"])
    }

    /// Changes the crash history and saves it (a failure is logged: the history only protects).
    @discardableResult
    func updateCrashes<Result>(_ change: (inout PluginCrashHistory) -> Result) -> Result {
        let result = change(&crashes)
        if let stateFolder {
            do {
                try crashes.save(path: stateFolder + "/plugin-crashes.json")
            } catch {
                logWarning("cannot save the plugin crash history in \(stateFolder): \(error)")
            }
        }
        return result
    }

    /// Plugins loaded so far, by file path.
    public var loadedPlugins: [LoadedPlugin] { loaded.values.sorted { $0.path < $1.path } }

    /// The file for `plugin`: a path when it contains `/`, otherwise `lib<plugin>.so` in the first
    /// search folder that has it; checked for ownership and permissions unless ``allowInsecure``.
    public func locate(_ plugin: String) throws(PluginLoadError) -> PluginFile {
        guard !plugin.isEmpty else {
            throw PluginLoadError(
                code: .invalidName, plugin: "''",
                message: "the plugin name '' is empty: give a plugin name such as FindView (lib<Name>.so in the search folders) or a path to a .so")
        }
        guard !plugin.contains("\0") else {
            throw PluginLoadError(code: .invalidName, plugin: plugin, message: "the plugin name '\(plugin)' contains a NUL character")
        }
        let file = try find(plugin)
        if !allowInsecure { try PluginFileSecurity.check(file, plugin: plugin, hostUID: hostUID) }
        if let entry = crashes.quarantine(of: file) {
            throw PluginLoadError(code: .quarantined, plugin: plugin, message: PluginCrashHistory.reason(entry))
        }
        return file
    }

    private func find(_ plugin: String) throws(PluginLoadError) -> PluginFile {
        if plugin.contains("/") { return try PluginFile.inspect(plugin, plugin: plugin) }
        let name = plugin.hasSuffix(".so") ? plugin : "lib\(plugin).so"
        for folder in folders {
            let candidate = (folder as NSString).appendingPathComponent(name)
            do {
                return try PluginFile.inspect(candidate, plugin: plugin)
            } catch where error.code == .notFound {
                continue
            }
        }
        throw PluginLoadError(
            code: .notFound, plugin: plugin,
            message: "plugin file not found: \(name) in \(folders); build it (swift build) or add its folder to plugins.folders")
    }

    /// Returns the loaded plugin, probing it in a child process first (with `sceneName` and `options`,
    /// so its scene-building code runs there) and loading it into this process when the probe passed.
    ///
    /// Blocks the calling thread for the probe (typically 10–50 ms; at most the probe timeout): for
    /// tests and command-line tools. The host uses ``prepare(_:sceneName:options:completion:)``.
    public func plugin(_ plugin: String, sceneName: String, options: [String: String]) throws(PluginLoadError) -> LoadedPlugin {
        let file = try locate(plugin)
        if let cached = loaded[file.realPath] { return cached }
        let started = DispatchTime.now().uptimeNanoseconds
        do {
            let report = try PluginProbe.probe(
                path: file.path, plugin: plugin, sceneName: sceneName, options: options, executable: probeExecutable,
                timeout: probeTimeout, backtrace: diagnoseCrashes, slowProbe: slowProbeReporter(file))
            return try finishLoading(file, plugin: plugin, report: report, started: started)
        } catch {
            logBacktrace(of: error, file: file)
            throw error
        }
    }

    /// Locates `plugin`, probes it on a background queue (unless it is loaded already, or this
    /// version of its file passed a probe before) and loads it on the main actor; `completion` runs
    /// on the main actor, after this method returned when a probe was needed. Requests for a file
    /// whose probe is under way wait for that probe.
    public func prepare(
        _ plugin: String, sceneName: String, options: [String: String],
        completion: @escaping @MainActor (Result<LoadedPlugin, PluginLoadError>) -> Void
    ) {
        let file: PluginFile
        do {
            file = try locate(plugin)
        } catch {
            return completion(.failure(error))
        }
        if let cached = loaded[file.realPath] { return completion(.success(cached)) }
        let started = DispatchTime.now().uptimeNanoseconds
        probe(file, plugin: plugin, sceneName: sceneName, options: options, useCache: false) { outcome in
            completion(outcome.flatMap { report in
                Result { () throws(PluginLoadError) -> LoadedPlugin in
                    try self.finishLoading(file, plugin: plugin, report: report, started: started)
                }
            })
        }
    }

    /// Probes `file` in a child process on a background queue, at most ``concurrentProbes`` at once,
    /// and records the outcome in the cache; `completion` runs on the main actor. With `useCache`, a
    /// cached outcome for this version of the file answers at once.
    func probe(
        _ file: PluginFile, plugin: String, sceneName: String, options: [String: String], useCache: Bool,
        completion: @escaping @MainActor (Result<ProbeReport, PluginLoadError>) -> Void
    ) {
        if useCache, let outcome = cache.outcome(for: file, plugin: plugin) { return completion(outcome) }
        if waiting[file.realPath] != nil {
            waiting[file.realPath]?.append(completion)
            return
        }
        waiting[file.realPath] = [completion]
        let executable = probeExecutable, timeout = probeTimeout, backtrace = diagnoseCrashes
        let slowProbe = slowProbeReporter(file)
        let start: @MainActor () -> Void = { [self] in
            running += 1
            // A serial queue of its own: the probe blocks its thread while the child runs, and a
            // serial queue's thread is not one of the global pool's (whose first worker would start
            // libdispatch's once-a-second pool monitor in an idle board: MainThreadTasks).
            DispatchQueue(label: "org.scenehost.probe").async {
                let outcome = Result { () throws(PluginLoadError) -> ProbeReport in
                    try PluginProbe.probe(
                        path: file.path, plugin: plugin, sceneName: sceneName, options: options, executable: executable, timeout: timeout,
                        backtrace: backtrace, slowProbe: slowProbe)
                }
                DispatchQueue.main.async {
                    MainActor.assumeIsolated {
                        self.running -= 1
                        if !self.queued.isEmpty { self.queued.removeFirst()() }
                        if case .failure(let error) = outcome { self.logBacktrace(of: error, file: file) }
                        self.logger.debug(
                            "probe finished",
                            metadata: [
                                "topic": "plugins", "plugin": "\(plugin)", "plugin.path": "\(file.path)",
                                "outcome": "\((try? outcome.get()).map { _ in "passed" } ?? "refused")",
                            ])
                        self.cache.record(outcome, for: file)
                        let waiters = self.waiting.removeValue(forKey: file.realPath) ?? []
                        for waiter in waiters { waiter(outcome) }
                    }
                }
            }
        }
        if running < concurrentProbes { start() } else { queued.append(start) }
    }

    /// Logs that a probe of `file` ran out of its first time limit and is tried again (from the thread
    /// that runs the probe).
    private func slowProbeReporter(_ file: PluginFile) -> @Sendable (String) -> Void {
        { [logger] message in
            logger.warning("\(message)", metadata: ["topic": "plugins", "plugin.path": "\(file.path)"])
        }
    }

    /// After a passed probe: refuses a second copy of a loaded plugin, then maps the file here.
    private func finishLoading(_ file: PluginFile, plugin: String, report: ProbeReport, started: UInt64) throws(PluginLoadError)
        -> LoadedPlugin
    {
        if let cached = loaded[file.realPath] { return cached }
        let probed = DispatchTime.now().uptimeNanoseconds
        logger.debug(
            "probe passed",
            metadata: [
                "topic": "plugins", "plugin": "\(plugin)", "plugin.path": "\(file.path)",
                "probe.windows": "\(report.windows ?? 0)", "probe.views": "\(report.views ?? 0)",
            ])
        if let name = report.name, let other = loaded.values.first(where: { $0.name == name }) {
            throw PluginLoadError(
                code: .alreadyLoaded, plugin: plugin,
                message: "plugin '\(name)' is already loaded from '\(other.file.realPath)'; a second copy from '\(file.realPath)' is refused (two copies of one module cannot share a process): load '\(name)' by name, or rename the copy's module")
        }
        let result = try PluginLoader.load(path: file.path, plugin: plugin)
        let finished = DispatchTime.now().uptimeNanoseconds
        loaded[file.realPath] = result
        CrashGuard.register(result.file)
        logger.info(
            "plugin loaded",
            metadata: [
                "plugin": "\(result.name)", "plugin.version": "\(result.version)", "plugin.path": "\(file.path)",
                "probe.ms": "\(Self.milliseconds(probed - started))", "load.ms": "\(Self.milliseconds(finished - probed))",
            ])
        return result
    }

    /// Under the `plugins` diagnostics topic: the symbolicated backtrace of a probe that crashed.
    private func logBacktrace(of error: PluginLoadError, file: PluginFile) {
        guard let backtrace = error.backtrace else { return }
        logger.debug(
            "probe crash backtrace:\n  \(backtrace.lines.joined(separator: "\n  "))",
            metadata: ["topic": "plugins", "plugin": "\(error.plugin)", "plugin.path": "\(file.path)"])
    }

    /// Nanoseconds as milliseconds with one decimal, for the log.
    nonisolated package static func milliseconds(_ nanoseconds: UInt64) -> String {
        String(format: "%.1f", Double(nanoseconds) / 1e6)
    }

    /// The search folders a configuration asks for: `@executable_dir` becomes the folder of the
    /// running binary; relative folders are relative to the configuration file's folder.
    public nonisolated static func resolveFolders(_ folders: [String], configurationPath: String, executable: String) -> [String] {
        let executableFolder = (executable as NSString).deletingLastPathComponent
        let base = configurationPath.isEmpty
            ? FileManager.default.currentDirectoryPath
            : (configurationPath as NSString).deletingLastPathComponent
        return folders.map { folder in
            if folder == "@executable_dir" { return executableFolder }
            if folder.hasPrefix("/") { return folder }
            return ((base.isEmpty ? "." : base) as NSString).appendingPathComponent(folder)
        }
    }
}
