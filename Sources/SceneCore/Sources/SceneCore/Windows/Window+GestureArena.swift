/// The gesture arbitration of one window's touch delivery [GR-1 … GR-11], over the window's
/// ``GestureArena``.
///
/// Per touch event, in this order [GR-2]:
///
///     attach   new touches to the enabled recognizers of the hit view and its ancestors up to the
///              window, deepest first, in add order, as their delegates allow            [GR-1]
///     feed     each participant its own touches, phase by phase                          [GR-2]
///     settle   requested transitions: failures and in-flight changes apply at once; recognizers
///              leaving `possible` go through failure requirements, shouldBegin, view
///              shouldBegin and exclusivity, with mutual prevention first                 [GR-5 … GR-8]
///              actions run; cancelsTouchesInView cuts touches off their views            [GR-9]
///     clean    drop ended touches; a participant still `possible` with no touch, no
///              timer and nothing requested fails; finished ones with no touch reset       [GR-10]
///
/// Timers (long press, multi-tap windows) settle the same way outside events, then the window
/// delivers whatever the change released (`delaysTouchesBegan` / `delaysTouchesEnded`).
///
/// The code of recognizers and delegates runs here, between short accesses to the arena (never while
/// one is in progress), so it may change the arena itself. Passes that only read the participants'
/// states (most of them, on most events) read each participant unretained: the recognizers have
/// weak-reference side tables (timers capture them weakly), so every retain and release of one is a
/// slow one. A participant is held by the arena (and by every touch it accepted) while a pass reads
/// it; a pass that calls into a recognizer retains that one first, because its code may remove it
/// from its view.
extension Window {
    /// Whether gesture handling is needed for this event: some recognizer participates already, or a
    /// new touch of this window has recognizers on its view or an ancestor.
    func gesturesAreInvolved(in event: Event) -> Bool {
        if !gestureArena.participants.isEmpty { return true }
        let onlyBits = event.takesShortcuts ? event.changedTouches.onlyTouchBits : 0
        if onlyBits != 0 {
            // One changed touch. Unretained (owner holds: the event holds the touch).
            return withUnretained(onlyBits, as: Touch.self) { touch in
                touch.phase == .began && owns(touch) && Window.hasRecognizers(from: touch)
            }
        }
        var involved = false
        event.changedTouches.forEachTouch { touch in
            if !involved && touch.phase == .began && owns(touch) && Window.hasRecognizers(from: touch) {
                involved = true
            }
        }
        return involved
    }

    /// True when the touch's view or one of its ancestors has recognizers. Unretained (owner holds:
    /// each view is held by its superview, the touch's view by the touch).
    private static func hasRecognizers(from touch: Touch) -> Bool {
        var bits = unretainedBits(&touch.view)
        while bits != 0 {
            if withUnretained(bits, as: View.self, { !$0._gestureRecognizers.isEmpty }) { return true }
            bits = superviewBits(ofView: bits)
        }
        return false
    }

    /// Handles one touch event for this window's touches [GR-1, GR-2] and settles the results.
    func handleGestures(_ event: Event) {
        gestureArena.isDelivering = true
        event.changedTouches.forEachTouch { touch in
            if touch.phase == .began && owns(touch) { attach(touch, event: event) }
        }
        feedParticipants(event)
        settleAndClean(event)
        gestureArena.isDelivering = false
    }

    /// A recognizer changed state outside touch delivery (a timer, or code): settle now, then deliver
    /// what that released.
    func settleGesturesFromOutsideEvent() {
        guard !gestureArena.isDelivering, let event = _windowScene?._application?.touchEvent ?? lastApplication?.touchEvent
        else { return }
        gestureArena.isDelivering = true
        settleAndClean(event)
        gestureArena.isDelivering = false
        flushHeldDeliveries(event)
    }

    // MARK: Attach [GR-1]

    private func attach(_ touch: Touch, event: Event) {
        // Views without recognizers are stepped over unretained (owner holds: each is held by its
        // superview, the hit view by the touch); a view whose recognizers are offered the touch is
        // retained meanwhile, since a delegate may change the hierarchy.
        var bits = unretainedBits(&touch.view)
        while bits != 0 {
            if withUnretained(bits, as: View.self, { $0._gestureRecognizers.isEmpty }) {
                bits = superviewBits(ofView: bits)
                continue
            }
            if withUnretained(bits, as: View.self, { Window.anyMayHaveDelegate($0._gestureRecognizers) }) {
                let view = unretained(bits, as: View.self)
                // `for recognizer in view._gestureRecognizers where recognizer.isEnabled`. Unretained
                // (owner holds: this snapshot of the list holds each recognizer).
                var recognizers = view._gestureRecognizers
                var index = 0
                while index < recognizers.count {
                    let recognizerBits = unretainedElementBits(&recognizers, index)
                    withUnretained(recognizerBits, as: GestureRecognizer.self) { recognizer in
                        if recognizer.isEnabled { offer(touch, to: recognizer, event: event) }
                    }
                    index += 1
                }
                bits = unretainedBits(&view._superview)
            } else {
                // No delegate to ask: offering runs no code outside SceneCore, so the view and its
                // list of recognizers cannot change meanwhile. Unretained (owner holds: the view is
                // held by its superview or by the touch, each recognizer by the view's list).
                withUnretained(bits, as: View.self) { view in
                    var index = 0
                    while index < view._gestureRecognizers.count {
                        let recognizerBits = unretainedElementBits(&view._gestureRecognizers, index)
                        withUnretained(recognizerBits, as: GestureRecognizer.self) { recognizer in
                            if recognizer.isEnabled { offer(touch, to: recognizer, event: event) }
                        }
                        index += 1
                    }
                    bits = unretainedBits(&view._superview)
                }
            }
        }
    }

    /// True when some recognizer of `recognizers` may have a delegate (which offering a touch asks).
    private static func anyMayHaveDelegate(_ recognizers: [GestureRecognizer]) -> Bool {
        var index = 0
        while index < recognizers.count {
            if recognizers[index].mayHaveDelegate { return true }
            index += 1
        }
        return false
    }

    private func offer(_ touch: Touch, to recognizer: GestureRecognizer, event: Event) {
        if recognizer.isParticipating {
            // Finished recognizers wait for their touches to end [GR-10]; one whose transition is
            // waiting for another's failure has completed its gesture and takes no new touches.
            guard !recognizer._state.isFinished, !recognizer.isWaitingForFailure else { return }
        }
        if recognizer.mayHaveDelegate, let delegate = recognizer.delegate {
            guard delegate.gestureRecognizer(recognizer, shouldReceive: event),
                delegate.gestureRecognizer(recognizer, shouldReceive: touch)
            else { return }
        }
        recognizer.trackedTouches.append(touch)
        recognizer.touchesSinceReset.append(touch)
        // Room for a few at once: a touch usually reaches the recognizers of several ancestors.
        if touch.gestureRecognizers.capacity == 0 { touch.gestureRecognizers.reserveCapacity(4) }
        touch.gestureRecognizers.append(recognizer)
        if !recognizer.isParticipating {
            recognizer.isParticipating = true
            gestureArena.participants.append(recognizer)
        }
    }

    // MARK: Feed [GR-2]

    /// Each participant that is not finished gets the changed touches it tracks, phase by phase, in
    /// participation order. Each is alive for its calls without a retain (owner holds): a recognizer that tracks a
    /// touch is in that touch's `gestureRecognizers` (append-only), and the event holds the touch (a
    /// nested dispatch, which code run from here may start, keeps the event's changed set in a local and
    /// puts it back before it returns).
    private func feedParticipants(_ event: Event) {
        let changed = event.changedTouches
        if event.takesShortcuts, let touch = changed.onlyTouch {
            // One changed touch (every single-finger event): one set, built once, for the recognizers
            // that track the touch.
            guard owns(touch) else { return }
            let set = TouchSet(touch)
            let phase = touch.phase
            var index = 0
            while index < gestureArena.participants.count {
                let bits = unretainedElementBits(&gestureArena.participants, index)
                index += 1
                withUnretained(bits, as: GestureRecognizer.self) { recognizer in
                    guard !recognizer._state.isFinished, containsIdentical(touch, &recognizer.trackedTouches) else { return }
                    deliver(set, phase: phase, toRecognizer: recognizer, event: event)
                }
            }
            return
        }
        var index = 0
        while index < gestureArena.participants.count {
            let bits = unretainedElementBits(&gestureArena.participants, index)
            index += 1
            withUnretained(bits, as: GestureRecognizer.self) { recognizer in
                guard !recognizer._state.isFinished else { return }
                let mine = changed.filter { touch in
                    owns(touch) && containsIdentical(touch, &recognizer.trackedTouches)
                }
                for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
                    let set = mine.filter { $0.phase == phase }
                    if !set.isEmpty { deliver(TouchSet(set), phase: phase, toRecognizer: recognizer, event: event) }
                }
            }
        }
    }

    private func deliver(_ touches: TouchSet, phase: Touch.Phase, toRecognizer recognizer: GestureRecognizer, event: Event) {
        if event.takesShortcuts && recognizer.touchesGoStraightToMachine {
            // What its touch method would do (it is not overridden); the differential tests turn this off.
            recognizer.machineTouches(touches, phase, event)
        } else {
            switch phase {
            case .began: recognizer.touchesBegan(touches, with: event)
            case .moved: recognizer.touchesMoved(touches, with: event)
            case .ended: recognizer.touchesEnded(touches, with: event)
            case .cancelled: recognizer.touchesCancelled(touches, with: event)
            case .stationary: break
            }
        }
        switch phase {
        case .began, .moved, .ended, .stationary:
            break
        case .cancelled:
            // [TD-11] cancelled touches end the gesture.
            switch recognizer.state {
            case .began, .changed:
                if recognizer.requestedState == nil || recognizer.requestedState == .changed {
                    recognizer.requestedState = .cancelled
                }
            case .possible:
                recognizer.requestedState = .failed
            case .ended, .cancelled, .failed:
                break
            }
        }
    }

    // MARK: Settle [GR-4 … GR-9]

    private func settleAndClean(_ event: Event) {
        if event.takesShortcuts && gestureArena.allParticipantsAreQuiet() { return }
        while true {
            settleArena(event)
            guard failStalledParticipants() else { break }
        }
        cleanArena()
    }

    private func settleArena(_ event: Event) {
        var progress = true
        while progress {
            progress = false
            // In-flight changes and failures apply as requested.
            var index = 0
            while index < gestureArena.participants.count {
                let bits = unretainedElementBits(&gestureArena.participants, index)
                index += 1
                guard let requested = withUnretained(bits, as: GestureRecognizer.self, { $0.requestedState }) else { continue }
                let recognizer = unretained(bits, as: GestureRecognizer.self)
                if requested == .failed {
                    recognizer.apply(.failed)
                    progress = true
                } else if recognizer.state != .possible {
                    recognizer.apply(requested)
                    progress = true
                    if requested != .cancelled, recognizer.cancelsTouchesInView {
                        cutOffTouchesFromViews(recognizer.touchesSinceReset, event: event)
                    }
                }
            }
            if leavePossible(event) { progress = true }
        }
    }

    /// Recognizers asking to leave `possible` (to began or ended): mutual prevention first [GR-7a],
    /// then each in participation order through [GR-5].
    private func leavePossible(_ event: Event) -> Bool {
        var leaving = 0
        var first = 0
        var index = 0
        while index < gestureArena.participants.count {
            let isLeaving = withUnretained(unretainedElementBits(&gestureArena.participants, index), as: GestureRecognizer.self) { recognizer in
                recognizer._state == .possible
                    && (recognizer.requestedState == .began || recognizer.requestedState == .ended)
            }
            if isLeaving {
                if leaving == 0 { first = index }
                leaving += 1
            }
            index += 1
        }
        guard leaving > 0 else { return false }
        if leaving == 1 && event.takesShortcuts {
            // A single candidate (the usual case): no mutual prevention to decide, and nothing ran since
            // it was found, so it is still leaving.
            return tryToLeavePossible(gestureArena.participants[first], event: event)
        }
        var candidates: [GestureRecognizer] = []
        for recognizer in gestureArena.participants where isLeavingPossible(recognizer) { candidates.append(recognizer) }
        var progress = false
        // [GR-7a] step 2: X fails when another candidate Y can prevent it and X cannot prevent Y.
        if candidates.count > 1 {
            for x in candidates {
                let dominated = candidates.contains { y in
                    y !== x && x.sharesTouch(with: y) && prevents(y, x) && !prevents(x, y)
                }
                if dominated {
                    x.apply(.failed)
                    progress = true
                }
            }
        }
        // Step 3: the rest in participation order (deepest view first [GR-1]; ties go to the deeper view).
        for recognizer in candidates where isLeavingPossible(recognizer) {
            if tryToLeavePossible(recognizer, event: event) { progress = true }
        }
        return progress
    }

    private func isLeavingPossible(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.state == .possible && (recognizer.requestedState == .began || recognizer.requestedState == .ended)
    }

    /// [GR-5] returns true when the recognizer's state changed (it left possible or failed).
    private func tryToLeavePossible(_ recognizer: GestureRecognizer, event: Event) -> Bool {
        guard let requested = recognizer.requestedState else { return false }
        switch requirementStatus(of: recognizer) {
        case .blocked:
            recognizer.apply(.failed)
            return true
        case .waiting:
            recognizer.isWaitingForFailure = true
            return false
        case .satisfied:
            break
        }
        if recognizer.mayHaveDelegate, let delegate = recognizer.delegate,
            !delegate.gestureRecognizerShouldBegin(recognizer)
        {
            recognizer.apply(.failed)
            return true
        }
        if !viewsAllowBegin(recognizer, shortcuts: event.takesShortcuts) {
            recognizer.apply(.failed)
            return true
        }
        if anyParticipant(in: [.began, .changed, .ended], other: recognizer, where: { other in
            other.sharesTouch(with: recognizer) && prevents(other, recognizer)
        }) {
            recognizer.apply(.failed)
            return true
        }
        recognizer.apply(requested)
        if recognizer.cancelsTouchesInView {
            cutOffTouchesFromViews(recognizer.touchesSinceReset, event: event)
        }
        // [GR-6] the winner fails every possible recognizer it can prevent.
        if anyParticipant(in: [.possible], other: recognizer, where: { _ in true }) {
            for other in gestureArena.participants where other !== recognizer && other.state == .possible {
                if other.sharesTouch(with: recognizer) && prevents(recognizer, other) {
                    other.apply(.failed)
                }
            }
        }
        return true
    }

    /// True when some participant other than `recognizer`, in one of `states`, satisfies `test`, in
    /// participation order: `for other in participants where … { if test(other) … }`, over the same
    /// snapshot of the list. The states are read unretained (owner holds: the snapshot holds each
    /// participant); a participant is retained for `test`, which may run code of the recognizers and
    /// their delegates.
    private func anyParticipant(
        in states: StateSet, other recognizer: GestureRecognizer, where test: (GestureRecognizer) -> Bool
    ) -> Bool {
        var snapshot = gestureArena.participants
        let recognizerBits = UInt(bitPattern: ObjectIdentifier(recognizer))
        var index = 0
        while index < snapshot.count {
            let bits = unretainedElementBits(&snapshot, index)
            index += 1
            guard bits != recognizerBits,
                states.contains(withUnretained(bits, as: GestureRecognizer.self) { $0._state })
            else { continue }
            if test(snapshot[index - 1]) { return true }
        }
        return false
    }

    /// A set of recognizer states, for the participant scans above.
    private struct StateSet: OptionSet {
        let rawValue: UInt8

        init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        init(_ state: GestureRecognizer.State) {
            rawValue = 1 << UInt8(state.rawValue)
        }

        static let possible = StateSet(.possible)
        static let began = StateSet(.began)
        static let changed = StateSet(.changed)
        static let ended = StateSet(.ended)

        func contains(_ state: GestureRecognizer.State) -> Bool {
            contains(StateSet(state))
        }
    }

    /// [GR-5 step 3] the recognizer's own view, then each distinct view of its touches [UC-7].
    private func viewsAllowBegin(_ recognizer: GestureRecognizer, shortcuts: Bool) -> Bool {
        if let view = recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) { return false }
        if recognizer.touchesSinceReset.count == 1 && shortcuts {
            // One touch: its view, if it is not the recognizer's own.
            guard let view = recognizer.touchesSinceReset[0].view, view !== recognizer.view else { return true }
            return view.gestureRecognizerShouldBegin(recognizer)
        }
        var asked: [View] = []
        for touch in recognizer.touchesSinceReset {
            guard let view = touch.view, view !== recognizer.view, !containsIdentical(view, &asked) else { continue }
            asked.append(view)
            if !view.gestureRecognizerShouldBegin(recognizer) { return false }
        }
        return true
    }

    /// [GR-6] A prevents B unless either may not, or either delegate allows simultaneity.
    private func prevents(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        guard a.canPrevent(b), b.canBePrevented(by: a) else { return false }
        if a.mayHaveDelegate, a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true {
            return false
        }
        if b.mayHaveDelegate, b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true {
            return false
        }
        return true
    }

    private enum RequirementStatus {
        case satisfied
        case waiting
        case blocked
    }

    /// [GR-8] explicit requirements plus, once per recognition attempt, those from delegate and
    /// subclass hooks among recognizers sharing a touch.
    private func requirementStatus(of recognizer: GestureRecognizer) -> RequirementStatus {
        if recognizer.dynamicRequirements == nil {
            // `for other in gestureArena.participants where other !== recognizer && other.sharesTouch(with: recognizer)`,
            // over the same snapshot. Unretained (owner holds: the snapshot holds each `other`).
            var requirements: [GestureRecognizer] = []
            var snapshot = gestureArena.participants
            let recognizerBits = UInt(bitPattern: ObjectIdentifier(recognizer))
            var index = 0
            while index < snapshot.count {
                let bits = unretainedElementBits(&snapshot, index)
                index += 1
                guard bits != recognizerBits else { continue }
                let required = withUnretained(bits, as: GestureRecognizer.self) { other in
                    guard other.sharesTouch(with: recognizer) else { return false }
                    if recognizer.mayHaveDelegate,
                        recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
                    {
                        return true
                    }
                    if other.mayHaveDelegate,
                        other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
                    {
                        return true
                    }
                    return recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer)
                }
                if required { requirements.append(snapshot[index - 1]) }
            }
            recognizer.dynamicRequirements = requirements
        }
        var status = RequirementStatus.satisfied
        let explicit = recognizer.explicitRequirements
        let dynamic = recognizer.dynamicRequirements ?? []
        for index in 0..<(explicit.count + dynamic.count) {
            let required = index < explicit.count ? explicit[index] : dynamic[index - explicit.count]
            switch required.state {
            case .began, .changed, .ended:
                if required.isParticipating { return .blocked }
            case .possible:
                if required.isParticipating { status = .waiting }
            case .cancelled, .failed:
                break
            }
        }
        return status
    }

    // MARK: Clean [GR-10]

    /// A participant still `possible` with no touch down, nothing requested, nothing awaited and no
    /// timer can no longer recognize: it fails. Returns true when one did.
    private func failStalledParticipants() -> Bool {
        // Which ones, first (reading only); then they fail, in participation order, as a pass over a
        // copy of the list would fail them.
        var stalled = 0
        var index = 0
        while index < gestureArena.participants.count {
            if withUnretained(unretainedElementBits(&gestureArena.participants, index), as: GestureRecognizer.self, { GestureArena.isStalled($0) }) {
                stalled += 1
            }
            index += 1
        }
        guard stalled > 0 else { return false }
        for recognizer in gestureArena.participants where GestureArena.isStalled(recognizer) {
            recognizer.apply(.failed)
        }
        return true
    }

    private func cleanArena() {
        var index = 0
        while index < gestureArena.participants.count {
            let bits = unretainedElementBits(&gestureArena.participants, index)
            let done = withUnretained(bits, as: GestureRecognizer.self) { recognizer -> Bool in
                var ended = 0
                var position = 0
                while position < recognizer.trackedTouches.count {
                    if unretainedTouchPhase(&recognizer.trackedTouches, position).isTerminal { ended += 1 }
                    position += 1
                }
                if ended == recognizer.trackedTouches.count {
                    // All of them (the usual case), keeping the storage for the next gesture's first touch.
                    recognizer.trackedTouches.removeAllKeepingCapacity()
                } else if ended > 0 {
                    // In place, keeping the storage (the next gesture's first touch reuses it).
                    var write = 0
                    for read in 0..<recognizer.trackedTouches.count where !recognizer.trackedTouches[read].phase.isTerminal {
                        recognizer.trackedTouches.swapAt(write, read)
                        write += 1
                    }
                    recognizer.trackedTouches.removeLast(recognizer.trackedTouches.count - write)
                }
                return recognizer._state.isFinished && recognizer.trackedTouches.isEmpty
            }
            if done {
                let recognizer = unretained(bits, as: GestureRecognizer.self)
                gestureArena.participants.removeFromShortList(at: index)
                recognizer.performReset()
            } else {
                index += 1
            }
        }
    }

    // MARK: Removal [GR-11]

    func recognizerStoppedParticipating(_ recognizer: GestureRecognizer) {
        gestureArena.participants.removeAll { $0 === recognizer }
        recognizer.performReset()
        if !gestureArena.isDelivering, let event = _windowScene?._application?.touchEvent {
            gestureArena.isDelivering = true
            settleAndClean(event)
            gestureArena.isDelivering = false
            flushHeldDeliveries(event)
        }
    }

    /// Recognizers attached to a subtree that left the window are cancelled or failed [GR-11, WS-8].
    func recognizersDidLeave(subtree root: View) {
        let leaving = gestureArena.participants.filter { recognizer in
            guard let view = recognizer.view else { return true }
            return view === root || view.isDescendant(of: root)
        }
        for recognizer in leaving {
            recognizer.stopParticipating()
        }
    }
}
