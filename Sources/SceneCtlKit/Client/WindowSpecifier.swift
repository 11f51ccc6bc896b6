import ArgumentParser

/// How the command line names a window (`--window W`, `tree W`, `key W`):
///
/// - `3` or `window/3`: the window with that number;
/// - `/org/scenehost/SceneHost/window/3`: the window at that object path;
/// - `findview`: that scene's key window (or its only window when it has no key window);
/// - `gallery/Alert`: the window titled `Alert` in the scene `gallery` (the title may contain `/`).
///
/// Without one, commands use the application's key window (`Host1.KeyWindow`). Resolution works on a
/// ``HostSnapshot`` (plain data) and fails with a usage error (exit status 64) that lists the windows.
enum WindowSpecifier: Sendable, Equatable, ExpressibleByArgument, CustomStringConvertible {
    /// The application's key window.
    case keyWindow
    case number(Int)
    case path(String)
    case scene(String)
    case titled(scene: String, title: String)

    /// Parses a specifier; nil for the empty string.
    init?(argument: String) {
        guard !argument.isEmpty else { return nil }
        if let number = Int(argument), number >= 0 {
            self = .number(number)
        } else if argument.hasPrefix("/") {
            self = .path(argument)
        } else if argument.hasPrefix("window/"), let number = Int(argument.dropFirst("window/".count)), number >= 0 {
            self = .number(number)
        } else if let slash = argument.firstIndex(of: "/") {
            self = .titled(scene: String(argument[..<slash]), title: String(argument[argument.index(after: slash)...]))
        } else {
            self = .scene(argument)
        }
    }

    /// How `--help` shows the default, ``keyWindow``.
    var defaultValueDescription: String {
        self == .keyWindow ? "the application's key window" : description
    }

    var description: String {
        switch self {
        case .keyWindow: "the key window"
        case .number(let number): "\(number)"
        case .path(let path): path
        case .scene(let name): name
        case .titled(let scene, let title): "\(scene)/\(title)"
        }
    }

    /// The window this specifier names in `snapshot`.
    ///
    /// - Throws: ``ScenectlError`` (usage, exit status 64) naming the specifier, saying why it matches
    ///   nothing, and listing the windows.
    func resolve(in snapshot: HostSnapshot) throws(ScenectlError) -> WindowSnapshot {
        switch self {
        case .keyWindow:
            guard let path = snapshot.keyWindow, let window = snapshot.window(atPath: path) else {
                throw unknown("the host has no key window; choose a window with --window", snapshot)
            }
            return window
        case .number(let number):
            guard let window = snapshot.windows.first(where: { $0.number == number }) else {
                throw unknown("no window \(number)", snapshot)
            }
            return window
        case .path(let path):
            guard let window = snapshot.window(atPath: path) else {
                throw unknown("no window at \(path)", snapshot)
            }
            return window
        case .scene(let name):
            guard let scene = snapshot.scene(named: name) else {
                throw unknown("'\(name)' is neither a window number nor a scene", snapshot)
            }
            let windows = snapshot.windows(of: scene)
            if let key = scene.keyWindow, let window = snapshot.window(atPath: key) {
                return window
            }
            guard windows.count == 1 else {
                throw unknown(
                    "scene '\(name)' has no key window and \(windows.count) windows; name one as \(name)/TITLE", snapshot)
            }
            return windows[0]
        case .titled(let sceneName, let title):
            guard let scene = snapshot.scene(named: sceneName) else {
                throw unknown("no scene '\(sceneName)' (in '\(self)')", snapshot)
            }
            let matches = snapshot.windows(of: scene).filter { $0.title == title }
            guard let window = matches.first else {
                throw unknown("scene '\(sceneName)' has no window titled '\(title)'", snapshot)
            }
            guard matches.count == 1 else {
                throw unknown(
                    "scene '\(sceneName)' has \(matches.count) windows titled '\(title)'; name one by number", snapshot)
            }
            return window
        }
    }

    private func unknown(_ reason: String, _ snapshot: HostSnapshot) -> ScenectlError {
        .usage("unknown window '\(self)': \(reason).\n" + Self.listing(snapshot))
    }

    /// The windows as a usage hint: one line each with number, `scene/title`, and key or hidden marks.
    static func listing(_ snapshot: HostSnapshot) -> String {
        guard !snapshot.windows.isEmpty else {
            return "The host has no windows."
        }
        var lines = ["The windows are (name one by number, path, scene name for its key window, or SCENE/TITLE):"]
        for window in snapshot.windows {
            var marks: [String] = []
            if window.path == snapshot.keyWindow { marks.append("application key window") }
            else if window.isKey { marks.append("key in \(window.scene)") }
            if window.hidden { marks.append("hidden") }
            let suffix = marks.isEmpty ? "" : "  (" + marks.joined(separator: ", ") + ")"
            lines.append("  \(window.number)  \(window.qualifiedTitle)\(suffix)")
        }
        return lines.joined(separator: "\n")
    }
}
