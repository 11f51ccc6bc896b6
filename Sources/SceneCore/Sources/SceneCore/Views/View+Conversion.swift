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

    /// The bounding box of the four corners mapped by `map`. No allocation: the corners are folded
    /// in the order an array of them was, with `Sequence.min()`'s and `max()`'s rule (a later corner
    /// replaces the extreme so far only when strictly beyond it; a NaN never does), so the result is
    /// bit for bit the one the array's `min()`/`max()` gave.
    @inline(__always)
    private func boundingBox(of rect: Rect, _ map: (Point) -> Point) -> Rect {
        let a = map(Point(x: rect.minX, y: rect.minY)), b = map(Point(x: rect.maxX, y: rect.minY))
        let c = map(Point(x: rect.minX, y: rect.maxY)), d = map(Point(x: rect.maxX, y: rect.maxY))
        // `e < result` replaces the least so far, `result < e` the greatest.
        let x0 = Self.extreme(a.x, b.x, c.x, d.x) { $0 < $1 }, y0 = Self.extreme(a.y, b.y, c.y, d.y) { $0 < $1 }
        let x1 = Self.extreme(a.x, b.x, c.x, d.x) { $1 < $0 }, y1 = Self.extreme(a.y, b.y, c.y, d.y) { $1 < $0 }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `[a, b, c, d]`'s extreme as `Sequence.min()` and `max()` find it: the running result is
    /// replaced by a later value `e` when `replaces(e, result)`.
    @inline(__always)
    private static func extreme(_ a: Double, _ b: Double, _ c: Double, _ d: Double, replaces: (Double, Double) -> Bool) -> Double {
        var result = a
        if replaces(b, result) { result = b }
        if replaces(c, result) { result = c }
        if replaces(d, result) { result = d }
        return result
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
    /// The root ancestor's step comes first, this view's last; recursive rather than collecting the
    /// ancestors in an array, so a conversion allocates nothing (the depth is the tree's, as in
    /// ``pointInTopSpace(_:)``'s loop).
    func convertFromTopSpace(_ point: Point) -> Point {
        let outer = _superview?.convertFromTopSpace(point) ?? point
        return convertFromSuperview(outer) ?? outer
    }

    private func topSpaceToRoot(_ point: Point) -> Point {
        rootAncestor.convertFromSuperview(point) ?? point
    }
}
