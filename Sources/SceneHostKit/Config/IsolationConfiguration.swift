/// Key `isolation`: whether each configured scene runs in a scene process of its own.
///
///     isolation: process            # or: none
///     isolation:                    # or the long form
///       mode: process
///       sandbox: auto               # on, off; auto = on where the kernel has Landlock
///       response-timeout: 5         # seconds before a silent scene is not responding
///       start-timeout: 10           # seconds a scene process may take to say hello
///
/// `process`, the default, runs each configured scene as `scene-host --scene-process`, so that a
/// crashing or hanging plugin takes down only its scene (docs/scene-processes.md). `none` loads every
/// plugin into the host: for debugging a plugin in a debugger, and the benchmarks' baseline.
public struct IsolationConfiguration: Sendable, Equatable {
    public enum Mode: String, Sendable, Equatable, CaseIterable {
        case none
        case process
    }

    public enum SandboxMode: String, Sendable, Equatable, CaseIterable {
        case auto
        case on
        case off
    }

    /// Key `isolation` (or `isolation.mode`), default `process`.
    public var mode: Mode = .process
    /// Key `isolation.sandbox`, default `auto`.
    public var sandbox: SandboxMode = .auto
    /// Key `isolation.response-timeout`, in seconds, default 5 (Android's input timeout).
    public var responseTimeout: Double = 5
    /// Key `isolation.start-timeout`, in seconds, default 10 (Android's process start timeout): a
    /// scene process that has not said hello by then is killed, and that counts as a crash.
    public var startTimeout: Double = 10

    public init() {}
}
