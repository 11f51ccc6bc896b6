/// How patient the board is with a scene process, in nanoseconds of real (monotonic) time: a hung
/// process is hung whatever a virtual clock says.
public struct SceneSupervisionPolicy: Hashable, Sendable {
    /// How long an input or a query may stay unanswered before the scene is not responding, and the
    /// call fails (`isolation.response-timeout`; Android's input timeout, 5 s).
    public var responseTimeout: UInt64
    /// How long a new process may take to say hello.
    public var startTimeout: UInt64
    /// The wait before each automatic restart after a crash, by how many crashes in a row there
    /// have been (the last entry repeats).
    public var restartDelays: [UInt64]
    /// Crashes in a row after which the plugin is quarantined and not restarted by itself.
    public var crashesBeforeQuarantine: Int
    /// A process that runs this long after its hello has broken the streak: its next crash is the
    /// first in a row again.
    public var stableAfter: UInt64
    /// How long an input may stay unanswered after its delivery before a touch on another scene
    /// drops the inputs queued behind it (Android's 0.5 s for events waiting on an unresponsive
    /// window, `STREAM_AHEAD_EVENT_TIMEOUT`).
    public var staleAfter: UInt64

    public init(
        responseTimeout: UInt64 = 5_000_000_000, startTimeout: UInt64 = 5_000_000_000,
        restartDelays: [UInt64] = [100_000_000, 1_000_000_000], crashesBeforeQuarantine: Int = 2, stableAfter: UInt64 = 30_000_000_000,
        staleAfter: UInt64 = 500_000_000
    ) {
        self.staleAfter = staleAfter
        self.responseTimeout = responseTimeout
        self.startTimeout = startTimeout
        self.restartDelays = restartDelays.isEmpty ? [0] : restartDelays
        self.crashesBeforeQuarantine = max(1, crashesBeforeQuarantine)
        self.stableAfter = stableAfter
    }

    func restartDelay(afterCrashes count: Int) -> UInt64 {
        restartDelays[min(max(count - 1, 0), restartDelays.count - 1)]
    }
}
