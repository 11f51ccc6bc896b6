import Foundation
import SceneCore

extension PluginRegistry {
    /// Every plugin file on the search path (`lib*.so` in each folder, in search order, but the core's
    /// own `libSceneCore.so`) with what it
    /// says about itself and its status; `completion` runs on the main actor.
    ///
    /// Files are checked as for loading (unreadable and insecure ones are listed as refused, with the
    /// reason); loaded plugins are reported as loaded; the rest are probed in child processes off the
    /// main thread — except versions of files probed before (same real path, size and modification
    /// time), whose cached outcome is used, so a second listing probes nothing. The cache is saved
    /// afterwards when a probe added to it.
    public func catalog(completion: @escaping @MainActor ([PluginListing]) -> Void) {
        var listings: [PluginListing?] = []
        var pending: [(index: Int, file: PluginFile, plugin: String)] = []
        var firstFolder: [String: String] = [:]
        for folder in folders {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasPrefix("lib") && $0.hasSuffix(".so") && $0 != "libSceneCore.so" }.sorted()  // the core is no plugin
            for name in names {
                let path = (folder as NSString).appendingPathComponent(name)
                let plugin = PluginListing.name(ofFile: name)
                if let first = firstFolder[name] {
                    listings.append(PluginListing(
                        name: plugin, path: path, status: .shadowed, reason: "\(name) in \(first), earlier on the search path, is the one used"))
                    continue
                }
                firstFolder[name] = folder
                let file: PluginFile
                do {
                    file = try PluginFile.inspect(path, plugin: plugin)
                    if !allowInsecure { try PluginFileSecurity.check(file, plugin: plugin, hostUID: hostUserID) }
                } catch {
                    listings.append(PluginListing(name: plugin, path: path, status: .refused, reason: "\(error.code): \(error.message)"))
                    continue
                }
                if let entry = crashes.quarantine(of: file) {
                    var listing = PluginListing(name: plugin, path: path, status: .quarantined, reason: "quarantined: \(PluginCrashHistory.reason(entry))")
                    if case .success(let report)? = cache.outcome(for: file, plugin: plugin) {
                        listing = PluginListing(report: report, path: path, status: .quarantined)
                        listing.reason = "quarantined: \(PluginCrashHistory.reason(entry))"
                    }
                    listings.append(listing)
                    continue
                }
                if let loaded = loadedPlugin(atRealPath: file.realPath) {
                    listings.append(PluginListing(
                        name: loaded.name, version: loaded.version, description: loaded.description,
                        minimumCoreVersion: loaded.minimumCoreVersion?.description ?? "", abiVersion: loaded.abiVersion, path: path,
                        status: .loaded))
                    continue
                }
                listings.append(nil)
                pending.append((listings.count - 1, file, plugin))
            }
        }
        guard !pending.isEmpty else { return completion(listings.compactMap { $0 }) }
        var remaining = pending.count
        let before = cache
        for (index, file, plugin) in pending {
            probe(file, plugin: plugin, sceneName: "probe", options: [:], useCache: true) { [self] outcome in
                switch outcome {
                case .success(let report):
                    listings[index] = PluginListing(report: report, path: file.path, status: .available)
                case .failure(let error):
                    listings[index] = PluginListing(name: plugin, path: file.path, status: .refused, reason: "\(error.code): \(error.message)")
                }
                remaining -= 1
                guard remaining == 0 else { return }
                if cache != before { saveCache() }
                completion(listings.compactMap { $0 })
            }
        }
    }

    /// Writes the probe cache to its file (a failure is logged: the cache only saves time).
    func saveCache() {
        guard let cachePath else { return }
        do {
            try cache.save(path: cachePath)
        } catch {
            logWarning("cannot save the plugin probe cache to \(cachePath): \(error)")
        }
    }
}
