import SceneCore

/// When a child process (a plugin probe or validation) is killed for taking too long, as a value:
/// events in, the next deadline or a verdict out.
///
/// The limit counts from the moment the child says it runs its own code (``ChildProcess/runningMarker``),
/// not from the spawn: starting a process and loading its libraries can take seconds on a busy
/// machine (or under a sanitizer) and is never the plugin's fault. Until the child says so, a
/// separate, generous ``startLimit`` applies. Once the child reports that it crashed (the Swift
/// runtime's "Fatal error" or its backtracer's "Program crashed" on standard error), its own code has
/// stopped and the backtracer is symbolicating, which on a loaded machine can take longer than the
/// run limit: the ``crashLimit`` applies from then, so a crash is never reported as a hang.
struct ChildDeadline: Equatable {
    /// Where the child is.
    enum Phase: Equatable {
        /// Spawned, not yet running its own code.
        case starting
        /// Running its own code since `elapsed` seconds after the spawn.
        case running(since: Double)
        /// Crashed `elapsed` seconds after the spawn; its crash report is being written.
        case crashing(since: Double)
        /// Killed for a limit: while starting, or this many seconds after it started running.
        case killed(Stage)
        /// Ended by itself.
        case ended
    }

    /// Which limit a killed child exceeded.
    enum Stage: Equatable, Sendable, CustomStringConvertible {
        case starting
        case running(startedAfter: Double)
        /// The crash report took longer than the crash limit.
        case crashing(crashedAfter: Double)

        /// Says which limit it was, for a message: "of running (it started after 0.2 s)".
        var description: String {
            switch self {
            case .starting: "without starting to run"
            case .running(let startedAfter): "of running (it started after \(startedAfter.compactDescription) s)"
            case .crashing(let crashedAfter): "of writing its crash report (it crashed after \(crashedAfter.compactDescription) s)"
            }
        }
    }

    /// Seconds the child may run its own code.
    let runLimit: Double
    /// Seconds the child may take to start running its own code.
    let startLimit: Double
    /// Seconds the child may take, after it reported a crash, to write its crash report and end.
    let crashLimit: Double
    private(set) var phase = Phase.starting

    init(runLimit: Double, startLimit: Double? = nil, crashLimit: Double? = nil) {
        self.runLimit = runLimit
        self.startLimit = startLimit ?? ChildDeadline.startLimit(for: runLimit)
        self.crashLimit = crashLimit ?? ChildDeadline.startLimit(for: runLimit)
    }

    /// The start limit (and the crash limit) for a run limit: ten times it, at least a minute.
    static func startLimit(for runLimit: Double) -> Double { max(60, 10 * runLimit) }

    /// Seconds after the spawn at which the child is killed if nothing else happens.
    var deadline: Double? {
        switch phase {
        case .starting: startLimit
        case .running(let since): since + runLimit
        case .crashing(let since): since + crashLimit
        case .killed, .ended: nil
        }
    }

    /// The child said it runs, `elapsed` seconds after the spawn; returns the new deadline.
    mutating func started(at elapsed: Double) -> Double? {
        if case .starting = phase { phase = .running(since: elapsed) }
        return deadline
    }

    /// The child reported a crash, `elapsed` seconds after the spawn (whether or not it had said it
    /// runs); returns the new deadline. Nothing changes for a child already killed or ended.
    mutating func crashed(at elapsed: Double) -> Double? {
        switch phase {
        case .starting, .running: phase = .crashing(since: elapsed)
        case .crashing, .killed, .ended: break
        }
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
        case .crashing(let since):
            phase = .killed(.crashing(crashedAfter: since))
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
        case .starting, .running, .crashing, .ended:
            phase = .ended
            return nil
        }
    }
}
