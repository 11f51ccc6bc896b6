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
    /// It could not load its plugin, and said why (the loader's refusal, in its words) before it
    /// exited: a restart would be refused again.
    case refused(String)

    public var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signaled(let signal): "killed by signal \(signal)\(Self.signalNames[signal].map { " (\($0))" } ?? "")"
        case .startTimedOut: "did not start in time"
        case .couldNotStart(let reason): "could not start: \(reason)"
        case .refused(let reason): reason
        }
    }

    /// The names of the signals a crashing or killed process ends with (Linux numbers).
    static let signalNames: [Int32: String] = [
        1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL",
        11: "SIGSEGV", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM", 24: "SIGXCPU", 25: "SIGXFSZ", 31: "SIGSYS",
    ]
}
