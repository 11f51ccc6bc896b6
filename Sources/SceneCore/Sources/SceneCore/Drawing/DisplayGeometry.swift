/// Where views paint, in window coordinates: the transforms from a view's bounds to its window and
/// the boxes ("extents") that hold what each subtree paints. Pure functions over the view tree.
@MainActor
enum DisplayGeometry {
    /// The transform from `view`'s bounds coordinates to its superview's (for a window: to the
    /// screen): `translate(frame.origin − bounds.origin)` with the identity transform, else
    /// `translate(−bounds.origin − size/2) · transform · translate(center)`.
    static func localTransform(of view: View) -> AffineTransform {
        if let presentation = view._presentation, presentation.movesGeometry {
            return presentedTransform(of: view, presentation)
        }
        let bounds = view._bounds
        guard let placement = view._transform else {
            return AffineTransform(
                translationX: view._frameOrigin.x - bounds.origin.x, y: view._frameOrigin.y - bounds.origin.y)
        }
        return AffineTransform(
            translationX: -bounds.origin.x - bounds.size.width / 2, y: -bounds.origin.y - bounds.size.height / 2
        )
        .concatenating(placement.transform)
        .concatenating(AffineTransform(translationX: placement.center.x, y: placement.center.y))
    }

    /// ``localTransform(of:)`` of a view whose geometry animates: with its presented bounds, center
    /// and transform [AN-2].
    private static func presentedTransform(of view: View, _ presentation: PresentationStorage) -> AffineTransform {
        let bounds = presentation.bounds ?? view._bounds
        let center = presentation.center ?? view.center
        let transform = presentation.transform ?? view.transform
        return AffineTransform(
            translationX: -bounds.origin.x - bounds.size.width / 2, y: -bounds.origin.y - bounds.size.height / 2
        )
        .concatenating(transform)
        .concatenating(AffineTransform(translationX: center.x, y: center.y))
    }

    /// True when the view paints nothing, with its subtree: hidden, or fully transparent (as drawn).
    @inline(__always)
    static func isInvisible(_ view: View) -> Bool {
        view._flags.contains(.hidden) || view.presentedAlpha <= 0
    }

    /// The transform from `view`'s bounds to `window`'s coordinates, and the clip its ancestors
    /// impose there; nil when the view is not in `window` or an ancestor hides it.
    static func placement(of view: View, in window: Window) -> (transform: AffineTransform, clip: Rect)? {
        var chain: [View] = []
        var node = view
        while node !== window {
            chain.append(node)
            guard let parent = node._superview else { return nil }
            node = parent
        }
        var transform = AffineTransform.identity
        var clip = window._bounds
        // From the window down to the view's superview: hidden ancestors hide it, clipping ones clip.
        for ancestor in chain.dropFirst().reversed() {
            if isInvisible(ancestor) { return nil }
            transform = localTransform(of: ancestor).concatenating(transform)
            if ancestor.clipsToBounds {
                clip = clip.intersection(ancestor.presentedBounds.applying(transform))
                if clip.isNull { return nil }
            }
        }
        return (localTransform(of: view).concatenating(transform), clip)
    }

    /// Computes and stores the extent of `view` and of every view of its subtree, given the
    /// transform from `view`'s bounds to window coordinates and the clip there; returns `view`'s.
    /// Subtrees clipped away entirely keep their old extents: they paint nothing, so any box holds
    /// what they paint, and a change that reveals them recomputes them.
    @discardableResult
    static func computeExtents(of view: View, transform: AffineTransform, clip: Rect, isRoot: Bool = false) -> Rect {
        let storage = view.displayStorage
        if !isRoot && isInvisible(view) {
            storage.extent = .null
            return .null
        }
        let own = view.presentedBounds.applying(transform).intersection(clip)
        var extent = own
        if view.clipsToBounds || isRoot {
            if own.isNull {
                storage.extent = .null
                return .null
            }
            for subview in view._subviews {
                extent = extent.union(
                    computeExtents(of: subview, transform: localTransform(of: subview).concatenating(transform), clip: own))
            }
        } else {
            for subview in view._subviews {
                extent = extent.union(
                    computeExtents(of: subview, transform: localTransform(of: subview).concatenating(transform), clip: clip))
            }
        }
        storage.extent = extent
        return extent
    }
}
