/// Touch delivery inside one window [TD-5 … TD-11, GR-2, GR-9].
///
///     Application.sendEvent ─▶ Window.sendEvent ─▶ handleGestures (Window+GestureArena: recognizers first)
///                                                    │  settles states, sends actions,
///                                                    │  cuts touches off views (cancelsTouchesInView)
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
        // Pure queries of the recognizers' states, asked only where they decide something.
        return touch.delivery.plan(
            changed: touch.changedInEvent, phase: touch.phase,
            isFiltered: { shouldFilterNewTouch(touch, in: view) },
            delaysBegan: { GestureArena.delaysBegan(touch) },
            delaysEnded: { GestureArena.delaysEnded(touch) })
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

    /// `_windowScene?._application` when it has observers, else nil. Reads the two links and asks
    /// for observers without retaining anything; this runs on every delivery. Unretained (back links
    /// cleared: the scene holds the window, the application the scene).
    private static func observedApplication(of window: Window) -> Application? {
        let scene = sceneBits(ofWindow: UInt(bitPattern: ObjectIdentifier(window)))
        guard scene != 0 else { return nil }
        let application = applicationBits(ofScene: scene)
        guard application != 0, withUnretained(application, as: Application.self, { $0.hasObservers }) else { return nil }
        return unretained(application, as: Application.self)
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
