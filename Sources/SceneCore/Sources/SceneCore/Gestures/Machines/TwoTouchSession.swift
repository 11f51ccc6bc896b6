/// The finger rules that pinch and rotation share (GR-17, GR-18); each machine adds its own value.
///
/// - Before `.begin`: the first two touches are tracked. A third touch, a lift or a cancel fails.
/// - After `.begin`: further touches are not tracked. Once a finger lifts, the values freeze (no more
///   `.change`); `.end` comes when both have lifted. A cancelled touch gives `.cancel`.
struct TwoTouchSession: Sendable {
    enum Phase: Sendable {
        /// Not begun; up to two touches down.
        case possible
        /// `.begin` was output.
        case began
        /// The machine's `evaluate(at:)` reports this outcome next, then the session is finished.
        case pendingFail, pendingEnd, pendingCancel
        /// The outcome was reported; input is ignored until reset.
        case finished
    }

    var phase = Phase.possible
    private(set) var touches = TouchTable()
    /// A tracked touch moved, or the pair formed, since the last evaluation.
    var pairChangedSinceEvaluate = false

    /// True while two touches are down and the machine's values follow them. After `.begin` no touch is
    /// added, so once a finger lifted this stays false.
    var isFollowingPair: Bool {
        guard touches.count == 2 else { return false }
        switch phase {
        case .possible, .began: return true
        case .pendingFail, .pendingEnd, .pendingCancel, .finished: return false
        }
    }

    /// The two tracked touches' current locations, lower id first; nil without two touches.
    var pair: (first: Point, second: Point)? {
        guard touches.count == 2 else { return nil }
        return (touches.entries[0].location, touches.entries[1].location)
    }

    /// Tracks a new touch. Returns true when it completed the pair, so the machine records its start.
    mutating func touchBegan(_ id: UInt64, at location: Point) -> Bool {
        switch phase {
        case .possible:
            guard touches.insert(id, at: location) else { return false }
            if touches.count > 2 {
                phase = .pendingFail
                return false
            }
            guard touches.count == 2 else { return false }
            pairChangedSinceEvaluate = true
            return true
        case .began, .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return false
        }
    }

    mutating func touchMoved(_ id: UInt64, to location: Point) {
        switch phase {
        case .possible, .began:
            guard let index = touches.index(of: id), touches.entries[index].location != location else { return }
            touches.move(id, to: location)
            if isFollowingPair { pairChangedSinceEvaluate = true }
        case .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return
        }
    }

    mutating func touchEnded(_ id: UInt64, at location: Point) {
        switch phase {
        case .possible:
            guard touches.remove(id) != nil else { return }
            phase = .pendingFail
        case .began:
            // The lift location is recorded for `location`, but the values are frozen from here on.
            touches.move(id, to: location)
            guard touches.remove(id) != nil else { return }
            if touches.isEmpty { phase = .pendingEnd }
        case .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return
        }
    }

    mutating func touchCancelled(_ id: UInt64) {
        switch phase {
        case .possible:
            guard touches.remove(id) != nil else { return }
            phase = .pendingFail
        case .began:
            guard touches.remove(id) != nil else { return }
            phase = .pendingCancel
        case .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return
        }
    }

    /// Reports a pending outcome and finishes; nil when none is pending.
    mutating func takePendingOutcome() -> GestureMachineOutput? {
        let outcome: GestureMachineOutput
        switch phase {
        case .pendingFail: outcome = .fail
        case .pendingEnd: outcome = .end
        case .pendingCancel: outcome = .cancel
        case .possible, .began, .finished: return nil
        }
        phase = .finished
        return outcome
    }

    mutating func reset() {
        phase = .possible
        touches.removeAll()
        pairChangedSinceEvaluate = false
    }
}
