/// Touch delivery inside one window [TD-5 … TD-11, GR-2, GR-9].
///
///     Application.sendEvent ─▶ Window.sendEvent ─▶ GestureEnvironment.handle   (recognizers first)
///                                                    │  settles states, sends actions,
///                                                    │  cuts touches off views (cancelsTouchesInView)
///                                                    ▼
///                                         planDelivery (per touch: began/moved/ended/cancelled,
///                                         minus filtered, cut-off and held phases)
///                                                    ▼
///                                         view.touchesX(set, event) ─▶ next ─▶ … ─▶ application
///
/// For each view, each of the four methods is called at most once per event, with only that view's
/// touches in that phase, in the phase order began, moved, ended, cancelled [TD-7]. Views are served
/// in the order of their lowest touch identifier.
extension Window {
    func deliverTouches(_ event: Event) {
        if event.takesShortcuts, case .one(let touch) = event.changedTouches.storage {
            deliverSingleChange(touch, event)
            return
        }
        var mine = 0
        for touch in event.changedTouches where touch.window === self {
            mine += 1
            if touch.phase == .began { deliveryTouches.append(touch) }
        }
        guard mine > 0 else { return }
        let environment = gestureEnvironment
        if environment.isInvolved(in: event, window: self) {
            environment.handle(event)
        }
        deliverPlanned(event, changedOnly: true, environment: environment)
        publishChanges(event)
        retireFinishedTouches(event)
    }

    /// `deliverTouches` for an event in which one touch changed (every single-finger event): the
    /// same steps, in the same order, without the loops and copies the general case needs.
    private func deliverSingleChange(_ touch: Touch, _ event: Event) {
        guard unretainedBits(&touch.window) == UInt(bitPattern: ObjectIdentifier(self)) else { return }
        let phase = touch.phase
        if phase == .began { deliveryTouches.append(touch) }
        let environment = gestureEnvironment
        if environment.isInvolved(withChangedTouch: touch, phase: phase, window: self) {
            environment.handle(event)
        }
        if isOnlyElement(touch, &deliveryTouches) {
            deliverPlannedSingle(touch, event, changedOnly: true, environment: environment)
        } else {
            deliverPlanned(event, changedOnly: true, environment: environment)
        }
        if let application = Window.observedApplication(of: self) {
            application.notifyObservers { $0.touchDidChange(touch) }
        }
        if isOnlyElement(touch, &deliveryTouches) {
            if touch.phase.isTerminal && !touch.delivery.hasHeldPhases { deliveryTouches.removeAll(keepingCapacity: true) }
        } else {
            retireFinishedTouches(event)
        }
    }

    /// `_windowScene?._application` when it has observers, else nil. Reads the two links and asks
    /// for observers without retaining anything (nothing runs in between; the scene owns
    /// the window, the application the scene): the application has a weak-reference side table, so
    /// each retain of it is a slow one, and this runs on every delivery.
    private static func observedApplication(of window: Window) -> Application? {
        unowned(unsafe) let window = window
        let sceneBits = unretainedBits(&window._windowScene)
        guard sceneBits != 0 else { return nil }
        unowned(unsafe) let scene = unsafeBitCast(sceneBits, to: WindowScene.self)
        let applicationBits = unretainedBits(&scene._application)
        guard applicationBits != 0 else { return nil }
        // The application is alive: it owns the scene, which clears this pointer when it goes away.
        guard withUnretained(applicationBits, as: Application.self, { $0.hasObservers }) else { return nil }
        return unsafeBitCast(applicationBits, to: Application.self)
    }

    /// Delivers what became deliverable outside a touch event (a recognizer settled from a timer).
    func flushHeldDeliveries(_ event: Event) {
        guard deliveryTouches.contains(where: { $0.delivery.hasHeldPhases }) else { return }
        deliverPlanned(event, changedOnly: false, environment: gestureEnvironment)
        retireFinishedTouches(event)
    }

    /// Plans and performs the view callbacks for the touches of this window.
    private func deliverPlanned(_ event: Event, changedOnly: Bool, environment: GestureEnvironment) {
        let touches = deliveryTouches
        if touches.count == 1 && event.takesShortcuts {
            deliverPlannedSingle(touches[0], event, changedOnly: changedOnly, environment: environment)
            return
        }
        var planned: [(touch: Touch, actions: DeliveryActions)] = []
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) {
            guard !changedOnly || touch.delivery.changedInEvent || touch.delivery.hasHeldPhases else { continue }
            let actions = planDelivery(for: touch, environment: environment)
            if !actions.isEmpty { planned.append((touch, actions)) }
        }
        for phase in [DeliveryActions.began, .moved, .ended, .cancelled] {
            let touches = planned.filter { $0.actions.contains(phase) }.map(\.touch)
            for (view, set) in Window.groupByView(touches) {
                switch phase {
                case .began: view.touchesBegan(set, with: event)
                case .moved: view.touchesMoved(set, with: event)
                case .ended: view.touchesEnded(set, with: event)
                default: view.touchesCancelled(set, with: event)
                }
            }
        }
    }

    /// `deliverPlanned` when `touch` is this window's only delivery touch.
    private func deliverPlannedSingle(_ touch: Touch, _ event: Event, changedOnly: Bool, environment: GestureEnvironment) {
        guard !changedOnly || touch.delivery.changedInEvent || touch.delivery.hasHeldPhases else { return }
        let actions = planDelivery(for: touch, environment: environment)
        guard !actions.isEmpty, let view = touch.view else { return }
        let set = TouchSet(touch)
        if actions.contains(.began) { view.touchesBegan(set, with: event) }
        if actions.contains(.moved) { view.touchesMoved(set, with: event) }
        if actions.contains(.ended) { view.touchesEnded(set, with: event) }
        if actions.contains(.cancelled) { view.touchesCancelled(set, with: event) }
    }

    /// Decides which view callbacks a touch gets now, and records that they were made.
    private func planDelivery(for touch: Touch, environment: GestureEnvironment) -> DeliveryActions {
        guard touch.view != nil else { return [] }
        var state = touch.delivery
        defer { touch.delivery = state }
        guard !state.suppressed, !state.cutOff else { return [] }
        let changed = state.changedInEvent
        let phase = touch.phase
        // Pure queries of the recognizers' states, asked only where they decide something.
        var actions: DeliveryActions = []

        if changed && phase == .began {
            if let view = touch.view, shouldFilterNewTouch(touch, in: view) {
                state.suppressed = true
                return []
            }
            if environment.delaysBegan(touch) {
                state.heldBegan = true
            } else {
                actions.insert(.began)
                state.beganDelivered = true
            }
        } else if state.heldBegan && !environment.delaysBegan(touch) {
            actions.insert(.began)
            state.heldBegan = false
            state.beganDelivered = true
            let movesNow = changed && phase == .moved
            if state.movedWhileHeld && !movesNow { actions.insert(.moved) }
            state.movedWhileHeld = false
        }

        if changed && phase == .moved {
            if state.heldBegan {
                state.movedWhileHeld = true
            } else if state.beganDelivered && !state.finished {
                actions.insert(.moved)
            }
        }

        if changed && phase == .ended { state.heldEnded = true }
        if state.heldEnded && !state.heldBegan && !environment.delaysEnded(touch) {
            state.heldEnded = false
            if state.beganDelivered && !state.finished {
                actions.insert(.ended)
                state.finished = true
            }
        }

        if changed && phase == .cancelled {
            state.heldBegan = false
            state.heldEnded = false
            state.movedWhileHeld = false
            if state.beganDelivered && !state.finished {
                actions.insert(.cancelled)
                state.finished = true
            }
        }
        return actions
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
            guard Window.cutOff(touch), let view = touch.view else { return }
            view.touchesCancelled(TouchSet(touch), with: event)
            return
        }
        var cancelled: [Touch] = []
        for touch in touches where Window.cutOff(touch) {
            cancelled.append(touch)
        }
        if cancelled.count == 1 && shortcuts {
            // One touch: its own group.
            let touch = cancelled[0]
            if let view = touch.view { view.touchesCancelled(TouchSet(touch), with: event) }
            return
        }
        for (view, set) in Window.groupByView(cancelled) {
            view.touchesCancelled(set, with: event)
        }
    }

    /// Marks `touch` cut off from its view (held phases dropped) unless it already was. Returns true
    /// when its view must now get `touchesCancelled` for it: it had received `touchesBegan` and nothing
    /// final yet.
    private static func cutOff(_ touch: Touch) -> Bool {
        guard !touch.delivery.cutOff else { return false }
        touch.delivery.cutOff = true
        touch.delivery.heldBegan = false
        touch.delivery.heldEnded = false
        touch.delivery.movedWhileHeld = false
        guard touch.delivery.beganDelivered && !touch.delivery.finished && !touch.delivery.suppressed else {
            return false
        }
        touch.delivery.finished = true
        return true
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

    private func publishChanges(_ event: Event) {
        guard let application = _windowScene?._application, application.hasObservers else { return }
        for touch in event.changedTouches where touch.window === self {
            application.notifyObservers { $0.touchDidChange(touch) }
        }
    }

    private func retireFinishedTouches(_ event: Event?) {
        let touches = deliveryTouches
        if touches.count == 1 && event?.takesShortcuts ?? true {
            let touch = touches[0]
            if touch.phase.isTerminal && !touch.delivery.hasHeldPhases { deliveryTouches.removeAll(keepingCapacity: true) }
            return
        }
        var retiring = 0
        for touch in touches where touch.phase.isTerminal && !touch.delivery.hasHeldPhases { retiring += 1 }
        guard retiring > 0 else { return }
        var kept: [Touch] = []
        kept.reserveCapacity(touches.count - retiring)
        for touch in touches where !(touch.phase.isTerminal && !touch.delivery.hasHeldPhases) { kept.append(touch) }
        deliveryTouches = kept
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

/// The view callbacks one touch gets in one delivery step.
struct DeliveryActions: OptionSet {
    let rawValue: UInt8
    static let began = DeliveryActions(rawValue: 1)
    static let moved = DeliveryActions(rawValue: 2)
    static let ended = DeliveryActions(rawValue: 4)
    static let cancelled = DeliveryActions(rawValue: 8)
}
