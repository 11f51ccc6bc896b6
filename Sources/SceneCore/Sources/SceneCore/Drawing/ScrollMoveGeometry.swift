/// Which scroll views may have their picture moved instead of redrawn, where, and what is drawn above
/// their content there [SV-27]. Pure functions over the view tree, read at the time of the question.
@MainActor
enum ScrollMoveGeometry {
    /// The area of `scrollView` whose pixels move with its content, in window coordinates (its
    /// presented bounds cut by its clipping ancestors and the window's bounds); nil when its pixels
    /// there are not the content alone shifted over a uniform backdrop, which is when:
    /// - it does not clip its subviews, has rounded corners, is hidden or translucent, has a
    ///   transform or an animation running;
    /// - an ancestor below the window is hidden or translucent, has a transform or an animation
    ///   running, or clips with rounded corners;
    /// - what is drawn behind it there is not one uniform colour: below the first opaque background
    ///   that covers the area (its own, an ancestor's or the window's), an ancestor draws content of
    ///   its own, has a background that does not cover the area or has rounded corners, or a view
    ///   drawn before it (an earlier sibling of it or of an ancestor) paints there;
    /// - the area is empty.
    ///
    /// The stored extents must be current (after the window's pending damage was resolved) for the
    /// answer to be final.
    static func visibleRect(of scrollView: ScrollView, in window: Window) -> Rect? {
        guard scrollView.clipsToBounds, isPlainlyPlaced(scrollView), (scrollView._display?.cornerRadius ?? 0) <= 0 else {
            return nil
        }
        var ancestor = scrollView._superview
        while let current = ancestor, current !== window {
            guard isPlainlyPlaced(current), !(current.clipsToBounds && current.cornerRadius > 0) else { return nil }
            ancestor = current._superview
        }
        guard ancestor === window, let placement = DisplayGeometry.placement(of: scrollView, in: window) else { return nil }
        let visible = scrollView.presentedBounds.applying(placement.transform).intersection(placement.clip)
        guard !visible.isNull, !visible.isEmpty, hasUniformBackdrop(scrollView, in: window, visible: visible) else { return nil }
        return visible
    }

    /// Visible, fully opaque as drawn, untransformed and not animating.
    private static func isPlainlyPlaced(_ view: View) -> Bool {
        !view.isHidden && view._alpha >= 1 && view._transform == nil && view._presentation == nil
    }

    /// True when everything drawn under `scrollView`'s content inside `visible` is one colour (see
    /// ``visibleRect(of:in:)``): its own background and the backgrounds behind it down to the first
    /// opaque one, each covering `visible`, with nothing else painted there.
    private static func hasUniformBackdrop(_ scrollView: ScrollView, in window: Window, visible: Rect) -> Bool {
        if let color = scrollView.presentedBackgroundColor, color.alpha >= 1 { return true }
        var child: View = scrollView
        while let parent = child._superview {
            for sibling in parent._subviews[..<Int(child._indexInSuperview)] {
                guard !DisplayGeometry.isInvisible(sibling), let extent = sibling._display?.extent else { continue }
                if extent.intersects(visible) { return false }
            }
            let type = type(of: parent)
            guard type == View.self || type == Window.self else { return false }
            if let color = parent.presentedBackgroundColor, !color.isClear {
                guard parent.cornerRadius <= 0, let box = boundsBox(of: parent, in: window), box.contains(visible) else { return false }
                if color.alpha >= 1 { return true }
            }
            if parent === window { return true }
            child = parent
        }
        return false
    }

    /// `view`'s presented bounds in window coordinates (no transform below the window: a translation).
    private static func boundsBox(of view: View, in window: Window) -> Rect? {
        if view === window { return window.presentedBounds }
        return DisplayGeometry.placement(of: view, in: window).map { view.presentedBounds.applying($0.transform) }
    }

    /// What is drawn above `scrollView`'s content inside `visible` (window coordinates), where it is
    /// now: the tracks of its indicators (where they are drawn whether shown or not: a shown
    /// indicator moves along its track, and one hidden this frame leaves pixels there), its border,
    /// the views painted after it (later siblings of it and of its ancestors) and its ancestors'
    /// borders and drawings above their subviews.
    static func drawnAbove(_ scrollView: ScrollView, in window: Window, visibleRect visible: Rect) -> [Rect] {
        var result: [Rect] = []
        func keep(_ rect: Rect) {
            let part = rect.intersection(visible)
            if !part.isNull { result.append(part) }
        }
        guard let box = boundsBox(of: scrollView, in: window) else { return [visible] }
        let bounds = scrollView.presentedBounds
        let frames = scrollView.indicatorFrames(in: bounds)
        if let frame = frames.vertical {
            keep(Rect(x: box.minX + frame.minX - bounds.minX, y: box.minY, width: frame.width, height: box.height))
        }
        if let frame = frames.horizontal {
            keep(Rect(x: box.minX, y: box.minY + frame.minY - bounds.minY, width: box.width, height: frame.height))
        }
        for rect in borderStrips(of: scrollView, box: box) { keep(rect) }
        var child: View = scrollView
        while let parent = child._superview {
            for sibling in parent._subviews[(Int(child._indexInSuperview) + 1)...] {
                guard !DisplayGeometry.isInvisible(sibling), let extent = sibling._display?.extent else { continue }
                keep(extent)
            }
            if let parentBox = boundsBox(of: parent, in: window) {
                for rect in borderStrips(of: parent, box: parentBox) { keep(rect) }
                if parent.drawsAboveSubviews { keep(parentBox) }
            } else {
                keep(visible)
            }
            if parent === window { break }
            child = parent
        }
        return result
    }

    /// The four bands along the inside of `box` that `view`'s border paints (none without a border).
    private static func borderStrips(of view: View, box: Rect) -> [Rect] {
        let width = view._display?.borderWidth ?? 0
        guard width > 0 else { return [] }
        return [
            Rect(x: box.minX, y: box.minY, width: box.width, height: width),
            Rect(x: box.minX, y: box.maxY - width, width: box.width, height: width),
            Rect(x: box.minX, y: box.minY, width: width, height: box.height),
            Rect(x: box.maxX - width, y: box.minY, width: width, height: box.height),
        ]
    }
}
