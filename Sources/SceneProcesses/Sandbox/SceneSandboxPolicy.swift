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
    /// configuration and caches (also where `environment` moves them: ``fontPaths(environment:readFile:)``),
    /// `/dev/null` and the random devices, its own `/proc/PID` (not any other process's); writing
    /// only into `dataFolder`. `readFile` reads the configuration file `FONTCONFIG_FILE` names.
    public static func scene(
        pluginFolder: String, executableFolder: String, dataFolder: String, environment: [String: String], processID: Int32,
        readFile: (String) -> String? = { _ in nil }
    ) -> Self {
        let readable = [
            pluginFolder, executableFolder,
            "/usr/lib", "/usr/lib64", "/lib", "/lib64", "/usr/share", "/usr/local/share", "/etc",
            "/var/cache/fontconfig", "/dev/null", "/dev/urandom", "/dev/random", "/proc/\(processID)",
        ]
        return SceneSandboxPolicy(readable: readable + fontPaths(environment: environment, readFile: readFile), writable: [dataFolder])
    }

    /// Where fontconfig looks beyond the system's folders, as the process's environment says: the
    /// configuration file `FONTCONFIG_FILE` names, with the font and cache folders its `<dir>` and
    /// `<cachedir>` elements name (as fontconfig resolves them: `prefix="relative"` against the
    /// file's folder, `prefix="xdg"` against `XDG_DATA_HOME` or `XDG_CACHE_HOME`, `~` against
    /// `HOME`), each folder of `FONTCONFIG_PATH`, then the user's fonts, configuration and cache
    /// (`XDG_DATA_HOME`, `XDG_CONFIG_HOME`, `XDG_CACHE_HOME`, else under `HOME`, and the legacy
    /// `~/.fonts`). Only the file itself is readable, not its folder (a configuration in the home
    /// folder must not open the home folder); its `<include>`s are not followed. Relative paths are
    /// left out: a scene process's working folder is not its own choice.
    public static func fontPaths(environment: [String: String], readFile: (String) -> String?) -> [String] {
        func absolute(_ path: String?) -> String? {
            guard let path, path.hasPrefix("/") else { return nil }
            return path
        }
        let home = absolute(environment["HOME"])
        let data = absolute(environment["XDG_DATA_HOME"]) ?? home.map { $0 + "/.local/share" }
        let config = absolute(environment["XDG_CONFIG_HOME"]) ?? home.map { $0 + "/.config" }
        let cache = absolute(environment["XDG_CACHE_HOME"]) ?? home.map { $0 + "/.cache" }
        var paths: [String] = []
        if let file = absolute(environment["FONTCONFIG_FILE"]), let slash = file.lastIndex(of: "/") {
            paths.append(file)
            let folder = String(file[..<slash])
            for element in ConfiguredFolder.all(in: readFile(file) ?? "") {
                let resolved: String? =
                    switch element.prefix {
                    case "relative": element.path.hasPrefix("/") ? element.path : folder + "/" + element.path
                    case "xdg": (element.isCache ? cache : data).map { $0 + "/" + element.path }
                    default:
                        element.path.hasPrefix("~/") ? home.map { $0 + element.path.dropFirst() } : absolute(element.path)
                    }
                if let resolved { paths.append(resolved) }
            }
        }
        paths += (environment["FONTCONFIG_PATH"] ?? "").split(separator: ":").compactMap { absolute(String($0)) }
        paths += [data.map { $0 + "/fonts" }, config.map { $0 + "/fontconfig" }, cache.map { $0 + "/fontconfig" }, home.map { $0 + "/.fonts" }]
            .compactMap { $0 }
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }

    /// A `<dir>` or `<cachedir>` element of a fontconfig file: its text and `prefix` attribute.
    private struct ConfiguredFolder {
        var path: String
        var prefix: String
        var isCache: Bool

        /// Every such element of `text`, in order (a plain scan: fontconfig's files are simple XML,
        /// and an element this misses only stays unreadable).
        static func all(in text: String) -> [ConfiguredFolder] {
            var found: [ConfiguredFolder] = []
            var rest = Substring(text)
            while let open = rest.firstRange(of: "<") {
                rest = rest[open.upperBound...]
                let isCache: Bool
                if rest.hasPrefix("dir") { isCache = false } else if rest.hasPrefix("cachedir") { isCache = true } else { continue }
                let name = isCache ? "cachedir" : "dir"
                let afterName = rest.index(rest.startIndex, offsetBy: name.count)
                guard afterName < rest.endIndex, rest[afterName] == ">" || rest[afterName] == " ",
                    let close = rest.firstRange(of: ">"), let end = rest.firstRange(of: "</\(name)>"), close.upperBound <= end.lowerBound
                else { continue }
                let attributes = rest[afterName..<close.lowerBound]
                var prefix = "default"
                if let start = attributes.firstRange(of: "prefix=\"") {
                    prefix = String(attributes[start.upperBound...].prefix { $0 != "\"" })
                }
                let path = String(rest[close.upperBound..<end.lowerBound].drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
                if !path.isEmpty { found.append(ConfiguredFolder(path: path, prefix: prefix, isCache: isCache)) }
                rest = rest[end.upperBound...]
            }
            return found
        }
    }
}
