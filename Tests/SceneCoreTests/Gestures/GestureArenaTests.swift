@testable import SceneCore
import Testing

// Each test spells out its own members, touches and requests through the shared ArenaTester and
// FakeMember, so that a case reads as the GR- rule it checks; cases alike in shape (`duplicates` pairs
// them) are deliberate.

/// The gesture arena alone, with fake members: no window, no view, no recognizer. Each test sets the
/// members' states and requests, runs the arena as a window would (``ArenaTester``), and checks what
/// it asked and did, in order, against the rule it cites.
@MainActor
@Suite("Gesture arena, with fake members [GR-1 … GR-11, TD-11]")
struct GestureArenaTests {
    let tester = ArenaTester()

    /// Members A, B, C… that each took `touch`, in that order.
    func members(_ names: String..., sharing touch: Touch) -> [FakeMember] {
        let members = names.map(FakeMember.init)
        for member in members { tester.offer(touch, to: member) }
        return members
    }

    /// Two members that took one touch, in that order, each asking for the transition beside its name.
    func pair(
        _ first: (String, GestureRecognizer.State?), _ second: (String, GestureRecognizer.State?)
    ) -> (FakeMember, FakeMember) {
        let touch = tester.touch()
        let members = members(first.0, second.0, sharing: touch)
        members[0].requestedState = first.1
        members[1].requestedState = second.1
        return (members[0], members[1])
    }

    // MARK: Joining [GR-1, GR-10]

    @Test("GR-1: a member takes the touch offered and joins the arena, in the order offered")
    func membersJoinInOfferOrder() {
        let touch = tester.touch()
        let deep = FakeMember("deep"), shallow = FakeMember("shallow")
        #expect(tester.arena.offer(touch, to: deep) == .joined)
        #expect(tester.arena.offer(touch, to: shallow) == .joined)
        #expect(tester.arena.participants.map(\.name) == ["deep", "shallow"])
        #expect(deep.standing == .participating && deep.trackedTouches == [touch] && deep.touchesSinceReset == [touch])
        let second = tester.touch()
        #expect(tester.arena.offer(second, to: deep) == .joined)
        #expect(tester.arena.participants.count == 2)
        #expect(deep.trackedTouches == [touch, second])
    }

    @Test("GR-1: a member that may have a delegate takes a touch only once the delegate consents")
    func delegateConsentsFirst() {
        let touch = tester.touch()
        let member = FakeMember("A")
        member.mayHaveDelegate = true
        #expect(tester.arena.offer(touch, to: member) == .needsConsent)
        #expect(tester.arena.participants.isEmpty && member.trackedTouches.isEmpty && member.standing == .outside)
        tester.arena.join(touch, member)
        #expect(tester.arena.participants.map(\.name) == ["A"])
        #expect(member.trackedTouches == [touch])
    }

    @Test("GR-10: a member that has finished takes no new touch until it resets", arguments: [
        GestureRecognizer.State.ended, .cancelled, .failed,
    ])
    func finishedMembersDecline(state: GestureRecognizer.State) {
        let first = tester.touch()
        let member = members("A", sharing: first)[0]
        member.state = state
        #expect(tester.arena.offer(tester.touch(), to: member) == .declined)
        #expect(member.trackedTouches == [first])
    }

    @Test("GR-8, GR-10: a member whose transition waits for a requirement has completed its gesture: it takes no new touch")
    func awaitingMembersDecline() {
        let touch = tester.touch()
        let member = members("A", sharing: touch)[0]
        member.standing = .awaitingFailure
        #expect(tester.arena.offer(tester.touch(), to: member) == .declined)
    }

    // MARK: Feeding [GR-2, TD-11]

    @Test("GR-2, GR-10: members get their touches until they finish")
    func onlyUnfinishedMembersReceiveTouches() {
        let member = FakeMember("A")
        for state in GestureRecognizer.State.allCases {
            member.state = state
            #expect(ArenaTester.Arena.receivesTouches(member) == !state.isFinished)
        }
    }

    @Test("TD-11: a cancelled touch asks a begun member to be cancelled, a possible one to fail")
    func cancelledTouchesEndTheGesture() {
        let member = FakeMember("A")
        member.state = .changed
        ArenaTester.Arena.touchesWereCancelled(for: member)
        #expect(member.requestedState == .cancelled)
        member.requestedState = .ended
        ArenaTester.Arena.touchesWereCancelled(for: member)
        #expect(member.requestedState == .ended, "an end it asked for stands")
        member.state = .possible
        member.requestedState = .began
        ArenaTester.Arena.touchesWereCancelled(for: member)
        #expect(member.requestedState == .failed)
        member.state = .ended
        member.requestedState = nil
        ArenaTester.Arena.touchesWereCancelled(for: member)
        #expect(member.requestedState == nil)
    }

    // MARK: Settling [GR-4 … GR-9]

    @Test("GR-10: a quiet arena (nothing asked, every touch down) settles with no action at all")
    func quietArenaDoesNothing() {
        let touch = tester.touch()
        _ = members("A", "B", sharing: touch)
        #expect(tester.isQuiet())
        #expect(tester.settle().isEmpty)
    }

    @Test("GR-4, GR-9: failures and changes of begun members apply as asked, in join order, with no question; a change cuts off again")
    func inFlightTransitionsApplyAsAsked() {
        let touch = tester.touch()
        let (a, b, c) = tuple3(members("A", "B", "C", sharing: touch))
        a.state = .began
        a.requestedState = .changed
        b.requestedState = .failed
        c.state = .changed
        c.requestedState = .cancelled
        #expect(tester.settle() == ["apply A changed", "cut off A", "apply B failed", "apply C cancelled"])
        #expect(a.state == .changed && a.requestedState == nil)
    }

    @Test("GR-9: a begun member that ends cuts its touches off the views after its action; a cancelled one does not")
    func inFlightEndCutsTouchesOff() {
        let touch = tester.touch()
        let (a, b) = tuple2(members("A", "B", sharing: touch))
        a.state = .changed
        a.requestedState = .ended
        b.state = .began
        b.requestedState = .cancelled
        #expect(tester.settle() == ["apply A ended", "cut off A", "apply B cancelled"])
    }

    @Test("GR-9: with cancelsTouchesInView off, recognizing leaves the views their touches")
    func noCutOffWithoutCancelsTouchesInView() {
        let touch = tester.touch()
        let member = members("A", sharing: touch)[0]
        member.cancelsTouchesInView = false
        member.requestedState = .ended
        #expect(tester.settle() == ["ask mayBegin(A) true", "apply A ended"])
    }

    @Test("GR-5: leaving possible asks, in order, the requirements, whether it may begin, then exclusivity")
    func leavingPossibleOrder() {
        let touch = tester.touch()
        let (a, b) = tuple2(members("A", "B", sharing: touch))
        b.state = .began
        a.requestedState = .began
        tester.prevents = { _, _ in false }
        #expect(
            tester.settle() == [
                "ask requiresFailure(A, of: B) false", "ask mayBegin(A) true", "ask prevents(B, A) false", "apply A began",
                "cut off A",
            ])
    }

    @Test("GR-5: a no to may-it-begin fails the member, with nothing more asked")
    func mayBeginNoFails() {
        let touch = tester.touch()
        let (a, b) = tuple2(members("A", "B", sharing: touch))
        b.state = .began
        a.requestedState = .ended
        tester.mayBegin = { _ in false }
        #expect(tester.settle() == ["ask requiresFailure(A, of: B) false", "ask mayBegin(A) false", "apply A failed"])
        #expect(a.state == .failed)
    }

    @Test("GR-6: the winner fails every possible member it prevents, among those sharing a touch with it")
    func winnerFailsThoseItPrevents() {
        let touch = tester.touch()
        let (a, b, c) = tuple3(members("A", "B", "C", sharing: touch))
        let elsewhere = FakeMember("D")
        tester.offer(tester.touch(), to: elsewhere)
        a.requestedState = .ended
        tester.prevents = { _, other in other !== c }
        let log = tester.settle()
        #expect(
            log == [
                "ask requiresFailure(A, of: B) false", "ask requiresFailure(A, of: C) false", "ask mayBegin(A) true",
                "apply A ended", "cut off A", "ask prevents(A, B) true", "apply B failed", "ask prevents(A, C) false",
            ])
        #expect(b.state == .failed && c.state == .possible && elsewhere.state == .possible)
    }

    @Test("GR-6: the first to begin wins: a member prevented by one that has begun fails")
    func firstToBeginWins() {
        let touch = tester.touch()
        let (a, b) = tuple2(members("A", "B", sharing: touch))
        a.state = .changed
        b.requestedState = .began
        #expect(
            tester.settle() == [
                "ask requiresFailure(B, of: A) false", "ask mayBegin(B) true", "ask prevents(A, B) true", "apply B failed",
            ])
    }

    @Test("GR-6: a yes to simultaneity (prevents: no) lets both run together")
    func simultaneousMembersBothBegin() {
        let touch = tester.touch()
        let (a, b) = tuple2(members("A", "B", sharing: touch))
        a.state = .began
        b.requestedState = .began
        b.cancelsTouchesInView = false
        tester.prevents = { _, _ in false }
        tester.settle()
        #expect(a.state == .began && b.state == .began)
    }

    @Test("GR-7a: of two candidates, one the other prevents without being prevented back fails first")
    func dominatedCandidateFails() {
        let (single, double) = pair(("single", .ended), ("double", .ended))
        // A double tap prevents a single tap; a single tap does not prevent a double tap [GR-7].
        tester.prevents = { a, b in a === double && b === single }
        let log = tester.settle()
        #expect(
            Array(log.prefix(4)) == [
                "ask prevents(double, single) true", "ask prevents(single, double) false", "apply single failed",
                "ask prevents(single, double) false",
            ])
        #expect(single.state == .failed && double.state == .ended)
    }

    @Test("GR-7a: when both candidates prevent each other, the first in join order (the deeper view) wins")
    func tieGoesToTheDeeperView() {
        let (child, parent) = pair(("child", .ended), ("parent", .ended))
        let log = tester.settle()
        #expect(child.state == .ended && parent.state == .failed)
        #expect(log.contains("apply child ended") && log.last == "apply parent failed")
        #expect(!log.contains("ask mayBegin(parent) true"), "the loser never asks to begin")
    }

    @Test("GR-7a: without the shortcuts a lone candidate is found through the list, with the same result")
    func loneCandidateWithoutShortcuts() {
        let touch = tester.touch()
        let member = members("A", sharing: touch)[0]
        tester.takesShortcuts = false
        member.requestedState = .ended
        #expect(tester.settle() == ["ask mayBegin(A) true", "apply A ended", "cut off A"])
    }

    @Test("GR-8: a member waits while a member it requires is possible, then moves when that one fails, even with no touch event")
    func waitsForRequiredFailure() {
        let touch = tester.touch()
        let (single, double) = tuple2(members("single", "double", sharing: touch))
        single.explicitRequirements = [double]
        single.requestedState = .ended
        #expect(tester.settle() == ["ask requiresFailure(single, of: double) false"])
        #expect(single.standing == .awaitingFailure && single.state == .possible && single.requestedState == .ended)
        // A timer: the double tap fails; the waiting single tap recognizes now.
        double.requestedState = .failed
        #expect(tester.settle() == ["apply double failed", "ask mayBegin(single) true", "apply single ended", "cut off single"])
        #expect(single.standing == .participating)
    }

    @Test("GR-8: when a required member begins or recognizes, the waiting member fails")
    func requiredMemberRecognizingFailsTheWaiter() {
        let touch = tester.touch()
        let (single, double) = tuple2(members("single", "double", sharing: touch))
        single.explicitRequirements = [double]
        single.requestedState = .ended
        tester.settle()
        double.requestedState = .ended
        let log = tester.settle()
        #expect(log.contains("apply double ended"))
        #expect(log.last == "apply single failed")
        #expect(single.state == .failed)
    }

    @Test("GR-8: dynamic requirements are asked once per attempt, only of members sharing a touch, and kept until reset")
    func dynamicRequirementsAskedOnce() {
        let touch = tester.touch()
        let (a, b) = tuple2(members("A", "B", sharing: touch))
        let stranger = FakeMember("S")
        tester.offer(tester.touch(), to: stranger)
        tester.requiresFailure = { member, other in member === a && other === b }
        a.requestedState = .began
        #expect(tester.settle() == ["ask requiresFailure(A, of: B) true"])
        #expect(a.dynamicRequirements?.map(\.name) == ["B"])
        // Settling again does not ask again.
        a.requestedState = .began
        #expect(tester.settle().isEmpty)
        #expect(a.standing == .awaitingFailure)
    }

    @Test("GR-8: with the shortcuts, a pair neither of which can name a requirement (no delegate, built-in hooks) is not asked")
    func pairsThatCannotNameRequirementsAreNotAsked() {
        let touch = tester.touch()
        let (a, b, _) = tuple3(members("A", "B", "C", sharing: touch))
        a.mayNameFailureRequirements = false
        b.mayNameFailureRequirements = false
        a.requestedState = .ended
        #expect(tester.settle().prefix(2) == ["ask requiresFailure(A, of: C) false", "ask mayBegin(A) true"])
        // Without the shortcuts every pair sharing a touch is asked.
        tester.takesShortcuts = false
        let (d, _) = pair(("D", .ended), ("E", nil))
        d.mayNameFailureRequirements = false
        #expect(tester.settle().first == "ask requiresFailure(D, of: E) false")
    }

    @Test("GR-8: a required member outside the arena does not hold anyone")
    func requirementOutsideTheArenaIsIgnored() {
        let touch = tester.touch()
        let member = members("A", sharing: touch)[0]
        member.explicitRequirements = [FakeMember("gone")]
        member.requestedState = .ended
        #expect(tester.settle() == ["ask mayBegin(A) true", "apply A ended", "cut off A"])
    }

    // MARK: Holding deliveries [GR-9]

    @Test("GR-9: a touch's began waits while a member with delaysTouchesBegan is possible; ended while one with delaysTouchesEnded is")
    func holdingDeliveries() {
        let touch = tester.touch()
        let (a, b) = tuple2(members("A", "B", sharing: touch))
        a.delaysTouchesBegan = true
        a.delaysTouchesEnded = false
        b.delaysTouchesEnded = false
        #expect(tester.holds(.began, of: touch))
        #expect(!tester.holds(.ended, of: touch))
        b.delaysTouchesEnded = true
        #expect(tester.holds(.ended, of: touch))
        a.state = .failed
        b.state = .ended
        #expect(!tester.holds(.began, of: touch) && !tester.holds(.ended, of: touch))
        #expect(!tester.holds(.began, of: tester.touch()), "a touch no member took is never held")
    }

    // MARK: Stalled members, cleaning and reset [GR-10]

    @Test("GR-10: a possible member with every touch up, nothing asked and no timer fails; one with a timer waits")
    func stalledMembersFail() {
        let touch = tester.touch()
        let b = members("A", "B", sharing: touch)[1]
        b.hasPendingTimer = true
        tester.lift(touch)
        #expect(tester.settle() == ["apply A failed", "reset A"])
        #expect(b.state == .possible && b.trackedTouches.isEmpty && tester.arena.participants.map(\.name) == ["B"])
        b.hasPendingTimer = false
        #expect(tester.settle() == ["apply B failed", "reset B"])
        #expect(tester.arena.participants.isEmpty)
    }

    @Test("GR-10: a finished member stays until its last touch is up; ended touches are dropped meanwhile")
    func finishedMembersResetWhenTheirTouchesAreGone() {
        let first = tester.touch(), second = tester.touch()
        let member = members("A", sharing: first)[0]
        tester.offer(second, to: member)
        member.state = .ended
        tester.lift(first)
        #expect(tester.settle().isEmpty)
        #expect(member.trackedTouches == [second] && member.touchesSinceReset == [first, second])
        tester.lift(second)
        #expect(tester.settle() == ["reset A"])
        #expect(member.standing == .outside && member.state == .possible && member.touchesSinceReset.isEmpty)
    }

    // MARK: Leaving [GR-11]

    @Test("GR-11: a member that leaves is cancelled if it had begun, fails if possible, and leaves the arena")
    func leavingMembers() {
        let touch = tester.touch()
        let (a, b, c) = tuple3(members("A", "B", "C", sharing: touch))
        a.state = .changed
        c.state = .ended
        #expect(ArenaTester.Arena.leavingTransition(of: a) == .cancelled)
        #expect(ArenaTester.Arena.leavingTransition(of: b) == .failed)
        #expect(ArenaTester.Arena.leavingTransition(of: c) == nil)
        #expect(ArenaTester.Arena.leavingTransition(of: FakeMember("outside")) == nil)
        tester.arena.remove(b)
        #expect(tester.arena.participants.map(\.name) == ["A", "C"])
    }

    // MARK: Code that changes the arena while it settles

    @Test("GR-6, GR-11: a member removed by another's action is skipped as a loop over the live list skips it")
    func actionsMayChangeTheArena() {
        let touch = tester.touch()
        let (a, b, c) = tuple3(members("A", "B", "C", sharing: touch))
        a.requestedState = .failed
        b.requestedState = .failed
        c.requestedState = .failed
        tester.onApply = { member, _ in
            // A's action disables B: it leaves and resets.
            guard member === a else { return }
            self.tester.arena.remove(b)
            b.reset()
        }
        #expect(tester.settle() == ["apply A failed", "apply C failed"])
        #expect(tester.arena.participants.map(\.name) == ["A", "C"])
    }
}

private func tuple2<T>(_ values: [T]) -> (T, T) { (values[0], values[1]) }
private func tuple3<T>(_ values: [T]) -> (T, T, T) { (values[0], values[1], values[2]) }
