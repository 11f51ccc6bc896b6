/// Touch delivery inside one window [TD-5 … TD-11, GR-1, GR-2, GR-9]: to the recognizers first, then
/// to the views.
///
///     Application.sendEvent ─▶ Window.sendEvent ─▶ handleGestures (Window+GestureArena: recognizers first)
///                                                    │  offers new touches, feeds the participants (here),
///                                                    │  settles the arena: states, actions, touches cut
///                                                    │  off views (cancelsTouchesInView)
///                                                    ▼
///                                         planDelivery (per touch, its TouchDeliveryState: began/moved/
///                                         ended/cancelled, minus filtered, cut-off and held phases)
///                                                    ▼
///                                         view.touchesX(set, event) ─▶ next ─▶ … ─▶ application
///
/// For each view, each of the four methods is called at most once per event, with only that view's
/// touches in that phase, in the phase order began, moved, ended, cancelled [TD-7]. Views are served
/// in the order of their lowest touch identifier.
///
/// Every event goes through the same steps. Where a step has a shortcut for the single-finger case
/// (one touch to plan, to cut off, to retire), it is inside that step, and `Event.takesShortcuts`
/// turns it off so that the differential tests can prove it delivers what the general case delivers.
extension Window {
    func deliverTouches(_ event: Event) {
        let onlyBits = event.takesShortcuts ? event.changedTouches.onlyTouchBits : 0
        if onlyBits != 0 {
            // One changed touch (every single-finger event). Unretained (owner holds: the event holds
            // the touch).
            unowned(unsafe) let touch = unretained(onlyBits, as: Touch.self)
            guard owns(touch) else { return }
            if touch.phase == .began { deliveryTouches.append(touch) }
        } else {
            var mine = 0
            event.changedTouches.forEachTouch { touch in
                guard owns(touch) else { return }
                mine += 1
                if touch.phase == .began { deliveryTouches.append(touch) }
            }
            guard mine > 0 else { return }
        }
        if gesturesAreInvolved(in: event) { handleGestures(event) }
        deliverPlanned(event, changedOnly: true)
        publishChanges(event)
        retireFinishedTouches(event)
    }

    /// True when `touch` belongs to this window: `touch.window === self` without retaining either
    /// (this runs for every changed touch at each step of every delivery).
    @inline(__always)
    func owns(_ touch: Touch) -> Bool {
        unretainedBits(&touch.window) == UInt(bitPattern: ObjectIdentifier(self))
    }

    /// Delivers what became deliverable outside a touch event (a recognizer settled from a timer).
    func flushHeldDeliveries(_ event: Event) {
        guard deliveryTouches.contains(where: { $0.delivery.hasHeldPhases }) else { return }
        deliverPlanned(event, changedOnly: false)
        retireFinishedTouches(event)
    }

    /// Plans and performs the view callbacks for the touches of this window: with `changedOnly`, for
    /// the touches that changed in the event and those with held phases; otherwise for all.
    private func deliverPlanned(_ event: Event, changedOnly: Bool) {
        if deliveryTouches.count == 1 && event.takesShortcuts {
            // One touch: its callbacks go to its view in phase order, with no lists to build.
            let touch = deliveryTouches[0]
            guard !changedOnly || touch.changedInEvent || touch.delivery.hasHeldPhases else { return }
            let actions = planDelivery(for: touch)
            guard !actions.isEmpty, let view = touch.view else { return }
            let set = TouchSet(touch)
            for phase in actions.inOrder {
                Window.deliver(phase, set, to: view, event)
            }
            return
        }
        var planned: [(touch: Touch, actions: DeliveryActions)] = []
        for touch in deliveryTouches.sorted(by: { $0.identifier < $1.identifier }) {
            guard !changedOnly || touch.changedInEvent || touch.delivery.hasHeldPhases else { continue }
            let actions = planDelivery(for: touch)
            if !actions.isEmpty { planned.append((touch, actions)) }
        }
        for phase in DeliveryActions.all.inOrder {
            let touches = planned.filter { $0.actions.contains(phase) }.map(\.touch)
            for (view, set) in Window.groupByView(touches) {
                Window.deliver(phase, set, to: view, event)
            }
        }
    }

    /// Calls the view's touch method for `phase`.
    private static func deliver(_ phase: DeliveryActions, _ touches: TouchSet, to view: View, _ event: Event) {
        switch phase {
        case .began: view.touchesBegan(touches, with: event)
        case .moved: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        default: view.touchesCancelled(touches, with: event)
        }
    }

    /// Decides which view callbacks a touch gets now, and records that they were made.
    private func planDelivery(for touch: Touch) -> DeliveryActions {
        guard let view = touch.view else { return [] }
        // Pure queries of the arena, asked only where they decide something [GR-9].
        return touch.delivery.plan(
            changed: touch.changedInEvent, phase: touch.phase,
            isFiltered: { shouldFilterNewTouch(touch, in: view) },
            delaysBegan: { gestureArena.holds(.began, of: touch) },
            delaysEnded: { gestureArena.holds(.ended, of: touch) })
    }

    /// [TD-8] a view without multiple touch already tracking a touch gets no other; [TD-9] an
    /// exclusive view excludes touches of every other view of the window, both ways. Only fingers that
    /// are still down count: one that lifted while its `touchesEnded` is held back does not.
    private func shouldFilterNewTouch(_ touch: Touch, in view: View) -> Bool {
        for other in deliveryTouches
        where other !== touch && other.delivery.isActiveForView && !other.phase.isTerminal {
            guard let otherView = other.view else { continue }
            if otherView === view {
                if !view.isMultipleTouchEnabled { return true }
            } else if view.isExclusiveTouch || otherView.isExclusiveTouch {
                return true
            }
        }
        return false
    }

    /// Cuts `touches` off their views: each view that had received `touchesBegan` for one of them
    /// gets one `touchesCancelled` with those touches; held phases are dropped and nothing more is
    /// delivered [GR-9 cancelsTouchesInView, WS-8].
    func cutOffTouchesFromViews(_ touches: [Touch], event: Event?) {
        let shortcuts = event?.takesShortcuts ?? true
        if touches.count == 1 && shortcuts {
            // One touch (a single-finger gesture): no list to build.
            let touch = touches[0]
            guard touch.delivery.cutOff(), let view = touch.view else { return }
            view.touchesCancelled(TouchSet(touch), with: event)
            return
        }
        var cancelled: [Touch] = []
        for touch in touches where touch.delivery.cutOff() {
            cancelled.append(touch)
        }
        for (view, set) in Window.groupByView(cancelled) {
            view.touchesCancelled(set, with: event)
        }
    }

    /// [WS-8] touches bound to views of a subtree that left the window: cancelled for those views.
    func cancelTouchesForViews(in root: View) {
        let affected = deliveryTouches.filter { touch in
            guard let view = touch.view else { return false }
            return view === root || view.isDescendant(of: root)
        }
        guard !affected.isEmpty else { return }
        let event = _windowScene?._application?.touchEvent
        cutOffTouchesFromViews(affected, event: event)
        retireFinishedTouches(event)
    }

    /// [TD-11] the window is being hidden or detached: every live touch is cancelled, for recognizers
    /// and views alike, and never delivered again.
    func cancelLiveTouches() {
        guard let application = _windowScene?._application else { return }
        application.cancelTouches { $0.window === self }
    }

    /// Tells the observers about this window's changed touches.
    private func publishChanges(_ event: Event) {
        guard let application = Window.observedApplication(of: self) else { return }
        event.changedTouches.forEachTouch { touch in
            if owns(touch) { application.notifyObservers { $0.touchDidChange(touch) } }
        }
    }

    /// `_windowScene?._application` when it has observers, else nil, without retaining anything
    /// when it has none (this runs on every delivery).
    private static func observedApplication(of window: Window) -> Application? {
        observingApplication(ofWindow: UInt(bitPattern: ObjectIdentifier(window)))
    }

    /// Drops the touches that ended or were cancelled and have nothing left to deliver.
    private func retireFinishedTouches(_ event: Event?) {
        if deliveryTouches.count == 1 && event?.takesShortcuts ?? true {
            // Unretained (owner holds: the list holds the touch).
            if withUnretained(unretainedElementBits(&deliveryTouches, 0), as: Touch.self, Window.isRetiring) {
                deliveryTouches.removeAll(keepingCapacity: true)
            }
            return
        }
        guard deliveryTouches.contains(where: Window.isRetiring) else { return }
        deliveryTouches = deliveryTouches.filter { !Window.isRetiring($0) }
    }

    /// Ended or cancelled, with nothing held back for its view.
    private static func isRetiring(_ touch: Touch) -> Bool {
        touch.phase.isTerminal && !touch.delivery.hasHeldPhases
    }

    /// Groups touches by their view, views ordered by their lowest touch identifier.
    static func groupByView(_ touches: [Touch]) -> [(View, TouchSet)] {
        var groups: [(View, [Touch])] = []
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) {
            guard let view = touch.view else { continue }
            if let index = groups.firstIndex(where: { $0.0 === view }) {
                groups[index].1.append(touch)
            } else {
                groups.append((view, [touch]))
            }
        }
        return groups.map { ($0.0, TouchSet(sortedUnique: $0.1)) }
    }

    // MARK: Recognizers first [GR-1, GR-2]

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

    /// Offers a new touch to the enabled recognizers of its view and of each ancestor up to the window,
    /// deepest first, on one view in add order [GR-1]; the arena decides who takes it.
    func offerToRecognizers(_ touch: Touch, event: Event) {
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

    /// The arena decides whether `recognizer` takes `touch`; its delegate consents if the arena asks
    /// [GR-1]. A recognizer that takes it is listed in the touch's `gestureRecognizers`.
    private func offer(_ touch: Touch, to recognizer: GestureRecognizer, event: Event) {
        switch gestureArena.offer(touch, to: recognizer) {
        case .declined:
            return
        case .needsConsent:
            if let delegate = recognizer.delegate {
                guard delegate.gestureRecognizer(recognizer, shouldReceive: event),
                    delegate.gestureRecognizer(recognizer, shouldReceive: touch)
                else { return }
            }
            gestureArena.join(touch, recognizer)
        case .joined:
            break
        }
        // Room for a few at once: a touch usually reaches the recognizers of several ancestors.
        if touch.gestureRecognizers.capacity == 0 { touch.gestureRecognizers.reserveCapacity(4) }
        touch.gestureRecognizers.append(recognizer)
    }

    /// Each participant that still receives touches gets the changed touches it tracks, phase by phase,
    /// in participation order [GR-2]. Each is alive for its calls without a retain (owner holds): a
    /// recognizer that tracks a touch is in that touch's `gestureRecognizers` (append-only), and the
    /// event holds the touch (a nested dispatch, which code run from here may start, keeps the event's
    /// changed set in a local and puts it back before it returns).
    func feedParticipants(_ event: Event) {
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
                    guard GestureArena<GestureRecognizer>.receivesTouches(recognizer),
                        containsIdentical(touch, &recognizer.trackedTouches)
                    else { return }
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
                guard GestureArena<GestureRecognizer>.receivesTouches(recognizer) else { return }
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

    /// Calls the recognizer's touch method for `phase`; after cancelled touches the arena turns them
    /// into the recognizer's end [TD-11].
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
        if phase == .cancelled { GestureArena<GestureRecognizer>.touchesWereCancelled(for: recognizer) }
    }

    // MARK: Motion and remote control

    /// [FR-8, FR-9] start at the first responder, or at the window when there is none.
    func deliverToFirstResponder(_ event: Event) {
        let start: Responder = event.press?.responder ?? firstResponder ?? self
        event.beginChain(at: start)
        switch event.type {
        case .motion:
            switch event.motionPhase {
            case .began: start.motionBegan(event.subtype, with: event)
            case .ended: start.motionEnded(event.subtype, with: event)
            case .cancelled: start.motionCancelled(event.subtype, with: event)
            }
        case .remoteControl:
            start.remoteControlReceived(with: event)
        case .presses:
            event.deliverPress(to: start)
        case .touches, .scroll, .hover, .transform:
            break
        }
    }
}
