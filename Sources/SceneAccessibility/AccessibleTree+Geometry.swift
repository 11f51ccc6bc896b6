import SceneCore

/// Where views are, for `Component`: frames in screen, window and parent coordinates, point
/// containment and hit testing. Window frames are screen coordinates; a view's frame is the bounding
/// box of its bounds after every transform up to the screen. The screen is the desktop's when the
/// scene is in a desktop window (``desktopOffset``), the model's otherwise.
extension AccessibleTree {
    /// A point of `window` in screen coordinates.
    func toScreen(_ point: Point, of window: Window) -> Point {
        let screen = window.convertToScreen(point)
        guard let scene = window.windowScene, let offset = desktopOffset?(scene) else { return screen }
        return screen + offset
    }

    /// A screen point in `window`'s coordinates.
    func fromScreen(_ point: Point, to window: Window) -> Point {
        guard let scene = window.windowScene, let offset = desktopOffset?(scene) else { return window.convertFromScreen(point) }
        return window.convertFromScreen(point - offset)
    }

    /// `view`'s bounds in screen coordinates.
    func screenFrame(of view: View) -> Rect {
        guard let window = view.window else { return view.convert(view.bounds, to: nil) }
        let bounds = view.bounds
        let corners = [
            Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
            Point(x: bounds.minX, y: bounds.maxY), Point(x: bounds.maxX, y: bounds.maxY),
        ].map { toScreen(view.convert($0, to: nil), of: window) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x = xs.min() ?? 0, y = ys.min() ?? 0
        return Rect(x: x, y: y, width: (xs.max() ?? 0) - x, height: (ys.max() ?? 0) - y)
    }

    /// `view`'s frame in `type` coordinates: screen; relative to its window's screen frame; or
    /// relative to its parent's screen frame (screen coordinates for a window).
    func frame(of view: View, in type: CoordinateType) -> Rect {
        let frame = screenFrame(of: view)
        guard let origin = origin(for: view, in: type) else { return frame }
        return frame.offsetBy(dx: -origin.x, dy: -origin.y)
    }

    /// A point given in `type` coordinates relative to `view`, in screen coordinates.
    func screenPoint(_ point: Point, relativeTo view: View, in type: CoordinateType) -> Point {
        guard let origin = origin(for: view, in: type) else { return point }
        return point + origin
    }

    /// Whether `point` (in `type` coordinates relative to `view`) lies in `view`'s frame: the same
    /// half-open test as ``SceneCore/Rect/contains(_:)-(Point)``.
    func contains(_ view: View, _ point: Point, in type: CoordinateType) -> Bool {
        screenFrame(of: view).contains(screenPoint(point, relativeTo: view, in: type))
    }

    /// The exposed descendant of `view` at `point`, answered by the model's own hit test started at
    /// `view` (``SceneCore/View/hitTest(_:with:)`` with no event, so overrides are honoured and hidden,
    /// non-interactive or transparent views are skipped exactly as for a touch). A hit inside a
    /// subtree hidden from assistive technologies answers the nearest exposed ancestor. Nil when the
    /// hit test finds nothing, or only `view` itself.
    func accessible(at point: Point, in view: View, coordinates type: CoordinateType) -> View? {
        guard let window = view.window else { return nil }
        let screen = screenPoint(point, relativeTo: view, in: type)
        if let frame = view as? Window {
            // [WS-12] An attached alert or dialog is in front of its frame: front to back, the first
            // visible one under the point answers (or its descendant there).
            for attached in attachedWindows(of: frame).reversed() where Self.isVisible(attached) && screenFrame(of: attached).contains(screen) {
                return accessible(at: screen, in: attached, coordinates: .screen) ?? attached
            }
        }
        let local = view.convert(fromScreen(screen, to: window), from: nil)
        guard let hit = view.hitTest(local, with: nil) else { return nil }
        var exposed = hit
        var node = hit
        while node !== view {
            guard let parent = node.superview else { return nil }
            if node.accessibilityElementsHidden { exposed = parent }
            node = parent
        }
        return exposed === view ? nil : exposed
    }

    /// `rect` (in `view`'s bounds coordinates) in `type` coordinates: the bounding box of its
    /// corners after every transform up to the screen, relative to the origin `type` names.
    func frame(of rect: Rect, in view: View, coordinates type: CoordinateType) -> Rect {
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.minX, y: rect.maxY),
            Point(x: rect.maxX, y: rect.maxY),
        ].map { corner in
            let inWindow = view.convert(corner, to: nil)
            return view.window.map { toScreen(inWindow, of: $0) } ?? inWindow
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x = xs.min() ?? 0, y = ys.min() ?? 0
        let screen = Rect(x: x, y: y, width: (xs.max() ?? 0) - x, height: (ys.max() ?? 0) - y)
        guard let origin = origin(for: view, in: type) else { return screen }
        return screen.offsetBy(dx: -origin.x, dy: -origin.y)
    }

    /// A point given in `type` coordinates relative to `view`, in `view`'s bounds coordinates.
    func localPoint(_ point: Point, in view: View, coordinates type: CoordinateType) -> Point {
        let screen = screenPoint(point, relativeTo: view, in: type)
        guard let window = view.window else { return view.convert(screen, from: nil) }
        return view.convert(fromScreen(screen, to: window), from: nil)
    }

    /// The origin subtracted for `type`, or nil for screen coordinates (and for a root window's
    /// parent, the root, which is the screen). An attached window's parent is its frame [WS-12].
    private func origin(for view: View, in type: CoordinateType) -> Point? {
        switch type {
        case .screen:
            return nil
        case .window:
            guard let window = view.window else { return nil }
            return screenFrame(of: window).origin
        case .parent:
            guard let parent = parent(of: .view(view))?.view else { return nil }
            return screenFrame(of: parent).origin
        }
    }
}
