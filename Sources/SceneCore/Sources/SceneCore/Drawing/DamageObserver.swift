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
    /// A scroll view's content moved since the region was last taken, with the damage besides it
    /// [SV-27]; nil when none did or the move cannot be copied.
    private var pendingMove: PendingScrollMove?

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
        pendingMove = nil
        notified = false
        tracking?.observerDidReset()
        return taken
    }

    /// Returns the region and starts a new, empty one, like ``takeRegion()``, with the scroll move
    /// that happened since the last call when one may be copied [SV-27]: a renderer that keeps its
    /// last image may then move the pixels of ``ScrollMove/visibleRect`` and redraw only what the
    /// move gives (see ``ScrollMove``) instead of `region`. The move is nil when no scroll view's
    /// content moved, or when the one that did no longer qualifies, moved together with other
    /// changes that break the copy, or is back where it started; `region` alone is then what must be
    /// redrawn, as always.
    public func takeRegionAndMove() -> (region: DamageRegion, move: ScrollMove?) {
        var move: ScrollMove?
        if let pending = pendingMove, let tracking, tracking.extentsAreValid, let window = pending.scrollView.window,
            window._display?.windowState === tracking
        {
            move = pending.move(in: window)
        }
        return (takeRegion(), move)
    }

    /// Called when the window stops delivering damage to it.
    func detach() {
        tracking = nil
    }

    func add(_ rect: Rect) {
        region.add(rect)
        pendingMove?.add(rect)
        notify()
    }

    /// Adds `rect`, `view`'s extent measured at its current offset: to the region, and to the damage
    /// besides a move only when the move is not `view`'s (a move of `view` is sealed instead).
    func add(_ rect: Rect, scrolling view: View) {
        region.add(rect)
        if let move = pendingMove {
            if move.scrollView === view { pendingMove?.seal() } else { pendingMove?.add(rect) }
        }
        notify()
    }

    /// Adds `rect`, what `view` painted before a change (as last measured).
    func add(oldExtent rect: Rect, of view: View) {
        region.add(rect)
        pendingMove?.add(oldExtent: rect, of: view)
        notify()
    }

    /// `view`'s content offset changed from `oldOrigin`; `oldExtent` is what it painted (window
    /// coordinates) and `visible` its visible area when it qualifies for a move [SV-27]. Starts a move,
    /// lets a move of the same view go on, or drops it when damage came in between.
    func scrolled(_ view: ScrollView, from oldOrigin: Point, oldExtent: Rect, visible: Rect?) {
        if let move = pendingMove {
            if move.scrollView === view {
                if !move.composes(with: view) { pendingMove = nil }
            } else {
                pendingMove?.add(oldExtent)
            }
        } else if let visible {
            pendingMove = PendingScrollMove(scrollView: view, startOrigin: oldOrigin, visibleRect: visible, base: region)
        }
        region.add(oldExtent)
        notify()
    }

    /// True when a move of `view` is pending.
    func isMoving(_ view: View) -> Bool {
        pendingMove?.scrollView === view
    }

    /// `view` changed otherwise than by its offset: a move of it can no longer be copied.
    func dropMove(of view: View) {
        if pendingMove?.scrollView === view { pendingMove = nil }
    }

    var hasPendingMove: Bool { pendingMove != nil }

    /// A view changed and will be measured before the next drawing: damage is coming.
    func notify() {
        guard !notified, let onDamage else { return }
        notified = true
        onDamage()
    }
}
