import Glibc

/// The rule sshd's `StrictModes` applies to `authorized_keys`, applied to plugin libraries: code the
/// host maps into itself must not be replaceable by another user.
///
/// The plugin file and every folder above it — along the path it was found at and along the path
/// its symbolic links lead to — must be owned by root or by the host's user, and must not be writable
/// by group or others. One exception: a folder owned by root with the sticky bit (`/tmp`) may be
/// writable by everyone, since there only an entry's owner can rename or remove it.
public enum PluginFileSecurity {
    /// Checks `file` for a host running as `hostUID`.
    ///
    /// - Throws: ``PluginLoadError`` `insecure`, naming the file or folder, its owner or mode, and the fix.
    public static func check(_ file: PluginFile, plugin: String, hostUID: UInt32) throws(PluginLoadError) {
        var checked: Set<String> = []
        for path in [file.realPath, file.path] {
            var current = absolute(path)
            var isFile = true
            while true {
                if checked.insert(current).inserted {
                    try checkOne(current, isFile: isFile, plugin: plugin, hostUID: hostUID)
                }
                if current == "/" { break }
                current = parent(of: current)
                isFile = false
            }
        }
    }

    private static func checkOne(_ path: String, isFile: Bool, plugin: String, hostUID: UInt32) throws(PluginLoadError) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }  // inspect() reported unreachable files already
        let what = isFile ? "the plugin file '\(path)'" : "the folder '\(path)'"
        let fix = "or start scene-host with --allow-insecure-plugins (plugins.allow-insecure: true)"
        if info.st_uid != 0 && info.st_uid != hostUID {
            throw PluginLoadError(
                code: .insecure, plugin: plugin,
                message: "\(what) is owned by uid \(info.st_uid), not by root or the host's user (uid \(hostUID)), so another user could replace the plugin: chown it, \(fix)")
        }
        let writableByOthers = info.st_mode & (S_IWGRP | S_IWOTH) != 0
        let stickyRootFolder = !isFile && info.st_uid == 0 && info.st_mode & S_ISVTX != 0
        if writableByOthers && !stickyRootFolder {
            let mode = String(info.st_mode & 0o7777, radix: 8)
            throw PluginLoadError(
                code: .insecure, plugin: plugin,
                message: "\(what) is writable by other users (mode 0\(mode)), so another user could replace the plugin: run chmod go-w '\(path)', \(fix)")
        }
    }

    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" + path }
        let folder = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return folder == "/" ? "/" + path : folder + "/" + path
    }

    private static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "/" }
        let parent = trimmed[..<slash]
        return parent.isEmpty ? "/" : String(parent)
    }
}
