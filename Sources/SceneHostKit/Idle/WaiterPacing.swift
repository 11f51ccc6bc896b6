/// When one waiter's condition may run again: the decision as a value, in nanoseconds of a monotonic
/// clock, tested alone (`WaiterPacingTests`).
///
/// A waiter's condition runs after every main-loop turn in which something happened. Most conditions
/// cost microseconds, but a waiting find by XPath on a 10,000-view window walks it and asks libxml2
/// (milliseconds): while a scene changes every turn (an animation, a drag, a scroll coasting), such a
/// waiter would take most of the main thread. So each check's own cost sets the earliest start of the
/// next one, `start + spacing × cost`: a waiter spends at most 1/``spacing`` of the main thread, and a
/// cheap condition is still checked after every change. A change before that time is never dropped:
/// the check is owed and made at the earliest time (``Decision/checkAt(_:)``), or at once if the wait
/// is about to expire (``owesCheck``).
struct WaiterPacing: Equatable {
    /// A waiter runs at most one part in `spacing` of the time.
    static let spacing: UInt64 = 4

    enum State: Equatable {
        /// Checked since the last change.
        case current
        /// A change came before ``earliest``; a wake-up for it is set.
        case owed
    }

    enum Decision: Equatable {
        /// Run the condition now.
        case check
        /// Set a wake-up for this time (nanoseconds) and check then.
        case checkAt(UInt64)
        /// Nothing to do: a wake-up is already set, or nothing is owed.
        case none
    }

    private(set) var state = State.current
    /// The earliest time the condition may run again.
    private(set) var earliest: UInt64 = 0

    /// The condition ran from `start` to `end` (and did not end the wait).
    mutating func checked(from start: UInt64, to end: UInt64) {
        state = .current
        let cost = end >= start ? end - start : 0
        let (spaced, overflow) = cost.multipliedReportingOverflow(by: Self.spacing)
        let (next, late) = start.addingReportingOverflow(spaced)
        earliest = overflow || late ? UInt64.max : next
    }

    /// Something changed at `now`.
    mutating func changed(at now: UInt64) -> Decision {
        switch state {
        case .owed:
            return .none
        case .current:
            guard now < earliest else { return .check }
            state = .owed
            return .checkAt(earliest)
        }
    }

    /// The wake-up set for an owed check ran at `now` (a timer may run a little early).
    mutating func wokeUp(at now: UInt64) -> Decision {
        guard state == .owed else { return .none }
        return now < earliest ? .checkAt(earliest) : .check
    }

    /// A change has not been checked yet (the wait's end must check it before it expires).
    var owesCheck: Bool { state == .owed }
}
