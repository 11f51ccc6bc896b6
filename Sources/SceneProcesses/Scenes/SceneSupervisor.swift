/// The board's decisions about one scene process, as a value: events in, actions out.
///
/// The board feeds it what happens (the process was spawned, said hello, answered a call, ended; a
/// call was made; time passed; the user reloaded) and carries out the actions it returns, in order:
/// spawn or kill the process, deliver a call on the channel, fail callers with an error, announce a
/// crash or a hang, show or remove the placeholder, wake it again at a time. It does no input or
/// output and reads no clock: `now` comes with each event (monotonic nanoseconds), so tests drive it
/// with numbers.
///
/// The rules it keeps (docs/scene-processes.md):
/// - Inputs reach the scene one at a time and in order; the next is delivered when the scene
///   answers the last. Queries go at once and may be answered in any order.
/// - While the process starts, calls wait for its hello (as backboardd buffers a starting app's events).
/// - A call unanswered for the response timeout fails with `notResponding`, and the scene is not
///   responding until it answers something.
/// - Touching another scene while this one is busy with an input drops the inputs queued behind it.
/// - A crash fails every call, is announced, and restarts the process after a delay, until the
///   plugin has crashed `crashesBeforeQuarantine` times in a row: then it is quarantined and waits
///   for a reload.
public struct SceneSupervisor: Sendable {
    /// Where the process is.
    public enum Phase: Hashable, Sendable {
        /// No process, none wanted (before `start`, after `stop`).
        case stopped
        /// Spawned at `since`; its hello has not come.
        case starting(since: UInt64)
        /// Said hello; answering.
        case running
        /// An answer is overdue since `since`.
        case notResponding(since: UInt64)
        /// Killed on purpose; when its end is seen, `then` happens.
        case ending(then: AfterEnd)
        /// Crashed; spawned again at `at`.
        case waitingToRestart(at: UInt64, after: SceneExit)
        /// Crashed too often in a row; waits for a reload.
        case quarantined(after: SceneExit)
    }

    /// What follows a process's end that the board asked for.
    public enum AfterEnd: Hashable, Sendable {
        /// Spawn a new one (reload).
        case restart
        /// Stay stopped.
        case stay
        /// Count it as a crash with this cause (it was killed for not starting in time).
        case crash(SceneExit)
    }

    /// What happened.
    public enum Event: Hashable, Sendable {
        /// Start the scene (first time).
        case start
        /// The process of the last `spawn` runs as `pid`.
        case spawned(pid: Int32)
        /// The last `spawn` failed.
        case spawnFailed(String)
        /// The process said hello.
        case greeted
        /// A caller wants input `id` delivered; `allowance` nanoseconds on top of the response
        /// timeout are its own running time (a timed script answers when its last step is done).
        case input(id: UInt64, allowance: UInt64 = 0)
        /// A caller asks query `id`.
        case query(id: UInt64)
        /// The scene answered call `id` (an input's done, a query's reply or failure).
        case answered(id: UInt64)
        /// The process reported something (a signal, a frame, its pending work): its main thread
        /// runs, so an input in flight — a long script it plays step by step — is not overdue; its
        /// timeout runs again from here.
        case reported
        /// The process ended (its pidfd became readable): how, if the board did not ask for it.
        case ended(SceneExit)
        /// Time has passed (the wake-up asked for by `wake(at:)`, or any later one).
        case tick
        /// The user touched another scene: a scene stuck on its input drops the inputs queued behind it.
        case otherSceneTouched
        /// Restart the scene now, whatever its state (`Scene1.Reload`); lifts a quarantine.
        case reload
        /// End the scene for good (the board is stopping, or the scene is disconnected).
        case stop
    }

    /// What the board must do, in order.
    public enum Action: Hashable, Sendable {
        /// Start a new scene process.
        case spawn
        /// Kill process `pid` (SIGKILL).
        case kill(pid: Int32)
        /// Write call `id` to the channel now.
        case deliver(id: UInt64)
        /// Answer these callers with an error.
        case fail(ids: [UInt64], SceneCallFailure)
        /// Publish `SceneCrashed`, log it, show it in the status.
        case announceCrash(SceneExit, quarantined: Bool)
        /// Publish `SceneNotResponding`.
        case announceNotResponding
        /// The scene answers again.
        case announceResponding
        case showPlaceholder(ScenePlaceholder)
        case removePlaceholder
        /// Send `tick` at this time (monotonic nanoseconds); replaces any earlier wake-up.
        case wake(at: UInt64)
    }

    public let policy: SceneSupervisionPolicy
    public internal(set) var phase: Phase = .stopped
    /// The live process, if any.
    public internal(set) var processID: Int32?
    /// Crashes since the last process that ran stably.
    public internal(set) var crashesInARow = 0

    /// Inputs not yet delivered, with when they were made (plus their allowance: the time their
    /// timeout runs from).
    var queuedInputs: [(id: UInt64, since: UInt64)] = []
    /// The input delivered and not answered, with when its timeout runs from (its delivery, or its
    /// allowance's end); `caller` false once its caller was failed (a late
    /// answer still frees the queue).
    var inputInFlight: (id: UInt64, since: UInt64, callerWaits: Bool)?
    /// Queries delivered (or held) and not answered, with when they were made and the input queued
    /// last when they were made, which they must not overtake (nil: none was queued).
    var openQueries: [(id: UInt64, since: UInt64, delivered: Bool, after: UInt64?)] = []
    /// When the running process said hello.
    var greetedAt: UInt64?
    var lastWake: UInt64?

    public init(policy: SceneSupervisionPolicy = SceneSupervisionPolicy()) {
        self.policy = policy
    }

    /// The calls waiting for an answer, delivered or not.
    public var pendingCallCount: Int {
        queuedInputs.count + (inputInFlight?.callerWaits == true ? 1 : 0) + openQueries.count
    }

    /// Applies `event`, happening at `now`, and returns what the board must do.
    public mutating func handle(_ event: Event, now: UInt64) -> [Action] {
        var actions: [Action] = []
        switch event {
        case .start: start(now: now, into: &actions)
        case .spawned(let pid): processID = pid
        case .spawnFailed(let reason): crashed(.couldNotStart(reason), now: now, into: &actions)
        case .greeted: greeted(now: now, into: &actions)
        case .input(let id, let allowance): input(id, allowance: allowance, now: now, into: &actions)
        case .query(let id): query(id, now: now, into: &actions)
        case .answered(let id): answered(id, now: now, into: &actions)
        case .reported: reported(now: now)
        case .ended(let exit): ended(exit, now: now, into: &actions)
        case .tick: tick(now: now, into: &actions)
        case .otherSceneTouched: otherSceneTouched(now: now, into: &actions)
        case .reload: reload(now: now, into: &actions)
        case .stop: stop(into: &actions)
        }
        scheduleWake(into: &actions)
        return actions
    }

    /// The earliest time something is due: a restart, a start timeout, a call's timeout. Computed
    /// after every event (each call and answer), so without collecting the candidates in an array.
    var nextDeadline: UInt64? {
        var earliest: UInt64?
        func consider(_ deadline: UInt64) { earliest = Swift.min(earliest ?? deadline, deadline) }
        switch phase {
        case .waitingToRestart(let at, _): consider(at)
        case .starting(let since): consider(since + policy.startTimeout)
        default: break
        }
        if let inFlight = inputInFlight, inFlight.callerWaits { consider(inFlight.since + policy.responseTimeout) }
        if let first = queuedInputs.first { consider(queuedBase(first.since) + policy.responseTimeout) }
        for query in openQueries { consider(query.since + policy.responseTimeout) }
        if let greetedAt, crashesInARow > 0, case .running = phase { consider(greetedAt + policy.stableAfter) }
        return earliest
    }

    private mutating func scheduleWake(into actions: inout [Action]) {
        let deadline = nextDeadline
        guard deadline != lastWake else { return }
        lastWake = deadline
        if let deadline { actions.append(.wake(at: deadline)) }
    }
}
