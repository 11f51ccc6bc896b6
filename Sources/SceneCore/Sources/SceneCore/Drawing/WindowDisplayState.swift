/// A window's damage tracking while someone observes its pixels: its observers and the views whose
/// painted extent must be recomputed before the next drawing.
///
/// A visual change is recorded in two halves. At once, the area the view painted last
/// (``DisplayStorage/extent``) is damaged in every observer. The area it paints now is computed
/// lazily, in ``resolvePending(in:)`` before the next drawing, so a view moved many times between
/// two frames is measured once.
@MainActor
final class WindowDisplayState {
    private struct WeakObserver {
        weak var observer: DamageObserver?
    }

    private var observers: [WeakObserver] = []
    private var pending: [View] = []
    /// The stored extents of the window's views are valid (computed once after tracking started and
    /// kept up to date since).
    var extentsAreValid = false
    /// The window's bounds when extents were last computed; another size or origin damages it all.
    var lastBounds: Rect = .null
    /// A rectangle that every observer's region has held since that observer last took it (null
    /// when none): damage inside it changes no region, so it does not visit the observers. A resize
    /// damages the root's extent first, and the hundreds of views inside it then cost a comparison
    /// each instead of a weak load and a region test per observer.
    private var coveredByAll: Rect = .null
    /// Every observer has been notified since it last took its region: a further change has no one
    /// new to tell.
    private var allNotified = false
    /// Some observer may hold a scroll move [SV-27] (set when one starts, cleared when a check finds none).
    private var movesMayBePending = false

    var hasObservers: Bool {
        observers.contains { $0.observer != nil }
    }

    /// The observers' back links to this tracking are cleared before it goes.
    isolated deinit {
        for entry in observers { entry.observer?.detach() }
    }

    func addObserver(_ observer: DamageObserver) {
        observers.append(WeakObserver(observer: observer))
        observerDidReset()
    }

    /// An observer took its region, started with one, or changed how it is told: what
    /// ``damage(_:)`` and ``enqueue(_:storage:)`` skip on the grounds of every region and
    /// notification so far no longer holds.
    func observerDidReset() {
        coveredByAll = .null
        allNotified = false
    }

    func removeObserver(_ observer: DamageObserver) {
        observer.detach()
        observers.removeAll { $0.observer === observer || $0.observer == nil }
    }

    /// True when an observer has damage not taken yet, or a changed view waits to be measured.
    var hasPendingDamage: Bool {
        !pending.isEmpty || observers.contains { $0.observer?.hasDamage ?? false }
    }

    /// Adds `rect` (window coordinates) to every observer's region.
    func damage(_ rect: Rect) {
        guard !rect.isEmpty, rect.isFinite else { return }
        if !coveredByAll.isNull, coveredByAll.contains(rect) { return }
        for entry in observers {
            entry.observer?.add(rect)
        }
        // Each region now holds `rect`, and each observer was notified (add notifies).
        allNotified = true
        if coveredByAll.isNull || rect.width * rect.height > coveredByAll.width * coveredByAll.height { coveredByAll = rect }
    }

    /// `view`'s content offset changed from `oldOrigin` (its bounds' size did not): every observer's
    /// region gets what it painted, and records the move when it may be copied [SV-27]. Its new extent
    /// is measured before the next drawing like any changed view's.
    func scrolled(_ view: ScrollView, from oldOrigin: Point, storage: DisplayStorage, in window: Window) {
        let extent = storage.extent
        let visible = ScrollMoveGeometry.visibleRect(of: view, in: window)
        for entry in observers {
            entry.observer?.scrolled(view, from: oldOrigin, oldExtent: extent, visible: visible)
        }
        if visible != nil { movesMayBePending = true }
        // Not `damage(_:)`: the rectangle is not in every observer's damage besides its move, so it
        // must not widen `coveredByAll`.
        allNotified = true
        enqueueForMeasure(view, storage: storage)
    }

    /// `view` changed otherwise than by its content offset: a move of it can no longer be copied.
    func viewChanged(_ view: View) {
        guard movesMayBePending else { return }
        var any = false
        for entry in observers {
            entry.observer?.dropMove(of: view)
            if entry.observer?.hasPendingMove ?? false { any = true }
        }
        movesMayBePending = any
    }

    /// Adds `rect`, what `view` painted before a change of its geometry, visibility or place, to
    /// every observer's region; an observer moving a scroll view that holds `view` redraws it only
    /// where the move carries it [SV-27].
    func damage(oldExtent rect: Rect, of view: View) {
        guard movesMayBePending else {
            damage(rect)
            return
        }
        guard !rect.isEmpty, rect.isFinite else { return }
        // Not `coveredByAll`: the rectangle may not be in every observer's damage besides its move.
        for entry in observers { entry.observer?.add(oldExtent: rect, of: view) }
        allNotified = true
    }

    /// Records that `view`'s painted area may have moved or changed size.
    func enqueue(_ view: View, storage: DisplayStorage) {
        viewChanged(view)
        enqueueForMeasure(view, storage: storage)
    }

    private func enqueueForMeasure(_ view: View, storage: DisplayStorage) {
        guard !storage.isPendingExtent else { return }
        storage.isPendingExtent = true
        pending.append(view)
        guard !allNotified else { return }
        for entry in observers {
            entry.observer?.notify()
        }
        allNotified = true
    }

    /// Measures every view changed since the last call and damages where each paints now.
    func resolvePending(in window: Window) {
        if window.bounds != lastBounds {
            lastBounds = window.bounds
            extentsAreValid = false
            damage(window.bounds)
        }
        let views = pending
        pending.removeAll()
        for view in views {
            view._display?.isPendingExtent = false
        }
        guard extentsAreValid else { return }
        for view in views where view !== window {
            guard let placement = DisplayGeometry.placement(of: view, in: window) else { continue }
            let extent = DisplayGeometry.computeExtents(of: view, transform: placement.transform, clip: placement.clip)
            if movesMayBePending, observers.contains(where: { $0.observer?.isMoving(view) ?? false }) {
                // Its own offset change: not damage besides its move (and so not `coveredByAll`).
                if !extent.isEmpty, extent.isFinite {
                    for entry in observers { entry.observer?.add(extent, scrolling: view) }
                }
            } else {
                damage(extent)
            }
            // Ancestors' extents hold their subtrees': grow them to hold the new area.
            var ancestor = view._superview
            while let current = ancestor {
                let storage = current.displayStorage
                storage.extent = storage.extent.union(extent)
                if current === window { break }
                ancestor = current._superview
            }
        }
    }

    /// Makes every stored extent of `window`'s views current.
    func recomputeAllExtents(of window: Window) {
        lastBounds = window.bounds
        _ = DisplayGeometry.computeExtents(of: window, transform: .identity, clip: window.bounds, isRoot: true)
        extentsAreValid = true
    }
}
