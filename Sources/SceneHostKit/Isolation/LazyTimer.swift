/// When a lazily armed timer is armed, and when its wake-up runs: a value the clock feeds with the
/// deadlines asked for and the times its timer fires.
struct LazyTimer: Equatable {
    enum Decision: Equatable {
        /// The armed timer fires first: keep it.
        case keep
        /// Arm the timer (replacing the armed one) for this time.
        case arm(UInt64)
        /// The deadline asked for has come: run the wake-up.
        case run
    }

    /// When the armed timer fires.
    private(set) var armedFor: UInt64?
    /// The deadline asked for last, if its wake-up has not run.
    private(set) var wanted: UInt64?

    /// A wake-up is asked for at `deadline`, replacing the one before.
    mutating func wake(at deadline: UInt64) -> Decision {
        wanted = deadline
        if let armedFor, armedFor <= deadline { return .keep }
        armedFor = deadline
        return .arm(deadline)
    }

    /// The armed timer fired at `now`.
    mutating func fired(at now: UInt64) -> Decision {
        armedFor = nil
        guard let deadline = wanted else { return .keep }
        if deadline > now {
            armedFor = deadline
            return .arm(deadline)
        }
        wanted = nil
        return .run
    }
}
