@testable import SceneCore

/// A member of a ``GestureArena`` with nothing behind it: no view, no window, no actions, no delegate.
/// Its fields are what the test sets; it does what `GestureRecognizer.apply(_:)` and `performReset()`
/// promise the arena (``ArenaTester`` calls those two), nothing more.
@MainActor
final class FakeMember: GestureArenaMember, CustomStringConvertible {
    typealias Peer = FakeMember

    let name: String
    var state = GestureRecognizer.State.possible
    var requestedState: GestureRecognizer.State?
    var standing = GestureArenaStanding.outside
    var trackedTouches: [Touch] = []
    var touchesSinceReset: [Touch] = []
    var cancelsTouchesInView = true
    var delaysTouchesBegan = false
    var delaysTouchesEnded = true
    var mayHaveDelegate = false
    var mayNameFailureRequirements = true
    var explicitRequirements: [FakeMember] = []
    var dynamicRequirements: [FakeMember]?
    var hasPendingTimer = false

    init(_ name: String) {
        self.name = name
    }

    nonisolated var description: String { name }

    /// The transition as `GestureRecognizer.apply(_:)` makes it, for the arena's part: the state, the
    /// request settled, a wait for failure over.
    func apply(_ newState: GestureRecognizer.State) {
        state = newState
        requestedState = nil
        if standing == .awaitingFailure { standing = .participating }
    }

    /// The reset as `GestureRecognizer.performReset()` makes it, for the arena's part.
    func reset() {
        trackedTouches.removeAll()
        touchesSinceReset.removeAll()
        requestedState = nil
        dynamicRequirements = nil
        standing = .outside
        state = .possible
    }
}

/// Drives a ``GestureArena`` of ``FakeMember``s the way a window does, with the questions answered by
/// the test, and writes down every action and question in order (`apply B failed`, `ask prevents(A, B)`,
/// `cut off A`, `reset A`): the arena's tester, as Flutter's arena tests have theirs.
@MainActor
final class ArenaTester {
    typealias Arena = GestureArena<FakeMember>

    var arena = Arena()
    /// What was asked and done, in order.
    private(set) var log: [String] = []
    /// Answers `prevents(a, b)`; by default every member prevents every other [GR-6].
    var prevents: (FakeMember, FakeMember) -> Bool = { _, _ in true }
    /// Answers `requiresFailure(member, of: other)`; by default no member waits for another [GR-8].
    var requiresFailure: (FakeMember, FakeMember) -> Bool = { _, _ in false }
    /// Answers `mayBegin(member)`; by default every member may [GR-5].
    var mayBegin: (FakeMember) -> Bool = { _ in true }
    /// Code that runs when a transition is applied (a member's action): it may change the arena.
    var onApply: (FakeMember, GestureRecognizer.State) -> Void = { _, _ in }
    /// Whether settlements take the single-case shortcuts.
    var takesShortcuts = true
    private var nextTouch: UInt64 = 1

    /// A touch, down, bound to no window and no view.
    func touch() -> Touch {
        defer { nextTouch += 1 }
        return Touch(
            identifier: nextTouch, locationInWindow: Point(x: 0, y: 0), timestamp: 0, window: nil, view: nil, tapCount: 1)
    }

    /// Offers `touch` to each member in order, as a window offers it from the hit view up [GR-1]; a
    /// member whose delegate is asked consents.
    func offer(_ touch: Touch, to members: FakeMember...) {
        for member in members {
            switch arena.offer(touch, to: member) {
            case .joined, .declined: break
            case .needsConsent: arena.join(touch, member)
            }
        }
    }

    /// Runs one settlement to its end and returns what it asked and did.
    @discardableResult
    func settle() -> [String] {
        let start = log.count
        arena.activity = .arbitrating
        var run = Arena.Settlement(takesShortcuts: takesShortcuts)
        loop: while true {
            switch arena.advance(&run) {
            case .done:
                break loop
            case .apply(let member, let state):
                log.append("apply \(member) \(state.wireName)")
                member.apply(state)
                onApply(member, state)
            case .cutOffTouches(let member):
                log.append("cut off \(member)")
            case .reset(let member):
                log.append("reset \(member)")
                member.reset()
            case .ask(let question):
                let answer: Bool
                switch question {
                case .prevents(let a, let b):
                    answer = prevents(a, b)
                    log.append("ask prevents(\(a), \(b)) \(answer)")
                case .requiresFailure(let member, let other):
                    answer = requiresFailure(member, other)
                    log.append("ask requiresFailure(\(member), of: \(other)) \(answer)")
                case .mayBegin(let member):
                    answer = mayBegin(member)
                    log.append("ask mayBegin(\(member)) \(answer)")
                }
                run.answer(answer)
            }
        }
        arena.activity = .idle
        return Array(log[start...])
    }

    /// Whether the view of `touch` must wait for `phase` [GR-9].
    func holds(_ phase: Arena.HeldPhase, of touch: Touch) -> Bool {
        arena.holds(phase, of: touch)
    }

    /// Whether settling would change nothing.
    func isQuiet() -> Bool {
        arena.isQuiet()
    }

    /// Ends `touch` (its finger lifts).
    func lift(_ touch: Touch) {
        touch.phase = .ended
    }
}
