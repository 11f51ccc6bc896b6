extension Window {
    /// Starts (or joins) damage tracking and returns an observer whose region starts as the whole
    /// window. Keep the observer as long as you keep an image of the window up to date.
    public func addDamageObserver() -> DamageObserver {
        let storage = displayStorage
        let state = storage.windowState ?? WindowDisplayState()
        storage.windowState = state
        let observer = DamageObserver(initial: DamageRegion(_bounds), tracking: state)
        state.addObserver(observer)
        return observer
    }

    /// Stops delivering damage to `observer`; tracking stops with the last observer.
    public func removeDamageObserver(_ observer: DamageObserver) {
        guard let state = _display?.windowState else { return }
        state.removeObserver(observer)
        if !state.hasObservers { _display?.windowState = nil }
    }

    /// True when someone observes the window and layout is pending [LY-5], an observer has damage it
    /// has not taken, or a changed view has not been measured yet: a renderer that keeps an image of
    /// the window up to date owes a redraw. Always false when nobody observes the window.
    public var hasPendingDamage: Bool {
        guard let state = _display?.windowState else { return false }
        return _flags.contains(.subtreeNeedsLayout) || state.hasPendingDamage
    }

    /// Runs the window's pending layout (``layoutPending()``), then measures the views changed since
    /// the last call, so that every observer's region holds all the damage. Renderers call it before
    /// taking their region.
    public func resolvePendingDamage() {
        layoutPending()  // [LY-5] what layout moves is damage too
        windowScene?.application?.animator.syncPresentation()  // [AN-2] drawn at the clock's time
        _display?.windowState?.resolvePending(in: self)
    }

    /// Draws the window's views that paint inside `region` (window coordinates) into `context`,
    /// back to front, whose user space must be the window's coordinates with the clip limited to
    /// `region`.
    ///
    /// Per view: its background (rounded by ``View/cornerRadius``), its ``View/draw(_:in:)``
    /// (clipped to its bounds, only when its bounds meet `region`), its subviews (clipped with
    /// ``View/clipsToBounds``), its border; in a transparency layer when its alpha is below 1 and
    /// more than one shape could overlap. Hidden and fully transparent views and their subtrees are
    /// skipped. The window's own alpha, transform and visibility are the compositor's and are
    /// ignored here.
    ///
    /// Views hidden by an opaque view in front of them (see ``View/isOpaque``) are not drawn unless
    /// `skippingHiddenViews` is false (a reference for tests: the pixels are the same).
    ///
    /// - Returns: what was visited and drawn (for tests and benchmarks).
    @discardableResult
    public func drawHierarchy(in context: any GraphicsContext, region: DamageRegion, skippingHiddenViews: Bool = true) -> DisplayReport {
        windowScene?.application?.animator.syncPresentation()  // [AN-2] drawn at the clock's time
        if let state = _display?.windowState {
            state.resolvePending(in: self)
            if !state.extentsAreValid { state.recomputeAllExtents(of: self) }
        } else {
            DisplayGeometry.computeExtents(of: self, transform: .identity, clip: _bounds, isRoot: true)
        }
        var pass = DisplayPass(context: context, region: region, skippingHiddenViews: skippingHiddenViews)
        pass.drawRoot(self)
        return pass.report
    }
}
