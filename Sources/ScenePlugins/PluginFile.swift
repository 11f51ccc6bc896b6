import Glibc

/// A plugin library found on disk: the path it was found at, the file that path leads to after
/// symbolic links, and the size and modification time that identify this version of it (the probe
/// cache and the crash quarantine are keyed on them).
public struct PluginFile: Sendable, Hashable, Codable {
    /// The path as found (search folder + `lib<Name>.so`, or as given).
    public let path: String
    /// The file after every symbolic link is followed: what is mapped when it loads.
    public let realPath: String
    public let size: Int64
    /// Modification time, nanoseconds since 1970.
    public let modified: Int64

    // A public member-wise initializer, spelled out as Swift requires (`duplicates` pairs it, by shape
    // only, with other public value types').
    public init(path: String, realPath: String, size: Int64, modified: Int64) {
        self.path = path
        self.realPath = realPath
        self.size = size
        self.modified = modified
    }

    /// Whether `other` is the same version of the same file (same real path, size and modification time).
    public func isSameVersion(as other: PluginFile) -> Bool {
        realPath == other.realPath && size == other.size && modified == other.modified
    }

    /// What `stat` says about `path`.
    ///
    /// - Throws: ``PluginLoadError`` `notFound` when nothing is there, `unreadable` naming the cause
    ///   (a symbolic link loop, no permission) when something is there but cannot be reached, and
    ///   `notASharedLibrary` for a folder or other non-regular file. `plugin` is the name used in messages.
    public static func inspect(_ path: String, plugin: String) throws(PluginLoadError) -> PluginFile {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR:
                throw PluginLoadError(code: .notFound, plugin: plugin, message: "file not found: '\(path)'")
            case ELOOP:
                throw PluginLoadError(
                    code: .unreadable, plugin: plugin,
                    message: "'\(path)' is a symbolic link loop (too many levels of symbolic links); point the link at the plugin file")
            case EACCES:
                throw PluginLoadError(
                    code: .unreadable, plugin: plugin,
                    message: "'\(path)' cannot be reached: permission denied on it or a folder above it")
            default:
                throw PluginLoadError(code: .unreadable, plugin: plugin, message: "'\(path)' cannot be read: \(String(cString: strerror(code)))")
            }
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind = info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file"
            throw PluginLoadError(code: .notASharedLibrary, plugin: plugin, message: "'\(path)' is \(kind), not a plugin library (lib<Name>.so)")
        }
        let real: String
        if let resolved = realpath(path, nil) {
            real = String(cString: resolved)
            free(resolved)
        } else {
            real = path
        }
        return PluginFile(
            path: path, realPath: real, size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
