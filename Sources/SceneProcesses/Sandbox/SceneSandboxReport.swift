/// What ``SceneSandbox/apply(_:)`` did.
public struct SceneSandboxReport: Hashable, Sendable {
    /// The Landlock ABI enforced.
    public let landlockABI: Int
    /// Paths of the policy that do not exist here (nothing to allow).
    public let missingPaths: [String]
    /// Threads the process had when it was sandboxed (a thread created before stays unconfined by
    /// Landlock; a scene process has only its main thread then).
    public let threadsBefore: Int
    /// Why libdispatch's worker monitor could not be pointed at the threads' files under the
    /// process's own /proc entry (`scene_redirect_thread_stat_opens`), or nil when it was: without
    /// it, work waiting on a global queue can end the sandboxed process.
    public let monitorProblem: String?
    /// Why refused files cannot be said (`scene_file_refusals_install`), or nil when they are: each
    /// open of a file outside the policy then writes `sandbox refused open(2) of PATH: EACCES`.
    public let fileRefusalProblem: String?
}
