/// What a sandboxed scene process may reach in the file system: everything else is refused
/// (`EACCES`), whatever the file's permissions say.
public struct SceneSandboxPolicy: Hashable, Sendable {
    /// Files and folders (with everything beneath) it may read and run: its plugin, the SDK and the
    /// system's libraries, fonts and configuration.
    public var readable: [String]
    /// Folders it may also write, create in and remove from: its own data folder.
    public var writable: [String]

    public init(readable: [String], writable: [String]) {
        self.readable = readable
        self.writable = writable
    }

    /// The policy of a scene process: its plugin's folder, the folder of `scene-host` and
    /// `libSceneCore.so` (the SDK), the system's libraries, shared data (fonts, locales), font
    /// configuration and caches, `/dev/null` and the random devices, its own `/proc/PID` (not any
    /// other process's); writing only into `dataFolder`.
    public static func scene(pluginFolder: String, executableFolder: String, dataFolder: String, home: String?, processID: Int32) -> Self {
        var readable = [
            pluginFolder, executableFolder,
            "/usr/lib", "/usr/lib64", "/lib", "/lib64", "/usr/share", "/usr/local/share", "/etc",
            "/var/cache/fontconfig", "/dev/null", "/dev/urandom", "/dev/random", "/proc/\(processID)",
        ]
        if let home {
            readable += [home + "/.cache/fontconfig", home + "/.fonts", home + "/.local/share/fonts", home + "/.config/fontconfig"]
        }
        return SceneSandboxPolicy(readable: readable, writable: [dataFolder])
    }
}
