// Damage: how a visual change reaches the renderers of the view's window.
//
//     change on view V ─▶ V.window observed? ── no ──▶ nothing (no one asks for pixels)
//                               │ yes
//           content (colour, text, state) ─▶ damage V's bounds, in window coordinates
//           geometry, visibility, order   ─▶ damage V's last extent; measure V again before the
//                                            next drawing and damage where it paints then
extension View {
    /// Marks the whole view as needing to be redrawn. Call it when something ``draw(_:in:)`` shows
    /// changed; SceneCore's own properties (colours, text, control state, geometry...) call it.
    /// Cheap when nothing observes the window's pixels.
    public func setNeedsDisplay() {
        setNeedsDisplay(presentedBounds)
    }

    /// Marks `rect` (bounds coordinates) as needing to be redrawn.
    public func setNeedsDisplay(_ rect: Rect) {
        // One walk up to the window: the rect in window coordinates (the bounding box when a
        // transform rotates it), adding up offsets while no transform is met (the usual case) and
        // composing transforms from the first one on.
        var node: View = self
        var offsetX = 0.0, offsetY = 0.0
        var transform: AffineTransform?
        while let parent = node._superview {
            if transform == nil && node._transform == nil && node._presentation == nil {
                offsetX += node._frameOrigin.x - node._bounds.origin.x
                offsetY += node._frameOrigin.y - node._bounds.origin.y
            } else {
                transform = (transform ?? AffineTransform(translationX: offsetX, y: offsetY))
                    .concatenating(DisplayGeometry.localTransform(of: node))
            }
            node = parent
        }
        // Only a window's storage holds a tracking state: the top is a tracked window or nothing is.
        guard let state = node._display?.windowState else { return }
        state.damage(transform.map { rect.applying($0) } ?? rect.offsetBy(dx: offsetX, dy: offsetY))
    }

    /// The state of the window's damage tracking, when the view is in a window that someone observes.
    var displayTracking: WindowDisplayState? {
        window?._display?.windowState
    }

    /// After a change of geometry, visibility or z-order: damages what the view painted and has it
    /// measured again before the next drawing.
    func displayGeometryDidChange() {
        // Unretained (owner holds: the window is held by its scene, or by whoever holds this view's
        // topmost ancestor; its display storage by the window, its tracking by that storage; this
        // view's storage by this view. Damage runs no code outside SceneCore that could let any of
        // them go: observers only note that a frame is owed).
        let windowBits = windowBits
        guard windowBits != 0 else { return }
        unowned(unsafe) let window = unretained(windowBits, as: View.self)
        let windowDisplayBits = unretainedBits(&window._display)
        guard windowDisplayBits != 0 else { return }
        unowned(unsafe) let windowDisplay = unretained(windowDisplayBits, as: DisplayStorage.self)
        let stateBits = unretainedBits(&windowDisplay.windowState)
        guard stateBits != 0 else { return }
        if _display == nil { _display = DisplayStorage() }
        let storageBits = unretainedBits(&_display)
        let isWindow = self === window
        withUnretained(stateBits, as: WindowDisplayState.self) { state in
            withUnretained(storageBits, as: DisplayStorage.self) { storage in
                // The window's own placement on the screen is the compositor's business; its bounds
                // are compared when the damage is resolved.
                if !isWindow { state.damage(oldExtent: storage.extent, of: self) }
                state.enqueue(self, storage: storage)
            }
        }
    }

    /// Before the view leaves its superview: damages what it painted in its window.
    func displayWillDetach() {
        guard let state = displayTracking, let extent = _display?.extent else { return }
        state.damage(oldExtent: extent, of: self)
    }
}

extension ScrollView {
    /// After a change of the bounds' origin alone (the content offset): damages what the view painted,
    /// has it measured again before the next drawing, and lets each observer record the move [SV-27].
    func displayContentOffsetDidChange(from oldOrigin: Point) {
        guard let window, let state = window._display?.windowState else { return }
        if _display == nil { _display = DisplayStorage() }
        guard let storage = _display else { return }
        state.scrolled(self, from: oldOrigin, storage: storage, in: window)
    }
}
