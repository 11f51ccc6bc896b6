import DBusKit
import SceneBusContract

/// Everything `status` shows and `--window` resolves against: the host's `Host1` properties and
/// every scene and window, from one `Properties.GetAll` and one `ObjectManager.GetManagedObjects`.
struct HostSnapshot: Sendable, Equatable {
    var version: String
    /// The application's key window path, nil when there is none.
    var keyWindow: String?
    /// The key window's first responder, "" for none.
    var firstResponder: String
    /// In the host's order (`Host1.Scenes`).
    var scenes: [SceneSnapshot]
    /// Every window, by number.
    var windows: [WindowSnapshot]

    init(version: String, keyWindow: String?, firstResponder: String, scenes: [SceneSnapshot], windows: [WindowSnapshot]) {
        self.version = version
        self.keyWindow = keyWindow
        self.firstResponder = firstResponder
        self.scenes = scenes
        self.windows = windows
    }

    /// Builds a snapshot from the `a{sv}` of `GetAll(org.scenehost.Host1)` and the `a{oa{sa{sv}}}` of
    /// `GetManagedObjects`. Missing properties read as empty; objects without `Scene1` or `Window1`
    /// are ignored.
    init(hostProperties: BusValue, managedObjects: BusValue) {
        version = hostProperties["Version"]?.stringValue ?? ""
        keyWindow = Self.optionalPath(hostProperties["KeyWindow"])
        firstResponder = hostProperties["FirstResponder"]?.stringValue ?? ""
        let order = hostProperties["Scenes"]?.arrayElements?.compactMap(\.objectPathValue?.rawValue) ?? []

        var scenesByPath: [String: SceneSnapshot] = [:]
        var windows: [(window: WindowSnapshot, scenePath: String?)] = []
        for entry in managedObjects.dictionaryEntries ?? [] {
            guard let path = entry.key.objectPathValue?.rawValue else { continue }
            let interfaces = entry.value
            if let scene = interfaces[SceneBusContract.sceneInterface.rawValue] {
                scenesByPath[path] = SceneSnapshot(
                    path: path,
                    name: scene["Name"]?.stringValue ?? "",
                    plugin: scene["Plugin"]?.stringValue ?? "",
                    activationState: scene["ActivationState"]?.stringValue ?? "",
                    windows: scene["Windows"]?.arrayElements?.compactMap(\.objectPathValue?.rawValue) ?? [],
                    keyWindow: Self.optionalPath(scene["KeyWindow"]),
                    frame: scene["Frame"]?.structFields?.compactMap(\.doubleValue) ?? [],
                    minimumSize: scene["MinimumSize"]?.structFields?.compactMap(\.doubleValue) ?? [],
                    maximumSize: scene["MaximumSize"]?.structFields?.compactMap(\.doubleValue) ?? [],
                    processState: scene["Process"]?.structFields?.first?.stringValue ?? "",
                    processID: scene["Process"]?.structFields?.dropFirst().first?.uint32Value ?? 0,
                    lastExit: scene["Process"]?.structFields?.dropFirst(2).first?.stringValue ?? "")
            }
            if let window = interfaces[SceneBusContract.windowInterface.rawValue], let number = WindowSnapshot.number(fromPath: path) {
                let snapshot = WindowSnapshot(
                    path: path, number: number, scene: "",
                    title: window["Title"]?.stringValue ?? "",
                    frame: window["Frame"]?.structFields?.compactMap(\.doubleValue) ?? [],
                    level: window["Level"]?.doubleValue ?? 0,
                    hidden: window["Hidden"]?.boolValue ?? false,
                    isKey: window["IsKey"]?.boolValue ?? false,
                    firstResponder: window["FirstResponder"]?.stringValue ?? "")
                windows.append((snapshot, Self.optionalPath(window["Scene"])))
            }
        }
        let ordered = order.compactMap { scenesByPath[$0] }
        let others = scenesByPath.values.filter { !order.contains($0.path) }.sorted { $0.path < $1.path }
        scenes = ordered + others
        self.windows = windows.map { item in
            var window = item.window
            if let scenePath = item.scenePath {
                window.scene = scenesByPath[scenePath]?.name ?? String(scenePath.split(separator: "/").last ?? "")
            }
            return window
        }.sorted { $0.number < $1.number }
    }

    func scene(named name: String) -> SceneSnapshot? {
        scenes.first { $0.name == name }
    }

    /// The scene named `name`, or a usage error that lists the scenes there are.
    func requireScene(named name: String) throws -> SceneSnapshot {
        guard let match = scene(named: name) else {
            let names = scenes.map(\.name).joined(separator: ", ")
            throw ScenectlError.usage("no scene named '\(name)'; the scenes are: \(names.isEmpty ? "none" : names)")
        }
        return match
    }

    func window(atPath path: String) -> WindowSnapshot? {
        windows.first { $0.path == path }
    }

    /// The windows of `scene`, in the scene's order.
    func windows(of scene: SceneSnapshot) -> [WindowSnapshot] {
        scene.windows.compactMap(window(atPath:))
    }

    /// A path property where `/` means "none".
    private static func optionalPath(_ value: BusValue?) -> String? {
        guard let path = value?.objectPathValue?.rawValue, path != "/" else { return nil }
        return path
    }
}
