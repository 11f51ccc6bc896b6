import Foundation

/// Where the host looks for `lib<Name>.so`, in order:
///
/// 1. the configured folders (`plugins.folders`; `@executable_dir` is the running binary's folder,
///    relative folders are relative to the configuration file);
/// 2. the folders of `$SCENEHOST_PLUGIN_PATH` (separated by `:`);
/// 3. the user's plugin folder, `$XDG_DATA_HOME/scenehost/plugins` (`~/.local/share/scenehost/plugins`);
/// 4. the installed plugin folder: the folder of the running `scene-host` (`PREFIX/lib/scenehost`,
///    or the SwiftPM build folder during development).
///
/// A folder listed twice is searched once, at its first place. The first folder holding a file wins.
public enum PluginSearchPath {
    /// The variable whose folders come after the configured ones.
    public static let variable = "SCENEHOST_PLUGIN_PATH"

    /// The folders, in search order.
    public static func folders(
        configured: [String], configurationPath: String, executable: String, environment: [String: String]
    ) -> [String] {
        let resolved = PluginRegistry.resolveFolders(configured, configurationPath: configurationPath, executable: executable)
        let fromVariable = (environment[variable] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        let installed = (executable as NSString).deletingLastPathComponent
        var seen: Set<String> = []
        return (resolved + fromVariable + [userFolder(environment: environment), installed]).filter { folder in
            seen.insert((folder as NSString).standardizingPath).inserted
        }
    }

    /// `$XDG_DATA_HOME/scenehost/plugins`, with XDG's default `~/.local/share` for `XDG_DATA_HOME`.
    public static func userFolder(environment: [String: String]) -> String {
        XDGFolders.data(environment: environment) + "/scenehost/plugins"
    }
}

/// The XDG base directories the host uses, with the specification's defaults (an unset, empty or
/// relative value is ignored).
public enum XDGFolders {
    public static func data(environment: [String: String]) -> String {
        folder("XDG_DATA_HOME", default: "/.local/share", environment: environment)
    }

    public static func config(environment: [String: String]) -> String {
        folder("XDG_CONFIG_HOME", default: "/.config", environment: environment)
    }

    public static func cache(environment: [String: String]) -> String {
        folder("XDG_CACHE_HOME", default: "/.cache", environment: environment)
    }

    public static func state(environment: [String: String]) -> String {
        folder("XDG_STATE_HOME", default: "/.local/state", environment: environment)
    }

    private static func folder(_ name: String, default suffix: String, environment: [String: String]) -> String {
        if let value = environment[name], value.hasPrefix("/") { return value }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + suffix
    }
}
