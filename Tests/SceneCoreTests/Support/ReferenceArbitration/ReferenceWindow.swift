@testable import SceneCore

/// A window that handles touches with the gesture arbitration SceneCore had before the arena became a
/// value (`Window+GestureArena.swift` and `Window+TouchDelivery.swift` at 94a2748): the reference the
/// arbitration differential test compares today's arena with.
///
/// What it keeps of that code: every decision and the order of everything code outside SceneCore can
/// see — which recognizers take a touch and in what order, the feeding, the settle loop with its
/// in-flight pass, mutual prevention, the checks for leaving `possible` (requirements, delegate and view
/// `shouldBegin`, exclusivity), the winner failing the others, stalled recognizers, cleaning and resets,
/// the views' deliveries held back and released, the settling from timers and on removal — with the
/// loops over the live list or over a copy exactly as they were. What it leaves out: the shortcuts
/// (single-touch, lone-candidate, quiet-arena; `DispatchDifferentialTests` proved them equal to this
/// general path at the time) and the reads without retaining. The recognizers' own code (`apply`,
/// `performReset`, their machines) and the delivery state of a touch (`TouchDeliveryState`) are
/// SceneCore's, shared with the window under test.
///
/// The one thing it cannot keep: the old recognizer kept "participating" and "waiting for failure" as
/// two flags, so a recognizer could be marked waiting while outside the arena (a candidate reset by
/// code run from another's action, then asked to begin again by code); the standing is one enum now,
/// and both implementations mark only a participating recognizer as waiting.
@MainActor
final class ReferenceWindow: Window {
    override func sendEvent(_ event: Event) {
        switch event.type {
        case .touches:
            referenceDeliverTouches(event)
        case .motion, .remoteControl, .presses, .scroll, .hover, .transform:
            super.sendEvent(event)
        }
    }

    override func gestureArenaMemberDidRequestTransition(_ member: GestureRecognizer) {
        referenceSettleFromOutsideEvent()
    }

    override func gestureArenaMemberDidLeave(_ member: GestureRecognizer) {
        referenceRecognizerStoppedParticipating(member)
    }

    /// The old `isDelivering` flag, kept in today's arena's activity (the recognizers read it there).
    var isDelivering: Bool {
        get { gestureArena.activity == .arbitrating }
        set { gestureArena.activity = newValue ? .arbitrating : .idle }
    }

    // MARK: Entry points

    func referenceHandleGestures(_ event: Event) {
        isDelivering = true
        event.changedTouches.forEachTouch { touch in
            if touch.phase == .began && touch.window === self { attach(touch, event: event) }
        }
        referenceFeedParticipants(event)
        settleAndClean(event)
        isDelivering = false
    }

    func referenceSettleFromOutsideEvent() {
        guard !isDelivering, let event = _windowScene?._application?.touchEvent ?? lastApplication?.touchEvent
        else { return }
        isDelivering = true
        settleAndClean(event)
        isDelivering = false
        referenceFlushHeldDeliveries(event)
    }

    func referenceRecognizerStoppedParticipating(_ recognizer: GestureRecognizer) {
        gestureArena.participants.removeAll { $0 === recognizer }
        recognizer.performReset()
        if !isDelivering, let event = _windowScene?._application?.touchEvent {
            isDelivering = true
            settleAndClean(event)
            isDelivering = false
            referenceFlushHeldDeliveries(event)
        }
    }

    // MARK: Attach [GR-1]

    private func attach(_ touch: Touch, event: Event) {
        var view = touch.view
        while let current = view {
            let recognizers = current._gestureRecognizers
            for recognizer in recognizers where recognizer.isEnabled {
                offer(touch, to: recognizer, event: event)
            }
            view = current._superview
        }
    }

    private func offer(_ touch: Touch, to recognizer: GestureRecognizer, event: Event) {
        if recognizer.standing.isParticipating {
            guard !recognizer._state.isFinished, recognizer.standing != .awaitingFailure else { return }
        }
        if recognizer.mayHaveDelegate, let delegate = recognizer.delegate {
            guard delegate.gestureRecognizer(recognizer, shouldReceive: event),
                delegate.gestureRecognizer(recognizer, shouldReceive: touch)
            else { return }
        }
        recognizer.trackedTouches.append(touch)
        recognizer.touchesSinceReset.append(touch)
        touch.gestureRecognizers.append(recognizer)
        if !recognizer.standing.isParticipating {
            recognizer.standing = .participating
            gestureArena.participants.append(recognizer)
        }
    }

    // MARK: Feed [GR-2]

    private func referenceFeedParticipants(_ event: Event) {
        let changed = event.changedTouches
        var index = 0
        while index < gestureArena.participants.count {
            let recognizer = gestureArena.participants[index]
            index += 1
            guard !recognizer._state.isFinished else { continue }
            let mine = changed.filter { touch in
                touch.window === self && recognizer.trackedTouches.contains { $0 === touch }
            }
            for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
                let set = mine.filter { $0.phase == phase }
                if !set.isEmpty { deliver(TouchSet(set), phase: phase, toRecognizer: recognizer, event: event) }
            }
        }
    }

    private func deliver(_ touches: TouchSet, phase: Touch.Phase, toRecognizer recognizer: GestureRecognizer, event: Event) {
        switch phase {
        case .began: recognizer.touchesBegan(touches, with: event)
        case .moved: recognizer.touchesMoved(touches, with: event)
        case .ended: recognizer.touchesEnded(touches, with: event)
        case .cancelled: recognizer.touchesCancelled(touches, with: event)
        case .stationary: break
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
            var index = 0
            while index < gestureArena.participants.count {
                let recognizer = gestureArena.participants[index]
                index += 1
                guard let requested = recognizer.requestedState else { continue }
                if requested == .failed {
                    recognizer.apply(.failed)
                    progress = true
                } else if recognizer.state != .possible {
                    recognizer.apply(requested)
                    progress = true
                    if requested != .cancelled, recognizer.cancelsTouchesInView {
                        referenceCutOffTouchesFromViews(recognizer.touchesSinceReset, event: event)
                    }
                }
            }
            if leavePossible(event) { progress = true }
        }
    }

    private func leavePossible(_ event: Event) -> Bool {
        var candidates: [GestureRecognizer] = []
        for recognizer in gestureArena.participants where isLeavingPossible(recognizer) { candidates.append(recognizer) }
        guard !candidates.isEmpty else { return false }
        var progress = false
        if candidates.count > 1 {
            for x in candidates {
                let dominated = candidates.contains { y in
                    y !== x && sharesTouch(x, y) && prevents(y, x) && !prevents(x, y)
                }
                if dominated {
                    x.apply(.failed)
                    progress = true
                }
            }
        }
        for recognizer in candidates where isLeavingPossible(recognizer) {
            if tryToLeavePossible(recognizer, event: event) { progress = true }
        }
        return progress
    }

    private func isLeavingPossible(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.state == .possible && (recognizer.requestedState == .began || recognizer.requestedState == .ended)
    }

    private func tryToLeavePossible(_ recognizer: GestureRecognizer, event: Event) -> Bool {
        guard let requested = recognizer.requestedState else { return false }
        switch requirementStatus(of: recognizer) {
        case .blocked:
            recognizer.apply(.failed)
            return true
        case .waiting:
            if recognizer.standing == .participating { recognizer.standing = .awaitingFailure }
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
        if !viewsAllowBegin(recognizer) {
            recognizer.apply(.failed)
            return true
        }
        if anyParticipant(in: [.began, .changed, .ended], other: recognizer, where: { other in
            sharesTouch(other, recognizer) && prevents(other, recognizer)
        }) {
            recognizer.apply(.failed)
            return true
        }
        recognizer.apply(requested)
        if recognizer.cancelsTouchesInView {
            referenceCutOffTouchesFromViews(recognizer.touchesSinceReset, event: event)
        }
        if anyParticipant(in: [.possible], other: recognizer, where: { _ in true }) {
            for other in gestureArena.participants where other !== recognizer && other.state == .possible {
                if sharesTouch(other, recognizer) && prevents(recognizer, other) {
                    other.apply(.failed)
                }
            }
        }
        return true
    }

    /// `for other in participants where other !== recognizer && states.contains(other.state)`, over a
    /// copy of the list: true at the first for which `test` holds.
    private func anyParticipant(
        in states: [GestureRecognizer.State], other recognizer: GestureRecognizer, where test: (GestureRecognizer) -> Bool
    ) -> Bool {
        let snapshot = gestureArena.participants
        for other in snapshot where other !== recognizer && states.contains(other._state) {
            if test(other) { return true }
        }
        return false
    }

    private func viewsAllowBegin(_ recognizer: GestureRecognizer) -> Bool {
        if let view = recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) { return false }
        var asked: [View] = []
        for touch in recognizer.touchesSinceReset {
            guard let view = touch.view, view !== recognizer.view, !asked.contains(where: { $0 === view }) else { continue }
            asked.append(view)
            if !view.gestureRecognizerShouldBegin(recognizer) { return false }
        }
        return true
    }

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

    private func sharesTouch(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.touchesSinceReset.contains { touch in b.touchesSinceReset.contains { $0 === touch } }
    }

    private enum RequirementStatus {
        case satisfied
        case waiting
        case blocked
    }

    private func requirementStatus(of recognizer: GestureRecognizer) -> RequirementStatus {
        if recognizer.dynamicRequirements == nil {
            var requirements: [GestureRecognizer] = []
            let snapshot = gestureArena.participants
            for other in snapshot where other !== recognizer {
                guard sharesTouch(other, recognizer) else { continue }
                let required: Bool
                if recognizer.mayHaveDelegate,
                    recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
                {
                    required = true
                } else if other.mayHaveDelegate,
                    other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
                {
                    required = true
                } else {
                    required = recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer)
                }
                if required { requirements.append(other) }
            }
            recognizer.dynamicRequirements = requirements
        }
        var status = RequirementStatus.satisfied
        for required in recognizer.explicitRequirements + (recognizer.dynamicRequirements ?? []) {
            switch required.state {
            case .began, .changed, .ended:
                if required.standing.isParticipating { return .blocked }
            case .possible:
                if required.standing.isParticipating { status = .waiting }
            case .cancelled, .failed:
                break
            }
        }
        return status
    }

    // MARK: Clean [GR-10]

    private func isStalled(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer._state == .possible, recognizer.requestedState == nil, recognizer.standing != .awaitingFailure else {
            return false
        }
        guard recognizer.trackedTouches.allSatisfy({ $0.phase.isTerminal }) else { return false }
        return !recognizer.hasPendingTimer
    }

    private func failStalledParticipants() -> Bool {
        guard gestureArena.participants.contains(where: isStalled) else { return false }
        for recognizer in gestureArena.participants where isStalled(recognizer) {
            recognizer.apply(.failed)
        }
        return true
    }

    private func cleanArena() {
        var index = 0
        while index < gestureArena.participants.count {
            let recognizer = gestureArena.participants[index]
            recognizer.trackedTouches.removeAll { $0.phase.isTerminal }
            if recognizer._state.isFinished && recognizer.trackedTouches.isEmpty {
                gestureArena.participants.remove(at: index)
                recognizer.performReset()
            } else {
                index += 1
            }
        }
    }

    // MARK: Holding deliveries [GR-9]

    /// True while a participating recognizer that took `touch` and for which `delays` holds is still
    /// `possible`, over the touch's own list of recognizers (as the old delivery asked).
    func isHeldBack(_ touch: Touch, by delays: (GestureRecognizer) -> Bool) -> Bool {
        touch.gestureRecognizers.contains { recognizer in
            delays(recognizer) && recognizer.standing.isParticipating && recognizer._state == .possible
                && recognizer.touchesSinceReset.contains { $0 === touch }
        }
    }
}
