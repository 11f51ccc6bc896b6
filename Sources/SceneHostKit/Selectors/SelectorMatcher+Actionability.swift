public import SceneCore

extension SelectorMatcher {
    /// The part of `view` a person could see, in its window's coordinates, or nil when none: the view
    /// and its ancestors are shown (not hidden, alpha at least 0.01, as hit testing counts it), its
    /// window is shown in a scene in the foreground (active or not: both are on the screen [WS-11]),
    /// and its frame, cut by every ancestor that clips to its bounds and by the window, is not empty.
    public func visibleRect(of view: View) -> Rect? {
        guard let window = view.window, let state = window.windowScene?.activationState,
            state == .foregroundActive || state == .foregroundInactive
        else { return nil }
        var node: View? = view
        while let current = node {
            if current.isHidden || current.alpha < 0.01 { return nil }
            node = current.superview
        }
        var rect = view.convert(view.bounds, to: nil)
        var ancestor = view.superview
        while let current = ancestor, current !== window {
            if current.clipsToBounds { rect = rect.intersection(current.convert(current.bounds, to: nil)) }
            ancestor = current.superview
        }
        rect = rect.intersection(window.bounds)
        return rect.isEmpty || rect.isNull ? nil : rect
    }

    /// It is not a disabled control, and no ancestor turned user interaction off (which would keep
    /// touches from its whole subtree). A view that takes no touches itself (a label) is enabled:
    /// touches pass through it to what is behind.
    public func isEnabled(_ view: View) -> Bool {
        if let control = view as? Control, !control.isEnabled { return false }
        var node: View? = view.superview
        while let current = node {
            if !current.isUserInteractionEnabled { return false }
            node = current.superview
        }
        return true
    }

    /// Where a tap on `view` goes and what the host's hit test says is there, or nil when the view is
    /// not visible: the centre of its visible part, in its window's and in screen coordinates, and the
    /// view the application's own hit test (the one a touch-down runs, in the view's scene once it is
    /// active [WS-11]) returns there.
    public func hitProbe(of view: View, in application: Application) -> (point: Point, screenPoint: Point, hit: (window: Window, view: View)?)? {
        guard let window = view.window, let rect = visibleRect(of: view) else { return nil }
        return hitProbe(of: rect, in: window, application: application)
    }

    /// ``hitProbe(of:in:)`` for a view whose ``visibleRect(of:)`` is known already (`rect`, in
    /// `window`'s coordinates).
    public func hitProbe(of rect: Rect, in window: Window, application: Application) -> (point: Point, screenPoint: Point, hit: (window: Window, view: View)?) {
        let point = rect.center
        let screenPoint = window.convertToScreen(point)
        let hit = window.windowScene.flatMap { application.hitTestOnceActive(screenPoint: screenPoint, in: $0) }.map { ($0.window, $0.view) }
        return (point, screenPoint, hit)
    }
}
