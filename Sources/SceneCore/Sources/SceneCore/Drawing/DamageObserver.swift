/// One consumer's view of a window's damage: every rectangle that changed since the consumer last
/// took the region. A renderer keeps one per backing image it maintains.
///
/// Created with ``Window/addDamageObserver()``, which starts damage tracking on the window (views
/// then record what they paint where) and starts the region at the whole window. The window holds
/// its observers weakly; ``Window/removeDamageObserver(_:)`` stops the tracking when the last one
/// goes. Main actor only.
@MainActor
public final class DamageObserver {
    /// What changed since the last ``takeRegion()``, in window coordinates.
    public private(set) var region: DamageRegion
    /// The window's tracking, which the window owns; nil once the window or the tracking is gone.
    /// A back link, not weak: the tracking clears it when it lets the observer go and in its deinit
    /// (`UnretainedAccess.swift`, "Back links cleared"). A weak reference would give the tracking a
    /// side table, and every view's geometry change retains the tracking (a weak one to the window
    /// itself would slow every retain of the window, as touch delivery does many).
    private unowned(unsafe) var tracking: WindowDisplayState?

    /// Called when the window changes while the observer had nothing new to report: at most once
    /// between two ``takeRegion()`` calls, synchronously, in the middle of the change (so it must only
    /// note that a redraw is owed, for example schedule one, and not read or change the model). A
    /// display uses it to draw only when something changed, instead of polling
    /// ``Window/hasPendingDamage``.
    public var onDamage: (@MainActor () -> Void)? {
        didSet { tracking?.observerDidReset() }
    }
    private var notified = false

    init(initial: DamageRegion, tracking: WindowDisplayState) {
        region = initial
        self.tracking = tracking
    }

    /// True while the window exists and this observer is attached to it; false once the window was
    /// deallocated or the observer removed.
    public var isObserving: Bool { tracking != nil }

    /// True when something changed since the last ``takeRegion()``.
    public var hasDamage: Bool { !region.isEmpty }

    /// Returns the region and starts a new, empty one.
    public func takeRegion() -> DamageRegion {
        let taken = region
        region.removeAll()
        notified = false
        tracking?.observerDidReset()
        return taken
    }

    /// Called when the window stops delivering damage to it.
    func detach() {
        tracking = nil
    }

    func add(_ rect: Rect) {
        region.add(rect)
        notify()
    }

    /// A view changed and will be measured before the next drawing: damage is coming.
    func notify() {
        guard !notified, let onDamage else { return }
        notified = true
        onDamage()
    }
}
