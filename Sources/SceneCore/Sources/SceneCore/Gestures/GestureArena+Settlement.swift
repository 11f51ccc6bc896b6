extension GestureArena {
    /// One run of the settling after a touch event or an outside change [GR-4 … GR-10]: a value that
    /// remembers where the run is while its owner carries out the actions it returns.
    ///
    /// The owner makes one, then calls ``GestureArena/advance(_:)`` with it until the action is `done`,
    /// carrying out each action in between and answering each question with ``answer(_:)``. A run
    /// reads the participants afresh at each step, so code run by an action may change them (a
    /// recognizer disabled or removed from an action): members that left are skipped as a loop over the
    /// live list skips them, and the lists the rules take a copy of (the candidates of one round, the
    /// members one scan examines) keep theirs. A run lives on its owner's stack, so a touch event
    /// dispatched from inside an action settles in a run of its own.
    struct Settlement {
        /// The event takes the single-case shortcuts (`Event.takesShortcuts`): a lone candidate needs
        /// no list. Off, the general path runs (the differential tests compare the two).
        let takesShortcuts: Bool
        fileprivate var step = Step.round
        /// The answer to the question asked last.
        fileprivate var lastAnswer = false
        /// A transition was applied in this round of the in-flight and leave passes.
        fileprivate var roundChanged = false
        /// A candidate changed state in this round's leave pass.
        fileprivate var leavingChanged = false
        /// The member a step is about when no list holds it: the one whose in-flight transition was just
        /// applied, or, in the leave pass, the round's only candidate when the shortcuts spare it a list.
        fileprivate var member: Member?
        /// The members asking to leave `possible` in this round, in join order [GR-7a], when there is
        /// more than one or the shortcuts are off (nil otherwise, which costs nothing to keep).
        fileprivate var candidates: [Member]?
        /// The transition the current candidate asked for.
        fileprivate var requested = GestureRecognizer.State.possible
        /// The members the current scan examines: the participants when it began (nil between scans).
        fileprivate var scanned: [Member]?
        /// The members the current candidate must wait for, found so far [GR-8] (nil: none yet).
        fileprivate var found: [Member]?

        /// A settlement from the start.
        init(takesShortcuts: Bool) {
            self.takesShortcuts = takesShortcuts
        }

        /// The answer to the ``GestureArena/Question`` of the last action.
        mutating func answer(_ yes: Bool) {
            lastAnswer = yes
        }

        /// The round's candidates.
        fileprivate var candidateCount: Int { member == nil ? candidates?.count ?? 0 : 1 }

        fileprivate func candidate(_ index: Int) -> Member {
            member ?? candidates.unsafelyUnwrapped[index]
        }
    }

    /// Where a settlement is. The cases that wait for an answer or for an action to be carried out say
    /// so; the others are passed through. Candidates (`c`, `x`, `y`) are indices into the round's
    /// candidates; scans (`i`) into the members the scan examines.
    fileprivate enum Step {
        /// A round of the in-flight and leave passes.
        case round
        /// In-flight transitions, from the participant at this index on.
        case inFlight(Int)
        /// The in-flight transition of the settlement's `member` was carried out: it cuts off its
        /// touches if it began or recognized; then on at `next`.
        case inFlightApplied(next: Int)
        /// Collect the members asking to leave `possible`.
        case collectCandidates
        /// [GR-7a] is candidate `x` prevented by candidate `y` (and unable to prevent it back)?
        case dominance(x: Int, y: Int)
        /// Waiting for "does candidate y prevent candidate x?".
        case askedWhetherYPreventsX(x: Int, y: Int)
        /// Waiting for "does candidate x prevent candidate y?".
        case askedWhetherXPreventsY(x: Int, y: Int)
        /// Try the candidates in join order from this index on [GR-7a step 3].
        case nextCandidate(Int)
        /// Candidate `c` checks its failure requirements, asking for the dynamic ones first if they are
        /// not known yet [GR-8].
        case requirements(c: Int)
        /// Asking, of scanned member `i` on, whether candidate `c` must wait for it.
        case dynamicRequirements(c: Int, i: Int)
        /// Waiting for "must candidate c wait for scanned member i?".
        case askedRequirement(c: Int, i: Int)
        /// Waiting for "may candidate c begin?" (its delegate, its views) [GR-5].
        case askedMayBegin(c: Int)
        /// Is candidate `c` prevented by a scanned member, from `i` on, that began or recognized [GR-6]?
        case blocking(c: Int, i: Int)
        /// Waiting for "does scanned member i prevent candidate c?".
        case askedBlocking(c: Int, i: Int)
        /// Candidate `c` made its transition: it cuts off its touches if it should [GR-9].
        case applied(c: Int)
        /// Candidate `c` won: it fails the `possible` members it prevents [GR-6].
        case cutOff(c: Int)
        /// Failing the scanned members, from `i` on, that candidate `c` prevents.
        case winner(c: Int, i: Int)
        /// Waiting for "does candidate c prevent scanned member i?".
        case askedWinner(c: Int, i: Int)
        /// Candidate `c` changed a state; on with the next candidate.
        case changed(c: Int)
        /// The round is over: another if anything changed.
        case roundEnd
        /// Fail the stalled participants, if any [GR-10].
        case stalled
        /// Failing the stalled scanned members from this index on.
        case failStalled(Int)
        /// Drop ended touches and reset finished members, from this index of the participants on.
        case clean(Int)
        /// Settled.
        case done
    }

    /// The settlement's next action [GR-4 … GR-10]; the owner carries it out (answering a question
    /// with ``Settlement/answer(_:)``) and calls again, until `done`. See ``GestureArena`` for the order
    /// of the passes.
    @inline(__always)
    mutating func advance(_ run: inout Settlement) -> Action {
        while true {
            switch run.step {
            case .round:
                run.roundChanged = false
                run.step = .inFlight(0)
            case .inFlight(let start):
                if let action = inFlightTransition(from: start, &run) { return action }
            case .inFlightApplied(let next):
                run.step = .inFlight(next)
                let member = run.member.unsafelyUnwrapped
                run.member = nil
                if run.requested != .cancelled && member.cancelsTouchesInView { return .cutOffTouches(member) }
            case .collectCandidates:
                collectCandidates(&run)
            case .dominance(let x, let y):
                if let question = dominanceQuestion(x: x, y: y, &run) { return .ask(question) }
            case .askedWhetherYPreventsX(let x, let y):
                if run.lastAnswer {
                    run.step = .askedWhetherXPreventsY(x: x, y: y)
                    return .ask(.prevents(run.candidate(x), run.candidate(y)))
                }
                run.step = .dominance(x: x, y: y + 1)
            case .askedWhetherXPreventsY(let x, let y):
                if !run.lastAnswer {
                    // Prevented by y and unable to prevent it back: fails [GR-7a step 2].
                    run.leavingChanged = true
                    run.step = .dominance(x: x + 1, y: 0)
                    return .apply(run.candidate(x), .failed)
                }
                run.step = .dominance(x: x, y: y + 1)
            case .nextCandidate(let start):
                startAttempt(from: start, &run)
            case .requirements(let c):
                let member = run.candidate(c)
                if member.dynamicRequirements == nil {
                    run.scanned = participants
                    run.step = .dynamicRequirements(c: c, i: 0)
                } else if let action = applyRequirements(c, member, &run) {
                    return action
                }
            case .dynamicRequirements(let c, let start):
                let member = run.candidate(c)
                // Only pairs whose delegates or hooks could name a requirement are asked about (all, without
                // the shortcuts).
                let asksAll = !run.takesShortcuts || member.mayNameFailureRequirements
                if let index = firstIndex(
                    in: &run.scanned!, from: start,
                    where: { other in
                        other !== member && (asksAll || other.mayNameFailureRequirements) && Self.shareATouch(other, member)
                    })
                {
                    run.step = .askedRequirement(c: c, i: index)
                    return .ask(.requiresFailure(member, of: run.scanned.unsafelyUnwrapped[index]))
                }
                member.dynamicRequirements = run.found ?? []
                run.found = nil
                run.scanned = nil
                if let action = applyRequirements(c, member, &run) { return action }
            case .askedRequirement(let c, let index):
                if run.lastAnswer {
                    let required = run.scanned.unsafelyUnwrapped[index]
                    if run.found == nil { run.found = [required] } else { run.found!.append(required) }
                }
                run.step = .dynamicRequirements(c: c, i: index + 1)
            case .askedMayBegin(let c):
                guard run.lastAnswer else { return fail(c, &run) }
                run.scanned = participants
                run.step = .blocking(c: c, i: 0)
            case .blocking(let c, let start):
                let member = run.candidate(c)
                if let index = firstIndex(
                    in: &run.scanned!, from: start,
                    where: { $0 !== member && Self.hasBegunOrRecognized($0) && Self.shareATouch($0, member) })
                {
                    run.step = .askedBlocking(c: c, i: index)
                    return .ask(.prevents(run.scanned.unsafelyUnwrapped[index], member))
                }
                // Nothing prevents it: it leaves `possible` [GR-6].
                run.scanned = nil
                run.step = .applied(c: c)
                return .apply(member, run.requested)
            case .askedBlocking(let c, let index):
                // The first to begin wins [GR-6].
                if run.lastAnswer {
                    run.scanned = nil
                    return fail(c, &run)
                }
                run.step = .blocking(c: c, i: index + 1)
            case .applied(let c):
                run.step = .cutOff(c: c)
                let member = run.candidate(c)
                if member.cancelsTouchesInView { return .cutOffTouches(member) }
            case .cutOff(let c):
                // [GR-6] the winner fails every `possible` member it prevents.
                let member = run.candidate(c)
                if firstIndex(in: &participants, where: { $0 !== member && $0.state == .possible }) != nil {
                    run.scanned = participants
                    run.step = .winner(c: c, i: 0)
                } else {
                    run.step = .changed(c: c)
                }
            case .winner(let c, let start):
                let member = run.candidate(c)
                if let index = firstIndex(
                    in: &run.scanned!, from: start,
                    where: { $0 !== member && $0.state == .possible && Self.shareATouch($0, member) })
                {
                    run.step = .askedWinner(c: c, i: index)
                    return .ask(.prevents(member, run.scanned.unsafelyUnwrapped[index]))
                }
                run.scanned = nil
                run.step = .changed(c: c)
            case .askedWinner(let c, let index):
                run.step = .winner(c: c, i: index + 1)
                if run.lastAnswer { return .apply(run.scanned.unsafelyUnwrapped[index], .failed) }
            case .changed(let c):
                run.leavingChanged = true
                run.step = .nextCandidate(c + 1)
            case .roundEnd:
                if run.leavingChanged { run.roundChanged = true }
                run.member = nil
                run.candidates = nil
                run.step = run.roundChanged ? .round : .stalled
            case .stalled:
                if firstIndex(in: &participants, where: { Self.isStalled($0) }) != nil {
                    run.scanned = participants
                    run.step = .failStalled(0)
                } else {
                    run.step = .clean(0)
                }
            case .failStalled(let start):
                if let index = firstIndex(in: &run.scanned!, from: start, where: { Self.isStalled($0) }) {
                    run.step = .failStalled(index + 1)
                    return .apply(run.scanned.unsafelyUnwrapped[index], .failed)
                }
                run.scanned = nil
                run.step = .round
            case .clean(let start):
                if let action = clean(from: start, &run) { return action }
            case .done:
                return .done
            }
        }
    }

    // MARK: In flight [GR-4, GR-9]

    /// Failures, and changes of members that are past `possible`, apply as asked. Returns the next
    /// such transition, or moves on to the leave pass.
    @inline(__always)
    private mutating func inFlightTransition(from start: Int, _ run: inout Settlement) -> Action? {
        guard let index = firstIndex(
            in: &participants, from: start,
            where: { $0.requestedState == .failed || ($0.requestedState != nil && $0.state != .possible) })
        else {
            run.step = .collectCandidates
            return nil
        }
        let member = participants[index]
        let requested = member.requestedState.unsafelyUnwrapped
        run.roundChanged = true
        if requested == .failed {
            run.step = .inFlight(index + 1)
            return .apply(member, .failed)
        }
        run.requested = requested
        run.member = member
        run.step = .inFlightApplied(next: index + 1)
        return .apply(member, requested)
    }

    // MARK: Leaving possible [GR-5 … GR-8]

    /// True when `member` asks to leave `possible`: to begin or to recognize.
    private static func isLeavingPossible(_ member: Member) -> Bool {
        member.state == .possible && (member.requestedState == .began || member.requestedState == .ended)
    }

    /// The round's candidates, in join order; with more than one, mutual prevention first [GR-7a].
    @inline(__always)
    private mutating func collectCandidates(_ run: inout Settlement) {
        run.leavingChanged = false
        guard let first = firstIndex(in: &participants, where: { Self.isLeavingPossible($0) }) else {
            run.step = .roundEnd
            return
        }
        if run.takesShortcuts,
            firstIndex(in: &participants, from: first + 1, where: { Self.isLeavingPossible($0) }) == nil
        {
            // A lone candidate (the usual case): no list to build, no mutual prevention to decide.
            run.member = participants[first]
            run.step = .nextCandidate(0)
            return
        }
        let candidates = participants.filter { Self.isLeavingPossible($0) }
        run.candidates = candidates
        run.step = candidates.count > 1 ? .dominance(x: 0, y: 0) : .nextCandidate(0)
    }

    /// [GR-7a step 2] the next question about candidate `x` being prevented by a candidate it shares a
    /// touch with, from candidate `y` on; when `x` has none left, the next `x`; after the last, step 3.
    @inline(__always)
    private func dominanceQuestion(x start: Int, y startY: Int, _ run: inout Settlement) -> Question? {
        var x = start
        var y = startY
        while x < run.candidateCount {
            let candidate = run.candidate(x)
            if let other = firstIndex(
                in: &run.candidates!, from: y, where: { $0 !== candidate && Self.shareATouch(candidate, $0) })
            {
                run.step = .askedWhetherYPreventsX(x: x, y: other)
                return .prevents(run.candidate(other), candidate)
            }
            x += 1
            y = 0
        }
        run.step = .nextCandidate(0)
        return nil
    }

    /// [GR-7a step 3] the next candidate still asking to leave `possible`, from `start` on, tries to;
    /// after the last, the round ends.
    @inline(__always)
    private func startAttempt(from start: Int, _ run: inout Settlement) {
        var index = start
        while index < run.candidateCount {
            let member = run.candidate(index)
            if Self.isLeavingPossible(member), let requested = member.requestedState {
                run.requested = requested
                run.step = .requirements(c: index)
                return
            }
            index += 1
        }
        run.step = .roundEnd
    }

    /// [GR-8] a required member that began or recognized fails candidate `c`; one still `possible`
    /// makes it wait (and the next candidate tries); otherwise it asks whether it may begin.
    @inline(__always)
    private func applyRequirements(_ c: Int, _ member: Member, _ run: inout Settlement) -> Action? {
        var waits = false
        if Self.anyRecognized(member.explicitRequirements, waits: &waits)
            || Self.anyRecognized(member.dynamicRequirements ?? [], waits: &waits)
        {
            return fail(c, &run)
        }
        if waits {
            if member.standing == .participating { member.standing = .awaitingFailure }
            run.step = .nextCandidate(c + 1)
            return nil
        }
        run.step = .askedMayBegin(c: c)
        return .ask(.mayBegin(member))
    }

    /// True when a participating member of `required` began or recognized [GR-8]; `waits` becomes true
    /// when one is still `possible`.
    private static func anyRecognized(_ required: [Member], waits: inout Bool) -> Bool {
        for member in required where member.standing.isParticipating {
            switch member.state {
            case .began, .changed, .ended: return true
            case .possible: waits = true
            case .cancelled, .failed: break
            }
        }
        return false
    }

    /// Candidate `c` fails, which changes a state.
    @inline(__always)
    private func fail(_ c: Int, _ run: inout Settlement) -> Action {
        run.step = .changed(c: c)
        return .apply(run.candidate(c), .failed)
    }

    /// Began, changed or ended: a member that can prevent a candidate from leaving `possible` [GR-6].
    private static func hasBegunOrRecognized(_ member: Member) -> Bool {
        switch member.state {
        case .began, .changed, .ended: true
        case .possible, .cancelled, .failed: false
        }
    }

    // MARK: Cleaning [GR-10]

    /// Drops the ended touches of each participant from `start` on; the next finished one with no
    /// touch left leaves the arena and resets. After the last, settled.
    @inline(__always)
    private mutating func clean(from start: Int, _ run: inout Settlement) -> Action? {
        let done = firstIndex(in: &participants, from: start) { member in
            Self.dropEndedTouches(of: member)
            return member.state.isFinished && member.trackedTouches.isEmpty
        }
        guard let done else {
            run.step = .done
            return .done
        }
        run.step = .clean(done)
        return .reset(participants.removeFromShortList(at: done))
    }

    /// Removes the touches that ended or were cancelled from `member`'s tracked touches, keeping the
    /// storage (the next gesture's first touch reuses it).
    @inline(__always)
    private static func dropEndedTouches(of member: Member) {
        var ended = 0
        var position = 0
        while position < member.trackedTouches.count {
            if unretainedTouchPhase(&member.trackedTouches, position).isTerminal { ended += 1 }
            position += 1
        }
        if ended == member.trackedTouches.count {
            member.trackedTouches.removeAllKeepingCapacity()
        } else if ended > 0 {
            var write = 0
            for read in 0..<member.trackedTouches.count where !member.trackedTouches[read].phase.isTerminal {
                member.trackedTouches.swapAt(write, read)
                write += 1
            }
            member.trackedTouches.removeLast(member.trackedTouches.count - write)
        }
    }
}
