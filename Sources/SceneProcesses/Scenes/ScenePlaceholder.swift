/// What a scene's window shows instead of its picture.
public enum ScenePlaceholder: Hashable, Sendable {
    /// The process crashed (and is restarting, or quarantined).
    case crashed(SceneExit, quarantined: Bool)
    /// The process has not answered for the response timeout (its last picture, marked so).
    case notResponding
}
