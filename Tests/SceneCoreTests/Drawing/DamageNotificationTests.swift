import SceneCore
import Testing

@MainActor
@Suite("Damage notifications (for displays that draw only on change)")
struct DamageNotificationTests {
    let harness = Harness()

    /// An observer of the window that has taken its first region, and a view under it.
    private func observed(hidden: Bool = false) -> (View, DamageObserver) {
        let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        view.isHidden = hidden
        harness.root.addSubview(view)
        let observer = harness.window.addDamageObserver()
        harness.window.resolvePendingDamage()
        _ = observer.takeRegion()
        return (view, observer)
    }

    @Test("onDamage fires once when the window changes, not again until the region is taken")
    func oncePerTake() {
        let (view, observer) = observed()
        var calls = 0
        observer.onDamage = { calls += 1 }
        view.backgroundColor = .red
        view.backgroundColor = .blue
        view.frame.origin.x = 40
        #expect(calls == 1)
        harness.window.resolvePendingDamage()
        _ = observer.takeRegion()
        view.alpha = 0.5
        #expect(calls == 2)
    }

    @Test("A view that painted nothing before (shown, added) notifies too, before it is measured")
    func pendingViewsNotify() {
        let (view, observer) = observed(hidden: true)
        var calls = 0
        observer.onDamage = { calls += 1 }
        view.backgroundColor = .red
        view.isHidden = false
        #expect(calls == 1)
        #expect(harness.window.hasPendingDamage)
    }

    @Test("Two observers: damage one has taken reaches it again, although the other still holds it; a late onDamage is still called")
    func eachObserverKeepsItsOwnRegion() {
        let (view, first) = observed()
        let second = harness.window.addDamageObserver()
        harness.window.resolvePendingDamage()
        _ = second.takeRegion()
        // Damage the whole root (which holds the view), then the view: both observers hold both.
        harness.root.backgroundColor = .red
        view.backgroundColor = .blue
        #expect(first.region.contains(view.convert(view.bounds, to: nil)))
        #expect(second.region.contains(view.convert(view.bounds, to: nil)))
        // The first takes its region; the second keeps the root's. The view changes again: the
        // first must hear of it although the second already holds that area.
        _ = first.takeRegion()
        var calls = 0
        first.onDamage = { calls += 1 }
        view.backgroundColor = .green
        #expect(first.region.rects == [view.convert(view.bounds, to: nil)])
        #expect(calls == 1)
        // An observer that sets onDamage after a change was recorded is still told of the next one
        // to the same area.
        _ = first.takeRegion()
        _ = second.takeRegion()
        view.backgroundColor = .red
        var late = 0
        second.onDamage = { late += 1 }
        view.backgroundColor = .blue
        #expect(late == 1)
        #expect(second.hasDamage)
    }
}
