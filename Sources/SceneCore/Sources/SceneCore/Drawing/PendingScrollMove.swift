/// One observer's record of a scroll move in progress since it last took its damage: which scroll
/// view moved, from which offset, over which visible area, and the damage besides the move.
///
/// ``base`` holds every rectangle the observer's region got since the move started except the scroll
/// view's own damage for the offset change (its painted extent before and after), plus what the
/// region held before. It is in whatever coordinates each change was recorded in: before the move
/// (where the old pixels are) or after it (where the new ones go). ``ScrollMove/region`` therefore
/// holds each rectangle both where it is and where the move carries it, which is right for either.
///
/// The extent a view of the content painted before a change (``add(oldExtent:of:)``) is where the
/// observer's image shows it, as long as no drawing measured the scroll view since the move started
/// (extents are measured when a window's damage is resolved): its pixels only move, so only where the
/// move carries them is redrawn (``movedOnly``). Once the scroll view was measured during the move
/// (another renderer drew at the offset in between), the move is sealed: such extents are where the
/// content is now, and are recorded like any damage.
///
/// A second offset change of the same scroll view composes with the first (the move is from the
/// first offset to the last) only when no damage met the visible area in between and the move is
/// not sealed: damage recorded at the offset in between would be neither where the old pixels were
/// nor where the new ones go.
@MainActor
struct PendingScrollMove {
    let scrollView: ScrollView
    /// The scroll view's bounds origin the observer's image shows.
    let startOrigin: Point
    /// The visible area when the move started (window coordinates).
    let visibleRect: Rect
    /// The damage besides the move (see the type's description).
    private(set) var base: DamageRegion
    /// Old extents of views of the content, where the observer's image shows them: redrawn only
    /// where the move carries them.
    private(set) var movedOnly = DamageRegion()
    /// Damage met the visible area after the last offset change, or the move is sealed.
    private(set) var damagedSinceLastMove = false
    /// The scroll view was measured since the move started: extents are where the content is now.
    private(set) var isSealed = false

    init(scrollView: ScrollView, startOrigin: Point, visibleRect: Rect, base: DamageRegion) {
        self.scrollView = scrollView
        self.startOrigin = startOrigin
        self.visibleRect = visibleRect
        self.base = base
    }

    /// Records damage besides the move.
    mutating func add(_ rect: Rect) {
        base.add(rect)
        if !damagedSinceLastMove, rect.intersects(visibleRect) { damagedSinceLastMove = true }
    }

    /// Records what `view` painted before a change of its geometry, visibility or place (window
    /// coordinates, as last measured).
    mutating func add(oldExtent rect: Rect, of view: View) {
        guard !isSealed, isInContent(view) else {
            add(rect)
            return
        }
        movedOnly.add(rect)
    }

    /// A drawing measured the scroll view at its current offset.
    mutating func seal() {
        isSealed = true
        damagedSinceLastMove = true
    }

    /// True when `view` lies inside the scroll view (not the scroll view itself).
    private func isInContent(_ view: View) -> Bool {
        var node = view._superview
        while let current = node {
            if current === scrollView { return true }
            node = current._superview
        }
        return false
    }

    /// The scroll view's offset changed again: whether the move can go on from its start offset.
    func composes(with view: View) -> Bool {
        view === scrollView && !damagedSinceLastMove
    }

    /// The move for a renderer: nil when the scroll view no longer qualifies [SV-27], its visible area
    /// changed or its offset is back where it started.
    func move(in window: Window) -> ScrollMove? {
        guard scrollView.window === window, let visible = ScrollMoveGeometry.visibleRect(of: scrollView, in: window),
            visible == visibleRect
        else { return nil }
        let origin = scrollView._bounds.origin
        let delta = Point(x: startOrigin.x - origin.x, y: startOrigin.y - origin.y)
        guard delta != .zero, delta.x.isFinite, delta.y.isFinite else { return nil }
        var region = DamageRegion()
        for rect in base.rects {
            region.add(rect)
            let moved = rect.intersection(visible)
            if !moved.isNull { region.add(moved.offsetBy(dx: delta.x, dy: delta.y).intersection(visible)) }
        }
        for rect in movedOnly.rects {
            region.add(rect.offsetBy(dx: delta.x, dy: delta.y).intersection(visible))
        }
        for rect in ScrollMoveGeometry.drawnAbove(scrollView, in: window, visibleRect: visible) {
            region.add(rect)
            region.add(rect.offsetBy(dx: delta.x, dy: delta.y).intersection(visible))
        }
        return ScrollMove(visibleRect: visible, delta: delta, region: region)
    }
}
