/// One window as `Window1` describes it, read in one go with the rest of the ``HostSnapshot``.
/// Encoded as is (sorted keys) in `status --json`.
struct WindowSnapshot: Sendable, Equatable, Encodable {
    /// `/org/scenehost/SceneHost/window/<number>`.
    var path: String
    /// The number at the end of the path (never reused by a host).
    var number: Int
    /// The scene's name ("" when the window has no scene).
    var scene: String
    var title: String
    /// `[x, y, width, height]` in screen points.
    var frame: [Double]
    var level: Double
    var hidden: Bool
    /// Whether this is its scene's key window.
    var isKey: Bool
    /// The first responder's reference, "" for none.
    var firstResponder: String

    /// `scene/title`, the form `--window` accepts.
    var qualifiedTitle: String {
        "\(scene)/\(title)"
    }

    /// The number at the end of a window path, or nil.
    static func number(fromPath path: String) -> Int? {
        guard let slash = path.lastIndex(of: "/"), path[..<slash].hasSuffix("/window") else { return nil }
        return Int(path[path.index(after: slash)...])
    }
}
