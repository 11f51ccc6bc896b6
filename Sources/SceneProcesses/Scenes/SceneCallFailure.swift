/// Why a call to a scene (an input or a query) fails without an answer.
public enum SceneCallFailure: Hashable, Sendable {
    /// The scene's process crashed (or is quarantined after crashing) before answering.
    case crashed
    /// The scene did not answer within the response timeout.
    case notResponding
    /// The input waited behind a busy scene when the user touched another scene, and was dropped.
    case dropped
    /// The scene was reloaded or stopped before answering.
    case stopped
}
