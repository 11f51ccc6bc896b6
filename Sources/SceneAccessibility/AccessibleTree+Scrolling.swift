import SceneCore

/// [SV-23] Scrolling for assistive tools: `Component.ScrollTo` and `ScrollToPoint` move the offsets of
/// the scroll views that hold an object, as a screen reader's "scroll into view" does in a GTK list.
/// At once (no animation), within each scroll view's content range, through the scroll view's own
/// `setContentOffset`, so its delegate hears `scrollViewDidScroll` as for any programmatic scroll.
extension AccessibleTree {
    /// Scrolls the scroll views that hold `view`: the innermost one puts `view` (or `area` of it, in
    /// its bounds coordinates: `Text.ScrollSubstringTo`'s substring) where `type` says, each outer one
    /// then scrolls as little as shows it. False when no scroll view holds `view`.
    func scroll(_ view: View, area: Rect? = nil, to type: AtspiScrollType) -> Bool {
        let scrollViews = Self.scrollViews(holding: view)
        guard let inner = scrollViews.first else { return false }
        let rect = view.convert(area ?? view.bounds, to: inner)
        if type == .anywhere {
            inner.scrollRectToVisible(rect, animated: false)
        } else {
            let inset = inner.adjustedContentInset
            let visible = Size(
                width: inner.bounds.size.width - inset.left - inset.right, height: inner.bounds.size.height - inset.top - inset.bottom)
            var target = inner.bounds.origin
            switch type {
            case .topLeft: target = Point(x: rect.minX - inset.left, y: rect.minY - inset.top)
            case .bottomRight: target = Point(x: rect.maxX - visible.width - inset.left, y: rect.maxY - visible.height - inset.top)
            case .topEdge: target.y = rect.minY - inset.top
            case .bottomEdge: target.y = rect.maxY - visible.height - inset.top
            case .leftEdge: target.x = rect.minX - inset.left
            case .rightEdge: target.x = rect.maxX - visible.width - inset.left
            case .anywhere: break
            }
            move(inner, to: target)
        }
        for outer in scrollViews.dropFirst() {
            outer.scrollRectToVisible(view.convert(area ?? view.bounds, to: outer), animated: false)
        }
        return true
    }

    /// Scrolls the scroll views that hold `view`, innermost first, until its top-left corner (or
    /// `area`'s, in its bounds coordinates) is at `point` (in `type` coordinates, as `GetExtents`
    /// gives them) or no scroll view can move it further. False when no scroll view holds `view`.
    func scroll(_ view: View, area: Rect? = nil, topLeftTo point: Point, in type: CoordinateType) -> Bool {
        let scrollViews = Self.scrollViews(holding: view)
        for scrollView in scrollViews {
            let origin = (area.map { frame(of: $0, in: view, coordinates: type) } ?? frame(of: view, in: type)).origin
            let dx = point.x - origin.x, dy = point.y - origin.y
            guard dx != 0 || dy != 0 else { break }
            // Content moves the other way from the offset.
            move(scrollView, to: Point(x: scrollView.bounds.origin.x - dx, y: scrollView.bounds.origin.y - dy))
        }
        return !scrollViews.isEmpty
    }

    /// The scroll views `view` is inside of (not `view` itself), innermost first.
    private static func scrollViews(holding view: View) -> [ScrollView] {
        var found: [ScrollView] = []
        var node = view.superview
        while let current = node {
            if let scrollView = current as? ScrollView { found.append(scrollView) }
            node = current.superview
        }
        return found
    }

    /// Sets `scrollView`'s offset to `target` clamped into its content range; nothing when that is
    /// where it is.
    private func move(_ scrollView: ScrollView, to target: Point) {
        let clamped = scrollView.clampedContentOffset(target)
        guard clamped != scrollView.bounds.origin else { return }
        scrollView.setContentOffset(clamped, animated: false)
    }
}
