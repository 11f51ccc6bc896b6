/// The gesture recognizers taking part in one window's touch handling, and the arbitration between
/// them [GR-1 … GR-11]. UIKit has no public object for this; it is UIKit's gesture environment.
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
@MainActor
final class GestureEnvironment {
    // The window owns its environment (a lazy stored property), so the window outlives it.
    unowned(unsafe) let window: Window
    /// Recognizers that received a touch since their last reset, in the order they joined.
    private(set) var participants: [GestureRecognizer] = []
    /// True while a touch event is being handled, so state changes wait for `settle`.
    private(set) var isDelivering = false

    init(window: Window) {
        self.window = window
    }

    /// Whether gesture handling is needed for this event: some recognizer participates already, or a
    /// new touch has recognizers on its view or an ancestor.
    func isInvolved(in event: Event, window: Window) -> Bool {
        if !participants.isEmpty { return true }
        for touch in event.changedTouches where touch.window === window && touch.phase == .began {
            var node = touch.view
            while let view = node {
                if !view._gestureRecognizers.isEmpty { return true }
                node = view._superview
            }
        }
        return false
    }

    /// Handles one touch event for this window's touches [GR-1, GR-2] and settles the results.
    func handle(_ event: Event) {
        isDelivering = true
        for touch in event.changedTouches where touch.window === window && touch.phase == .began {
            attach(touch, event: event)
        }
        feed(event)
        settleAndClean(event)
        isDelivering = false
    }

    /// A recognizer changed state outside touch delivery (a timer, or code): settle now, then let the
    /// window deliver what that released.
    func settleFromOutsideEvent() {
        guard !isDelivering, let event = window._windowScene?._application?.touchEvent ?? window.lastApplication?.touchEvent
        else { return }
        isDelivering = true
        settleAndClean(event)
        isDelivering = false
        window.flushHeldDeliveries(event)
    }

    // MARK: Attach [GR-1]

    private func attach(_ touch: Touch, event: Event) {
        var node = touch.view
        while let view = node {
            for recognizer in view._gestureRecognizers where recognizer.isEnabled {
                offer(touch, to: recognizer, event: event)
            }
            node = view._superview
        }
    }

    private func offer(_ touch: Touch, to recognizer: GestureRecognizer, event: Event) {
        if recognizer.isParticipating {
            // Finished recognizers wait for their touches to end [GR-10]; one whose transition is
            // waiting for another's failure has completed its gesture and takes no new touches.
            guard !recognizer.state.isFinished, !recognizer.isWaitingForFailure else { return }
        }
        if let delegate = recognizer.delegate {
            guard delegate.gestureRecognizer(recognizer, shouldReceive: event),
                delegate.gestureRecognizer(recognizer, shouldReceive: touch)
            else { return }
        }
        recognizer.trackedTouches.append(touch)
        recognizer.touchesSinceReset.append(touch)
        touch.gestureRecognizers.append(recognizer)
        if !recognizer.isParticipating {
            recognizer.isParticipating = true
            participants.append(recognizer)
        }
    }

    // MARK: Feed [GR-2]

    private func feed(_ event: Event) {
        let changed = event.changedTouches
        var index = 0
        while index < participants.count {
            let recognizer = participants[index]
            index += 1
            guard !recognizer.state.isFinished else { continue }
            if changed.count == 1 {
                let touch = changed[0]
                guard touch.window === window, recognizer.trackedTouches.contains(where: { $0 === touch }) else { continue }
                deliver(TouchSet(touch), phase: touch.phase, to: recognizer, event: event)
            } else {
                let mine = changed.filter { touch in
                    touch.window === window && recognizer.trackedTouches.contains { $0 === touch }
                }
                for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
                    let set = mine.filter { $0.phase == phase }
                    if !set.isEmpty { deliver(TouchSet(set), phase: phase, to: recognizer, event: event) }
                }
            }
        }
    }

    private func deliver(_ touches: TouchSet, phase: Touch.Phase, to recognizer: GestureRecognizer, event: Event) {
        switch phase {
        case .began: recognizer.touchesBegan(touches, with: event)
        case .moved: recognizer.touchesMoved(touches, with: event)
        case .ended: recognizer.touchesEnded(touches, with: event)
        case .cancelled:
            recognizer.touchesCancelled(touches, with: event)
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
        case .stationary:
            break
        }
    }

    // MARK: Settle [GR-4 … GR-9]

    private func settleAndClean(_ event: Event) {
        while true {
            settle(event)
            guard failStalledParticipants() else { break }
        }
        clean()
    }

    private func settle(_ event: Event) {
        var progress = true
        while progress {
            progress = false
            // In-flight changes and failures apply as requested.
            var index = 0
            while index < participants.count {
                let recognizer = participants[index]
                index += 1
                guard let requested = recognizer.requestedState else { continue }
                if requested == .failed {
                    recognizer.apply(.failed)
                    progress = true
                } else if recognizer.state != .possible {
                    recognizer.apply(requested)
                    progress = true
                    if requested != .cancelled, recognizer.cancelsTouchesInView {
                        window.cutOffTouchesFromViews(recognizer.touchesSinceReset, event: event)
                    }
                }
            }
            if leavePossible(event) { progress = true }
        }
    }

    /// Recognizers asking to leave `possible` (to began or ended): mutual prevention first [GR-7a],
    /// then each in participation order through [GR-5].
    private func leavePossible(_ event: Event) -> Bool {
        guard participants.contains(where: isLeavingPossible) else { return false }
        let candidates = participants.filter(isLeavingPossible)
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
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            recognizer.apply(.failed)
            return true
        }
        if !viewsAllowBegin(recognizer) {
            recognizer.apply(.failed)
            return true
        }
        let preventedByActive = participants.contains { other in
            other !== recognizer && (other.state == .began || other.state == .changed || other.state == .ended)
                && other.sharesTouch(with: recognizer) && prevents(other, recognizer)
        }
        if preventedByActive {
            recognizer.apply(.failed)
            return true
        }
        recognizer.apply(requested)
        if recognizer.cancelsTouchesInView {
            window.cutOffTouchesFromViews(recognizer.touchesSinceReset, event: event)
        }
        // [GR-6] the winner fails every possible recognizer it can prevent.
        for other in participants where other !== recognizer && other.state == .possible {
            if other.sharesTouch(with: recognizer) && prevents(recognizer, other) {
                other.apply(.failed)
            }
        }
        return true
    }

    /// [GR-5 step 3] the recognizer's own view, then each distinct view of its touches [UC-7].
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

    /// [GR-6] A prevents B unless either may not, or either delegate allows simultaneity.
    func prevents(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        guard a.canPrevent(b), b.canBePrevented(by: a) else { return false }
        if a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true { return false }
        if b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true { return false }
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
            recognizer.dynamicRequirements = participants.filter { other in
                guard other !== recognizer, other.sharesTouch(with: recognizer) else { return false }
                return recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
                    || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
                    || recognizer.shouldRequireFailure(of: other)
                    || other.shouldBeRequiredToFail(by: recognizer)
            }
        }
        var status = RequirementStatus.satisfied
        for required in recognizer.explicitRequirements + (recognizer.dynamicRequirements ?? []) {
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
        var failed = false
        for recognizer in participants
        where recognizer.state == .possible && recognizer.requestedState == nil && !recognizer.isWaitingForFailure
            && !recognizer.hasPendingTimer && !recognizer.trackedTouches.contains(where: { !$0.phase.isTerminal })
        {
            recognizer.apply(.failed)
            failed = true
        }
        return failed
    }

    private func clean() {
        var index = 0
        while index < participants.count {
            let recognizer = participants[index]
            recognizer.trackedTouches.removeAll { $0.phase.isTerminal }
            if recognizer.state.isFinished && recognizer.trackedTouches.isEmpty {
                participants.remove(at: index)
                recognizer.performReset()
            } else {
                index += 1
            }
        }
    }

    // MARK: Removal [GR-11]

    func recognizerStoppedParticipating(_ recognizer: GestureRecognizer) {
        participants.removeAll { $0 === recognizer }
        recognizer.performReset()
        if !isDelivering, let event = window._windowScene?._application?.touchEvent {
            isDelivering = true
            settleAndClean(event)
            isDelivering = false
            window.flushHeldDeliveries(event)
        }
    }

    /// Recognizers attached to a subtree that left the window are cancelled or failed [GR-11, WS-8].
    func subtreeDidLeave(_ root: View) {
        let leaving = participants.filter { recognizer in
            guard let view = recognizer.view else { return true }
            return view === root || view.isDescendant(of: root)
        }
        for recognizer in leaving {
            recognizer.stopParticipating()
        }
    }

    // MARK: Delivery gating [GR-9]

    /// True while a participant tracking `touch` with `delaysTouchesBegan` is still `possible`.
    func delaysBegan(_ touch: Touch) -> Bool {
        for recognizer in touch.gestureRecognizers
        where recognizer.delaysTouchesBegan && recognizer.isParticipating && recognizer.state == .possible {
            if recognizer.tracks(touch) { return true }
        }
        return false
    }

    /// True while a participant tracking `touch` with `delaysTouchesEnded` is still `possible`.
    func delaysEnded(_ touch: Touch) -> Bool {
        for recognizer in touch.gestureRecognizers
        where recognizer.delaysTouchesEnded && recognizer.isParticipating && recognizer.state == .possible {
            if recognizer.tracks(touch) { return true }
        }
        return false
    }
}
