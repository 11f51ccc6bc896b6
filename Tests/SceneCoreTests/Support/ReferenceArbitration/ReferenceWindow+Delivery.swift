@testable import SceneCore

/// The reference window's delivery to its views, as `Window+TouchDelivery.swift` did it at 94a2748
/// (its general path): recognizers first, then each view's callbacks planned with the touch's
/// `TouchDeliveryState`, the held phases asked of the touch's own list of recognizers.
// Deliberately a copy (`duplicates` pairs it with Window+TouchDelivery.swift): the differential test
// compares today's window against this frozen reference, so it must not share the code under test.
extension ReferenceWindow {
    func referenceDeliverTouches(_ event: Event) {
        var mine = 0
        event.changedTouches.forEachTouch { touch in
            guard touch.window === self else { return }
            mine += 1
            if touch.phase == .began { deliveryTouches.append(touch) }
        }
        guard mine > 0 else { return }
        if referenceGesturesAreInvolved(event) { referenceHandleGestures(event) }
        deliverPlanned(event, changedOnly: true)
        publishChanges(event)
        retireFinishedTouches()
    }

    func referenceFlushHeldDeliveries(_ event: Event) {
        guard deliveryTouches.contains(where: { $0.delivery.hasHeldPhases }) else { return }
        deliverPlanned(event, changedOnly: false)
        retireFinishedTouches()
    }

    /// The general path of the old cut-off: each view that had `touchesBegan` gets one
    /// `touchesCancelled` with its touches [GR-9].
    func referenceCutOffTouchesFromViews(_ touches: [Touch], event: Event?) {
        var cancelled: [Touch] = []
        for touch in touches where touch.delivery.cutOff() {
            cancelled.append(touch)
        }
        for (view, set) in Window.groupByView(cancelled) {
            view.touchesCancelled(set, with: event)
        }
    }

    private func referenceGesturesAreInvolved(_ event: Event) -> Bool {
        if !gestureArena.participants.isEmpty { return true }
        var involved = false
        event.changedTouches.forEachTouch { touch in
            if !involved && touch.phase == .began && touch.window === self && hasRecognizers(from: touch) {
                involved = true
            }
        }
        return involved
    }

    private func hasRecognizers(from touch: Touch) -> Bool {
        var view = touch.view
        while let current = view {
            if !current._gestureRecognizers.isEmpty { return true }
            view = current._superview
        }
        return false
    }

    private func deliverPlanned(_ event: Event, changedOnly: Bool) {
        var planned: [(touch: Touch, actions: DeliveryActions)] = []
        for touch in deliveryTouches.sorted(by: { $0.identifier < $1.identifier }) {
            guard !changedOnly || touch.changedInEvent || touch.delivery.hasHeldPhases else { continue }
            let actions = planDelivery(for: touch)
            if !actions.isEmpty { planned.append((touch, actions)) }
        }
        for phase in DeliveryActions.all.inOrder {
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

    private func planDelivery(for touch: Touch) -> DeliveryActions {
        guard let view = touch.view else { return [] }
        return touch.delivery.plan(
            changed: touch.changedInEvent, phase: touch.phase,
            isFiltered: { shouldFilterNewTouch(touch, in: view) },
            delaysBegan: { isHeldBack(touch) { $0.delaysTouchesBegan } },
            delaysEnded: { isHeldBack(touch) { $0.delaysTouchesEnded } })
    }

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

    private func publishChanges(_ event: Event) {
        guard let application = _windowScene?._application, application.hasObservers else { return }
        event.changedTouches.forEachTouch { touch in
            if touch.window === self { application.notifyObservers { $0.touchDidChange(touch) } }
        }
    }

    private func retireFinishedTouches() {
        deliveryTouches.removeAll { $0.phase.isTerminal && !$0.delivery.hasHeldPhases }
    }
}
