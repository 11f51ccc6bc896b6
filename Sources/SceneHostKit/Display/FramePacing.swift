/// When the desktop display draws its next frame, as a value: what changes on its own (an animation
/// frame, a scroll view coasting, a pointer or finger moving, the wheel) is drawn at most once per
/// display refresh, so a stream of changes costs one frame per refresh; discrete input (a press, a
/// release, a key, typed text) is drawn at once, even between two refreshes, because a user waits
/// for it. Chromium makes the same split: continuous events are aligned to the next frame, discrete
/// ones are dispatched and drawn at once. Without it, a click during an animation waited for the
/// animation's next refresh slot before its own frame was even started: up to a whole refresh on top
/// of the drawing (input to photon p99 24.7 ms at 60 Hz, against 11.7 ms without an animation).
///
/// Times are seconds on one monotonic clock; the caller schedules the frame and reports when it drew.
struct FramePacing: Equatable, Sendable {
    /// Why a frame is wanted.
    enum Cause: Equatable, Sendable {
        /// A change that may be one of a stream: drawn at the next refresh slot.
        case change
        /// A press, a release, a key or typed text changed what is shown: drawn at once.
        case discreteInput
    }

    /// The frame asked for and not drawn yet.
    enum State: Equatable, Sendable {
        case idle
        /// A frame is due at `deadline`; `ticket` tells its scheduled callback from a later one.
        case scheduled(deadline: Double, ticket: UInt64)
    }

    /// Seconds between frames: one display refresh.
    var interval: Double
    private(set) var state: State = .idle
    /// When the last frame was drawn (never: far in the past).
    private(set) var lastFrame = -Double.infinity
    private var lastTicket: UInt64 = 0

    init(interval: Double) {
        self.interval = interval
    }

    /// A frame is owed and not drawn yet.
    var isScheduled: Bool { state != .idle }

    /// Asks for a frame at `now` because of `cause`. Returns the ticket and the wait (seconds from
    /// `now`) of a callback to schedule, or nil when a frame already scheduled comes soon enough (its
    /// callback stays valid). A new callback makes every earlier one stale (``isCurrent(_:)``).
    mutating func request(_ cause: Cause, now: Double) -> (ticket: UInt64, wait: Double)? {
        let deadline = cause == .discreteInput ? now : Swift.max(now, lastFrame + interval)
        if case .scheduled(let scheduled, _) = state, scheduled <= deadline { return nil }
        lastTicket &+= 1
        state = .scheduled(deadline: deadline, ticket: lastTicket)
        return (lastTicket, deadline - now)
    }

    /// Whether the callback holding `ticket` is the one to draw (a later request replaced the others).
    func isCurrent(_ ticket: UInt64) -> Bool {
        if case .scheduled(_, let current) = state { return current == ticket }
        return false
    }

    /// Whether a batch of display events asks for a frame at once: when it held discrete input (a
    /// press, a release, a key, text) and a window has something new to show — damage this batch
    /// reported, or a frame it already owed. A window's damage observer calls back once per frame
    /// (`DamageObserver.onDamage`), so in a window that owes a frame already (an animation runs, a
    /// scroll view coasts) a press reports nothing new: without the second case its highlight waited
    /// for the animation's refresh slot (input to photon p50 10.7 ms, p99 17.6 ms while a table
    /// coasted; 4.4 ms and 7.4 ms with it: BENCHMARKS.md, "Scrolling and lists").
    static func drawsAtOnce(discreteInput: Bool, reportedDamage: Bool, windowOwesFrame: Bool) -> Bool {
        discreteInput && (reportedDamage || windowOwesFrame)
    }

    /// A frame was drawn at `now` (by its callback, or early because someone waits for idle): every
    /// callback scheduled so far is stale, and the next change waits a refresh from here.
    mutating func frameDrawn(at now: Double) {
        state = .idle
        lastFrame = now
    }
}
