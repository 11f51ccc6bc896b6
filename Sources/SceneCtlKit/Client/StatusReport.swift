import Foundation
import SceneBusContract

/// What `status` prints: the host, then each scene with its windows, as text or one JSON object.
///
/// The JSON keeps the host's values as they are on the bus (`"/"` for "no window", `""` for "no first
/// responder"):
///
///     {"address": "...", "foundVia": "...", "version": "1.0.0", "keyWindow": "/org/.../window/4",
///      "firstResponder": "", "scenes": [{"path", "name", "plugin", "activationState", "keyWindow",
///      "frame": [x, y, w, h], "minimumSize": [w, h], "maximumSize": [w, h] (null where unbounded),
///      "process": {"state", "pid", "lastExit"} (state "in-host" with isolation: none),
///      "windows": [{"path", "number", "scene", "title", "frame": [x, y, w, h], "level", "hidden",
///                   "isKey", "firstResponder"}]}]}
struct StatusReport {
    var snapshot: HostSnapshot
    var candidate: HostLocator.Candidate

    private struct Document: Encodable {
        var address: String
        var foundVia: String
        var version: String
        var keyWindow: String
        var firstResponder: String
        var scenes: [Scene]
    }

    private struct Scene: Encodable {
        var path: String
        var name: String
        var plugin: String
        var activationState: String
        var keyWindow: String
        var frame: [Double]
        var minimumSize: [Double]
        /// JSON has no infinity: an unbounded dimension is null.
        var maximumSize: [Double?]
        var process: Process
        var windows: [WindowSnapshot]
    }

    private struct Process: Encodable {
        var state: String
        var pid: UInt32
        var lastExit: String
    }

    /// The report as one line of JSON with sorted keys.
    var json: String {
        let document = Document(
            address: candidate.address, foundVia: candidate.origin, version: snapshot.version,
            keyWindow: snapshot.keyWindow ?? "/", firstResponder: snapshot.firstResponder,
            scenes: snapshot.scenes.map { scene in
                Scene(
                    path: scene.path, name: scene.name, plugin: scene.plugin, activationState: scene.activationState,
                    keyWindow: scene.keyWindow ?? "/", frame: scene.frame, minimumSize: scene.minimumSize,
                    maximumSize: scene.maximumSize.map { $0.isFinite ? $0 : nil },
                    process: Process(state: scene.processState, pid: scene.processID, lastExit: scene.lastExit), windows: snapshot.windows(of: scene))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The report as text: a header, then a block per scene with one line per window.
    var text: String {
        var lines = ["scene-host \(snapshot.version) on \(candidate)"]
        let key = snapshot.keyWindow.flatMap(snapshot.window(atPath:))
        lines.append(
            "key window: \(key.map(Self.name) ?? "(none)"), first responder: \(TextFormat.orNone(snapshot.firstResponder))")
        for scene in snapshot.scenes {
            lines.append("")
            let sceneKey = scene.keyWindow.flatMap(snapshot.window(atPath:)).map { "\($0.number)" } ?? "(none)"
            let frame = scene.frame.isEmpty ? "" : ", frame \(TextFormat.frame(scene.frame))"
            lines.append(
                "scene \(scene.name): \(scene.activationState), plugin \(scene.plugin), key window \(sceneKey)\(frame)\(Self.process(of: scene))")
            let windows = snapshot.windows(of: scene)
            if windows.isEmpty {
                lines.append("  (no windows)")
            }
            for window in windows {
                var facts = [
                    "level \(TextFormat.number(window.level))", "frame \(TextFormat.frame(window.frame))",
                    window.hidden ? "hidden" : "visible",
                ]
                if window.isKey { facts.append("key") }
                facts.append("first responder \(TextFormat.orNone(window.firstResponder))")
                lines.append("  window \(window.number) \"\(window.title)\": " + facts.joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `window 4 (gallery/Alert)`.
    static func name(_ window: WindowSnapshot) -> String {
        "window \(window.number) (\(window.qualifiedTitle))"
    }

    /// A scene process's state for the scene's line ("" for a scene in the host): `, process running
    /// (pid 4242)`, `, process quarantined (last: killed by signal 4 (SIGILL))`.
    static func process(of scene: SceneSnapshot) -> String {
        guard !scene.processState.isEmpty, scene.processState != "in-host" else { return "" }
        var facts: [String] = []
        if scene.processID != 0 { facts.append("pid \(scene.processID)") }
        if !scene.lastExit.isEmpty { facts.append("last: \(scene.lastExit)") }
        return ", process \(scene.processState)" + (facts.isEmpty ? "" : " (\(facts.joined(separator: ", ")))")
    }
}
