import SceneCore

/// When a child process (a plugin probe or validation) is killed for taking too long, as a value:
/// events in, the next deadline or a verdict out.
///
/// The limit counts from the moment the child says it runs its own code (``ChildProcess/runningMarker``),
/// not from the spawn: starting a process and loading its libraries can take seconds on a busy
/// machine (or under a sanitizer) and is never the plugin's fault. Until the child says so, a
/// separate, generous ``startLimit`` applies.
struct ChildDeadline: Equatable {
    /// Where the child is.
    enum Phase: Equatable {
        /// Spawned, not yet running its own code.
        case starting
        /// Running its own code since `elapsed` seconds after the spawn.
        case running(since: Double)
        /// Killed for a limit: while starting, or this many seconds after it started running.
        case killed(Stage)
        /// Ended by itself.
        case ended
    }

    /// Which limit a killed child exceeded.
    enum Stage: Equatable, Sendable, CustomStringConvertible {
        case starting
        case running(startedAfter: Double)

        /// Says which limit it was, for a message: "of running (it started after 0.2 s)".
        var description: String {
            switch self {
            case .starting: "without starting to run"
            case .running(let startedAfter): "of running (it started after \(startedAfter.compactDescription) s)"
            }
        }
    }

    /// Seconds the child may run its own code.
    let runLimit: Double
    /// Seconds the child may take to start running its own code.
    let startLimit: Double
    private(set) var phase = Phase.starting

    init(runLimit: Double, startLimit: Double? = nil) {
        self.runLimit = runLimit
        self.startLimit = startLimit ?? ChildDeadline.startLimit(for: runLimit)
    }

    /// The start limit for a run limit: ten times it, at least a minute.
    static func startLimit(for runLimit: Double) -> Double { max(60, 10 * runLimit) }

    /// Seconds after the spawn at which the child is killed if nothing else happens.
    var deadline: Double? {
        switch phase {
        case .starting: startLimit
        case .running(let since): since + runLimit
        case .killed, .ended: nil
        }
    }

    /// The child said it runs, `elapsed` seconds after the spawn; returns the new deadline.
    mutating func started(at elapsed: Double) -> Double? {
        if case .starting = phase { phase = .running(since: elapsed) }
        return deadline
    }

    /// The deadline passed: returns whether to kill the child (not when it ended meanwhile).
    mutating func expired() -> Bool {
        switch phase {
        case .starting:
            phase = .killed(.starting)
            return true
        case .running(let since):
            phase = .killed(.running(startedAfter: since))
            return true
        case .killed, .ended:
            return false
        }
    }

    /// The child exited; returns the limit it was killed for, if it was.
    mutating func exited() -> Stage? {
        switch phase {
        case .killed(let stage):
            return stage
        case .starting, .running, .ended:
            phase = .ended
            return nil
        }
    }
}
