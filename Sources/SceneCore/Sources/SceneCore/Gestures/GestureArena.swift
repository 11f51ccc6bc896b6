/// The gesture arbitration of one window [GR-1 … GR-11, TD-11], as a value: decisions in, actions out.
///
/// The arena holds who takes part (``participants``, in the order they joined) and whether an
/// arbitration is running (``activity``). It reads and writes its members' stored values only
/// (``GestureArenaMember``) and never calls their code: what runs code of a recognizer, its delegate or
/// a view comes out of the arena as an ``Action`` for its owner to carry out, and what needs an answer
/// from such code comes out as a ``Question`` whose answer goes back in. The window owns one arena and
/// carries out its actions (`Window+GestureArena.swift`); the tests drive one with fake members.
///
/// One touch event, as the window runs it [GR-2]:
///
///     for each new touch:       offer(touch, to:) each enabled recognizer of the hit view and its
///                               ancestors, deepest first, in add order; a delegate may refuse   [GR-1]
///     for each participant:     if receivesTouches: its touch methods get the touches it tracks;
///                               after a cancelled one, touchesWereCancelled                     [GR-2, TD-11]
///     settle:                   unless isQuiet(), run a Settlement until it says `done`        [GR-4 … GR-10]
///     deliver to views:         holds(_:of:) says what the views must wait for                  [GR-9]
///
/// A settlement applies the transitions the members asked for, in this order [GR-5 … GR-8]:
///
///     in flight   failures, and changes of members already past possible, apply as asked; a member
///                 that begins or recognizes cuts its touches off the views                  [GR-4, GR-9]
///     leave       members asking to leave possible: those another can prevent but not prevent back
///                 fail [GR-7a]; then each, in join order: failure requirements, shouldBegin (its
///                 delegate, its views), exclusivity; the winner fails those it prevents     [GR-5 … GR-8]
///     (repeat while anything changed)
///     stalled     a member still possible with no touch down, nothing asked, nothing awaited and no
///                 timer fails, and everything settles again                                 [GR-10]
///     clean       ended touches are dropped; finished members with no touch left the arena and reset
///
/// Members that leave (disabled, removed from their view, their view removed from the window) go
/// through ``leavingTransition(of:)`` and ``remove(_:)`` [GR-11].
///
/// The owner runs the member's code between calls, never during one, so that code may change the
/// arena again (a recognizer disabled from an action, a window hidden from a delegate): each call is a
/// short access, and a settlement reads the participants afresh at each step, as a loop over the live
/// list would.
///
/// Since no code outside SceneCore runs during a call, the participants list holds every member, and
/// each member's lists every touch, for the whole of it: the arena reads them in place, without
/// retaining them (`firstIndex(in:from:where:)` and the other readers of UnretainedAccess.swift). It
/// runs on every touch event of every gesture, and retains would be most of its cost.
@MainActor
struct GestureArena<Member: GestureArenaMember> where Member.Peer == Member {
    /// Whether an arbitration is running.
    enum Activity: Equatable, Sendable {
        /// No touch event is being handled and no settlement is running: a member's change settles at
        /// once.
        case idle
        /// A touch event is being handled or a settlement is running: members' changes wait for it.
        case arbitrating
    }

    /// Members that took a touch since their last reset, in the order they joined (deepest view first
    /// within one touch [GR-1]).
    var participants: [Member] = []
    /// Whether an arbitration is running; the owner sets it around each event and settlement.
    var activity = Activity.idle

    // MARK: Joining [GR-1, GR-10]

    /// What ``offer(_:to:)`` decided.
    enum Offer: Equatable, Sendable {
        /// The member took the touch.
        case joined
        /// The member takes no new touch: it finished, or its gesture is complete and waits for
        /// others to fail [GR-10, GR-8].
        case declined
        /// The member's delegate must consent first (`shouldReceive(event)`, then `shouldReceive(touch)`)
        /// [GR-1]; on a yes, call ``join(_:_:)``.
        case needsConsent
    }

    /// Offers a new touch to `member` [GR-1]: a member that finished (or waits for failure
    /// requirements) keeps its state until its touches are gone and takes no new one [GR-10]; one that
    /// may have a delegate asks it first; otherwise it joins now.
    mutating func offer(_ touch: Touch, to member: Member) -> Offer {
        switch member.standing {
        case .outside: break
        case .participating: if member.state.isFinished { return .declined }
        case .awaitingFailure: return .declined
        }
        if member.mayHaveDelegate { return .needsConsent }
        join(touch, member)
        return .joined
    }

    /// `member` takes `touch`: it tracks it from now on, and joins the arena if it was outside.
    mutating func join(_ touch: Touch, _ member: Member) {
        member.trackedTouches.append(touch)
        member.touchesSinceReset.append(touch)
        if !member.standing.isParticipating {
            member.standing = .participating
            participants.append(member)
        }
    }

    // MARK: Feeding [GR-2, TD-11]

    /// True when `member` still gets the touches it tracks: it has not finished [GR-10].
    @inline(__always)
    static func receivesTouches(_ member: Member) -> Bool {
        !member.state.isFinished
    }

    /// `member` was given cancelled touches [TD-11]: a member that has begun asks to be cancelled
    /// (unless it asked to end or be cancelled already), one still possible asks to fail.
    static func touchesWereCancelled(for member: Member) {
        switch member.state {
        case .began, .changed:
            if member.requestedState == nil || member.requestedState == .changed {
                member.requestedState = .cancelled
            }
        case .possible:
            member.requestedState = .failed
        case .ended, .cancelled, .failed:
            break
        }
    }

    // MARK: Holding deliveries [GR-9]

    /// A phase of a touch a view may have to wait for.
    enum HeldPhase: Sendable {
        /// `began` and `moved`: held by members with `delaysTouchesBegan`.
        case began
        /// `ended`: held by members with `delaysTouchesEnded`.
        case ended
    }

    /// True while the view of `touch` must wait for `phase`: a participant that took `touch`, with the
    /// matching delay flag, is still `possible` [GR-9].
    mutating func holds(_ phase: HeldPhase, of touch: Touch) -> Bool {
        firstIndex(in: &participants) { member in
            guard member.state == .possible else { return false }
            switch phase {
            case .began: guard member.delaysTouchesBegan else { return false }
            case .ended: guard member.delaysTouchesEnded else { return false }
            }
            return Self.took(touch, member)
        } != nil
    }

    // MARK: Leaving [GR-11]

    /// The transition a member makes when it stops taking part (disabled, removed from its view, or
    /// its view removed from the window) [GR-11]: cancelled if it had begun (one action), failed if it
    /// was possible, none if it had finished. Nil for a member outside the arena.
    static func leavingTransition(of member: Member) -> GestureRecognizer.State? {
        guard member.standing.isParticipating else { return nil }
        switch member.state {
        case .began, .changed: return .cancelled
        case .possible: return .failed
        case .ended, .cancelled, .failed: return nil
        }
    }

    /// Takes `member` out of the arena; its owner resets it next [GR-11].
    mutating func remove(_ member: Member) {
        participants.removeAll { $0 === member }
    }

    // MARK: Queries

    /// True when settling would change nothing (most events in the middle of a gesture): every
    /// participant is quiet. Its owner may then skip settling: the single-case shortcut.
    mutating func isQuiet() -> Bool {
        firstIndex(in: &participants) { !Self.isQuiet($0) } == nil
    }

    /// No transition asked for, not finished, and tracking at least one touch and only touches that
    /// are still down (so not stalled, and cleaning has no touch to drop and nothing to reset).
    static func isQuiet(_ member: Member) -> Bool {
        member.requestedState == nil && !member.state.isFinished && !member.trackedTouches.isEmpty
            && firstIndex(in: &member.trackedTouches, where: { $0.phase.isTerminal }) == nil
    }

    /// Still `possible` with no touch down, nothing asked for, nothing awaited and no timer [GR-10]: it
    /// can no longer recognize, so it fails.
    static func isStalled(_ member: Member) -> Bool {
        member.state == .possible && member.requestedState == nil && member.standing != .awaitingFailure
            && firstIndex(in: &member.trackedTouches, where: { !$0.phase.isTerminal }) == nil && !member.hasPendingTimer
    }

    /// True when `a` and `b` took a touch in common since their last resets [GR-6, GR-8].
    static func shareATouch(_ a: Member, _ b: Member) -> Bool {
        firstIndex(in: &a.touchesSinceReset) { touch in containsIdentical(touch, &b.touchesSinceReset) } != nil
    }

    /// True when `member` took `touch` since its last reset.
    static func took(_ touch: Touch, _ member: Member) -> Bool {
        containsIdentical(touch, &member.touchesSinceReset)
    }
}
