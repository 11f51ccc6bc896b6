public import SceneCore
public import ScenePlugins

/// Why a scene could not be connected: its plugin was refused, or the scene itself is invalid
/// (duplicate or malformed name).
public enum SceneLoadError: Error, Sendable, CustomStringConvertible {
    case plugin(PluginLoadError)
    case scene(ApplicationError)

    public var description: String {
        switch self {
        case .plugin(let error): error.description
        case .scene(let error): error.message
        }
    }
}
