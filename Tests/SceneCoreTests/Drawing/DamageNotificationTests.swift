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
}
