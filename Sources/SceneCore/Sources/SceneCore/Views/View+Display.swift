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
        setNeedsDisplay(_bounds)
    }

    /// Marks `rect` (bounds coordinates) as needing to be redrawn.
    public func setNeedsDisplay(_ rect: Rect) {
        guard let window, let state = window._display?.windowState else { return }
        state.damage(windowRect(of: rect, in: window))
    }

    /// The state of the window's damage tracking, when the view is in a window that someone observes.
    var displayTracking: WindowDisplayState? {
        window?._display?.windowState
    }

    /// After a change of geometry, visibility or z-order: damages what the view painted and has it
    /// measured again before the next drawing.
    func displayGeometryDidChange() {
        guard let window, let state = window._display?.windowState else { return }
        if self === window {
            // The window's own placement on the screen is the compositor's business; its bounds are
            // compared when the damage is resolved.
            state.enqueue(self, storage: displayStorage)
            return
        }
        let storage = displayStorage
        state.damage(storage.extent)
        state.enqueue(self, storage: storage)
    }

    /// Before the view leaves its superview: damages what it painted in its window.
    func displayWillDetach() {
        guard let state = displayTracking, let extent = _display?.extent else { return }
        state.damage(extent)
    }

    /// `rect` in `window`'s coordinates (the bounding box when a transform rotates it).
    func windowRect(of rect: Rect, in window: Window) -> Rect {
        var transform = AffineTransform.identity
        var node = self
        while node !== window {
            transform = transform.concatenating(DisplayGeometry.localTransform(of: node))
            guard let parent = node._superview else { break }
            node = parent
        }
        return rect.applying(transform)
    }
}
