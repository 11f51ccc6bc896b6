/// The desktop's input in one order across scenes, as a value: after a press, a release, a key or
/// typed text went to a scene process, the events the display read after it are held until that
/// process answered, so that what the input made the scene publish comes before the next input, to
/// this scene or another, as it does with every scene in the host. The display thread reads a batch
/// of desktop events at once (a fast `xdotool` sequence arrives as one); without the hold, a click
/// on another scene read in the same batch was published between a scene's input and the signals it
/// caused.
///
/// A process that does not answer within ``limit`` (busy, hung, stopped in a debugger) is
/// not waited for: the held events go on, and that process is not waited for again until it answers
/// the input it is late with, so a hung scene costs the desktop one limit, not one per input (the
/// other scenes are served meanwhile, as a touch on another window is on Android).
///
/// `Process` names a scene process (the board passes its stand-in's identity); times are nanoseconds
/// on one monotonic clock. The caller runs a timer at ``Decision/waitUntil(deadline:)`` and reports it
/// with ``deadlinePassed(now:)``.
struct DesktopInputOrder<Event, Process: Hashable> {
    /// What the caller does after reporting an answer or a passed deadline.
    enum Decision: Equatable {
        /// Nothing changes: keep holding, or nothing was held.
        case none
        /// Held events may be handled again: take them with ``next()``.
        case resume
        /// Hold; run a timer for ``deadlinePassed(now:)`` at `deadline`.
        case waitUntil(deadline: UInt64)
    }

    /// Whether held events may be handled.
    enum State: Equatable {
        case delivering
        /// The input numbered `serial` went to `process` and is not answered; `deadline` is when the
        /// wait ends without its answer.
        case awaiting(process: Process, serial: UInt64, deadline: UInt64)
    }

    /// Nanoseconds an answer is waited for before the held events go on without it.
    let limit: UInt64
    private(set) var state: State = .delivering
    /// Events read from the display and not handled yet, oldest first from `head`.
    private var held: [Event] = []
    private var head = 0
    /// Processes that let a wait run out, with the serial they are late with: not waited for again
    /// until they answer it.
    private var late: [Process: UInt64] = [:]

    init(limit: UInt64) {
        self.limit = limit
    }

    /// Events not handled yet.
    var heldCount: Int { held.count - head }

    /// Holds events the display read, behind those already held.
    mutating func hold(_ events: some Sequence<Event>) {
        held.append(contentsOf: events)
    }

    /// The next event to handle now: nil while an answer is awaited or nothing is held.
    mutating func next() -> Event? {
        guard case .delivering = state, head < held.count else { return nil }
        let event = held[head]
        head += 1
        if head == held.count {
            held.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= held.count {
            held.removeFirst(head)
            head = 0
        }
        return event
    }

    /// The event just handled went to `process` as input numbered `serial` that it answers: the
    /// events after it wait for the answer, at most ``limit`` from `now`. A process that is late
    /// with an earlier answer is not waited for (``Decision/none``), nor is any with a limit of 0.
    mutating func forwarded(serial: UInt64, to process: Process, now: UInt64) -> Decision {
        guard limit > 0, late[process] == nil else { return .none }
        let deadline = now &+ limit
        state = .awaiting(process: process, serial: serial, deadline: deadline)
        return .waitUntil(deadline: deadline)
    }

    /// `process` answered the input numbered `serial` (or failed it: crashed, not responding).
    mutating func answered(serial: UInt64, by process: Process) -> Decision {
        if let lateSerial = late[process], serial >= lateSerial { late[process] = nil }
        guard case .awaiting(let awaited, let awaitedSerial, _) = state, awaited == process, serial >= awaitedSerial else { return .none }
        state = .delivering
        return heldCount > 0 ? .resume : .none
    }

    /// A timer armed for a deadline fired at `now`: the awaited process, if its deadline has passed,
    /// is late and the held events go on.
    mutating func deadlinePassed(now: UInt64) -> Decision {
        guard case .awaiting(let process, let serial, let deadline) = state, now >= deadline else { return .none }
        late[process] = serial
        state = .delivering
        return heldCount > 0 ? .resume : .none
    }
}
