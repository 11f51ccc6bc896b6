/// How a scene process ended when nobody asked it to.
public enum SceneExit: Hashable, Sendable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it (SIGSEGV, SIGABRT, SIGILL for a Swift trap).
    case signaled(Int32)
    /// It did not say hello within the start timeout and was killed.
    case startTimedOut
    /// It could not be started at all (the message says why).
    case couldNotStart(String)

    public var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signaled(let signal): "killed by signal \(signal)"
        case .startTimedOut: "did not start in time"
        case .couldNotStart(let reason): "could not start: \(reason)"
        }
    }
}
