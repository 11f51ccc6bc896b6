import Foundation
public import Logging
import SceneCore

/// Finds, probes and loads plugins, once each: a plugin used by several scenes is probed and loaded
/// the first time only, and stays loaded for the life of the process.
@MainActor
public final class PluginRegistry {
    /// Resolved search folders, in order.
    public let folders: [String]
    /// The binary that runs probes (`scene-host` itself).
    public let probeExecutable: String
    public let probeTimeout: Double
    private let logger: Logger
    private var loaded: [String: LoadedPlugin] = [:]

    public init(folders: [String], probeExecutable: String, probeTimeout: Double, logger: Logger) {
        self.folders = folders
        self.probeExecutable = probeExecutable
        self.probeTimeout = probeTimeout
        self.logger = logger
    }

    /// Plugins loaded so far, by file path.
    public var loadedPlugins: [LoadedPlugin] { loaded.values.sorted { $0.path < $1.path } }

    /// The file for `plugin`: a path when it contains `/`, otherwise `lib<plugin>.so` in the first
    /// search folder that has it.
    public func resolve(_ plugin: String) throws(PluginLoadError) -> String {
        if plugin.contains("/") { return plugin }
        let file = plugin.hasSuffix(".so") ? plugin : "lib\(plugin).so"
        for folder in folders {
            let candidate = (folder as NSString).appendingPathComponent(file)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        throw PluginLoadError(
            code: .notFound, plugin: plugin,
            message: "plugin file not found: \(file) in \(folders); build it (swift build) or add its folder to plugins.folders")
    }

    /// Returns the loaded plugin, probing it in a child process first (with `sceneName` and `options`,
    /// so its scene-building code runs there) and loading it into this process when the probe passed.
    ///
    /// Blocks the main thread for the probe (typically 10–50 ms; at most the probe timeout).
    public func plugin(_ plugin: String, sceneName: String, options: [String: String]) throws(PluginLoadError) -> LoadedPlugin {
        let path = try resolve(plugin)
        if let cached = loaded[path] { return cached }
        let started = DispatchTime.now().uptimeNanoseconds
        let report = try PluginProbe.probe(
            path: path, plugin: plugin, sceneName: sceneName, options: options, executable: probeExecutable,
            timeout: probeTimeout)
        let probed = DispatchTime.now().uptimeNanoseconds
        logger.debug(
            "probe passed",
            metadata: [
                "topic": "plugins", "plugin": "\(plugin)", "plugin.path": "\(path)",
                "probe.windows": "\(report.windows ?? 0)", "probe.views": "\(report.views ?? 0)",
            ])
        let result = try PluginLoader.load(path: path, plugin: plugin)
        let finished = DispatchTime.now().uptimeNanoseconds
        loaded[path] = result
        logger.info(
            "plugin loaded",
            metadata: [
                "plugin": "\(result.name)", "plugin.version": "\(result.version)", "plugin.path": "\(path)",
                "probe.ms": "\(Self.milliseconds(probed - started))", "load.ms": "\(Self.milliseconds(finished - probed))",
            ])
        return result
    }

    /// Probes `plugin` on a background thread (unless it is loaded already) and loads it on the main
    /// actor; `completion` runs on the main actor. Afterwards ``plugin(_:sceneName:options:)`` returns
    /// it at once.
    public func prepare(
        _ plugin: String, sceneName: String, options: [String: String],
        completion: @escaping @MainActor (Result<LoadedPlugin, PluginLoadError>) -> Void
    ) {
        let path: String
        do {
            path = try resolve(plugin)
        } catch {
            return completion(.failure(error))
        }
        if let cached = loaded[path] { return completion(.success(cached)) }
        let executable = probeExecutable, timeout = probeTimeout
        DispatchQueue.global().async {
            let outcome = Result { () throws(PluginLoadError) -> ProbeReport in
                try PluginProbe.probe(
                    path: path, plugin: plugin, sceneName: sceneName, options: options, executable: executable, timeout: timeout)
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    switch outcome {
                    case .failure(let error):
                        completion(.failure(error))
                    case .success:
                        do throws(PluginLoadError) {
                            if self.loaded[path] == nil { self.loaded[path] = try PluginLoader.load(path: path, plugin: plugin) }
                            completion(.success(self.loaded[path]!))
                        } catch {
                            completion(.failure(error))
                        }
                    }
                }
            }
        }
    }

    /// Nanoseconds as milliseconds with one decimal, for the log.
    nonisolated static func milliseconds(_ nanoseconds: UInt64) -> String {
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
