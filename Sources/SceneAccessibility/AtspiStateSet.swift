/// A set of ``AtspiState``s, sent by `GetState` and in `Cache.GetItems` as two `u` words: states
/// 0–31 in the first word (bit n = state n), 32–63 in the second, as at-spi2-core defines them.
struct AtspiStateSet: OptionSet, Sendable, Hashable {
    let rawValue: UInt64

    init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    init(_ states: [AtspiState]) {
        self.init(rawValue: states.reduce(0) { $0 | (1 << UInt64($1.rawValue)) })
    }

    /// Whether `state` is in the set.
    func contains(_ state: AtspiState) -> Bool {
        rawValue & (1 << UInt64(state.rawValue)) != 0
    }

    /// Adds `state` when `condition` holds.
    mutating func insert(_ state: AtspiState, if condition: Bool) {
        if condition { formUnion(AtspiStateSet([state])) }
    }

    /// The wire form: `[states 0–31, states 32–63]`.
    var words: [UInt32] {
        [UInt32(truncatingIfNeeded: rawValue), UInt32(truncatingIfNeeded: rawValue >> 32)]
    }

    /// The states in `self` or `other` but not both, in ascending order.
    func changes(from other: AtspiStateSet) -> [AtspiState] {
        let differing = rawValue ^ other.rawValue
        return AtspiState.allCases.filter { differing & (1 << UInt64($0.rawValue)) != 0 }
    }
}
