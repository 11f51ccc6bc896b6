import SceneProcesses

/// A call to a scene process that got no answer, or whose answer was a refusal.
enum SceneCallError: Error, Equatable, CustomStringConvertible {
    /// No answer: the supervisor failed the call.
    case unanswered(SceneCallFailure, scene: String)
    /// The scene process refused the query (its failure code and message), or answered with a body
    /// that does not decode.
    case refused(code: UInt16, message: String)

    var description: String {
        switch self {
        case .unanswered(.crashed, let scene): "scene '\(scene)' crashed before answering"
        case .unanswered(.notResponding, let scene): "scene '\(scene)' did not answer in time (not responding)"
        case .unanswered(.dropped, let scene): "the input to scene '\(scene)' waited behind a busy scene and was dropped when another scene was touched"
        case .unanswered(.stopped, let scene): "scene '\(scene)' was reloaded or stopped before answering"
        case .refused(_, let message): message
        }
    }
}
