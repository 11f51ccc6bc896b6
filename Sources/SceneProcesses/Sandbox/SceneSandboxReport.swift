/// What ``SceneSandbox/apply(_:)`` did.
public struct SceneSandboxReport: Hashable, Sendable {
    /// The Landlock ABI enforced.
    public let landlockABI: Int
    /// Paths of the policy that do not exist here (nothing to allow).
    public let missingPaths: [String]
    /// Threads the process had when it was sandboxed (a thread created before stays unconfined by
    /// Landlock; a scene process has only its main thread then).
    public let threadsBefore: Int
}
