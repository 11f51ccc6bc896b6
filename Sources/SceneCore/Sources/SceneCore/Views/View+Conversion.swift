extension View {
    /// Converts `point` from this view's bounds coordinates to `view`'s [HT-5, HT-6].
    ///
    /// `view == nil` means the coordinates of this view's window (or, for a view outside any window,
    /// of its topmost ancestor). Views in different windows are related through screen coordinates,
    /// where each window's ``frame`` lives.
    public func convert(_ point: Point, to view: View?) -> Point {
        let outer = pointInTopSpace(point)
        guard let view else { return window.map { $0.convertFromTopSpace(outer) } ?? topSpaceToRoot(outer) }
        return view.convertFromTopSpace(outer)
    }

    /// Converts `point` from `view`'s bounds coordinates to this view's. `view == nil` means this
    /// view's window coordinates.
    public func convert(_ point: Point, from view: View?) -> Point {
        let outer: Point
        if let view {
            outer = view.pointInTopSpace(point)
        } else if let window {
            outer = window.convertToSuperview(point)
        } else {
            outer = rootAncestor.convertToSuperview(point)
        }
        return convertFromTopSpace(outer)
    }

    /// Converts a rectangle from this view's coordinates to `view`'s; the result is the bounding box
    /// of the converted corners.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        boundingBox(of: rect) { convert($0, to: view) }
    }

    /// Converts a rectangle from `view`'s coordinates to this view's.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        boundingBox(of: rect) { convert($0, from: view) }
    }

    private func boundingBox(of rect: Rect, _ map: (Point) -> Point) -> Rect {
        let corners = [
            map(Point(x: rect.minX, y: rect.minY)), map(Point(x: rect.maxX, y: rect.minY)),
            map(Point(x: rect.minX, y: rect.maxY)), map(Point(x: rect.maxX, y: rect.maxY)),
        ]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }

    /// The topmost ancestor (a window, or the root of a detached tree).
    var rootAncestor: View {
        var node = self
        while let parent = node._superview { node = parent }
        return node
    }

    /// The point in the coordinate space that contains the root ancestor's frame (the screen for a
    /// window).
    func pointInTopSpace(_ point: Point) -> Point {
        var p = point
        var node: View? = self
        while let current = node {
            p = current.convertToSuperview(p)
            node = current._superview
        }
        return p
    }

    /// The inverse of ``pointInTopSpace(_:)``. A singular transform on the way leaves the point as is.
    func convertFromTopSpace(_ point: Point) -> Point {
        var chain: [View] = []
        var node: View? = self
        while let current = node {
            chain.append(current)
            node = current._superview
        }
        var p = point
        for view in chain.reversed() {
            p = view.convertFromSuperview(p) ?? p
        }
        return p
    }

    private func topSpaceToRoot(_ point: Point) -> Point {
        rootAncestor.convertFromSuperview(point) ?? point
    }
}
