/// Checks that the host's `seq` numbers arrive one after another, so `watch` can prove it lost
/// nothing (or say how much it lost).
///
/// The first number seen is the baseline (signals before `watch` subscribed are not "lost"). A jump
/// forward by more than one is a gap; a number that does not grow means the sequence restarted (a new
/// host on the same bus) and becomes the new baseline.
struct SequenceTracker: Sendable, Equatable {
    /// What one number says about continuity.
    enum Observation: Sendable, Equatable {
        /// The first number seen.
        case first
        /// Exactly one more than the previous.
        case next
        /// `lost` numbers are missing before this one.
        case gap(lost: UInt64)
        /// Not larger than the previous (`previous`): the host's counter started again.
        case restart(previous: UInt64)
    }

    /// The last number seen.
    private(set) var last: UInt64?

    init() {}

    mutating func observe(_ seq: UInt64) -> Observation {
        defer { last = seq }
        guard let last else { return .first }
        if seq == last &+ 1 { return .next }
        if seq > last { return .gap(lost: seq - last - 1) }
        return .restart(previous: last)
    }

    /// The stderr line for an observation that is not in order, without the `scenectl: ` prefix.
    static func message(for observation: Observation, at seq: UInt64) -> String? {
        switch observation {
        case .first, .next:
            return nil
        case .gap(let lost):
            return "lost \(lost) signal\(lost == 1 ? "" : "s") before #\(seq)"
        case .restart(let previous):
            return "the sequence restarted at #\(seq) after #\(previous) (a new host?)"
        }
    }
}
