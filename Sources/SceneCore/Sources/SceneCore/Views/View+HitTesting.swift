extension View {
    /// Step 3 of the default `hitTest` [HT-2]: the first subview, front to back, whose hit test
    /// returns a view, with the point converted into it; nil when none does.
    ///
    /// Equivalent to calling `subview.hitTest(convertedPoint, with: event)` on each subview in turn,
    /// but subviews of SceneCore's own classes are decided from the container's records and descended
    /// into iteratively, with no calls, retains or allocations. Subviews of other classes (possible
    /// overrides) and transformed ones are still asked through their own methods, in the same order
    /// as the classic algorithm, so overrides observe exactly the calls they would get.
    final func hitTestSubviews(_ point: Point, with event: Event?) -> View? {
        var node = self
        var p = point
        while let index = node._childIndex, index.count > 0 {
            index.prepare(subviews: node._subviews)
            switch index.search(p, in: node, with: event) {
            case .nothing:
                return node === self ? nil : node
            case .found(let view):
                return view
            case .descend(let child, let converted):
                node = child
                p = converted
            }
        }
        return node === self ? nil : node
    }
}

/// The outcome of searching one container's subviews.
enum SubviewSearchResult {
    /// No subview is hit: the container itself is the answer.
    case nothing
    /// A subview's own `hitTest` answered this view.
    case found(View)
    /// A SceneCore-class subview contains the point: continue inside it with the converted point.
    case descend(View, Point)
}

extension ChildHitIndex {
    /// Visits the container's subviews front to back and stops at the first that is hit.
    /// `prepare(subviews:)` must have run since the last change.
    @inline(__always)
    func search(_ p: Point, in container: View, with event: Event?) -> SubviewSearchResult {
        if let grid, let cell = grid.cell(for: p) {
            return searchGrid(grid, cell: cell, p, in: container, with: event)
        }
        return searchLinear(p, in: container, with: event)
    }

    private func searchLinear(_ p: Point, in container: View, with event: Event?) -> SubviewSearchResult {
        var i = count - 1
        var s = specials.count - 1
        while i >= 0 {
            let nextSpecial = s >= 0 ? Int(specials[s]) : -1
            // Records strictly above the next special subview: pure arithmetic.
            while i > nextSpecial {
                let r = records[i]
                let qx = p.x - r.offsetX
                let qy = p.y - r.offsetY
                if qx >= r.minX && qx < r.maxX && qy >= r.minY && qy < r.maxY {
                    return .descend(container._subviews[i], Point(x: qx, y: qy))
                }
                i -= 1
            }
            guard i >= 0 else { break }
            // i == nextSpecial
            if let result = askSpecial(container._subviews[i], p, with: event) { return result }
            s -= 1
            i -= 1
        }
        return .nothing
    }

    private func searchGrid(_ grid: HitGrid, cell: Int, _ p: Point, in container: View, with event: Event?)
        -> SubviewSearchResult
    {
        // A cell lists its subviews front to back (descending index), so walk it forwards.
        var k = Int(grid.cellStarts[cell])
        let end = Int(grid.cellStarts[cell + 1])
        var s = specials.count - 1
        return grid.entries.withUnsafeBufferPointer { entries in
            while true {
                let nextGeometric = k < end ? Int(entries[k]) : -1
                let nextSpecial = s >= 0 ? Int(specials[s]) : -1
                if nextSpecial > nextGeometric {
                    if let result = askSpecial(container._subviews[nextSpecial], p, with: event) { return result }
                    s -= 1
                } else if nextGeometric >= 0 {
                    let r = records[nextGeometric]
                    let qx = p.x - r.offsetX
                    let qy = p.y - r.offsetY
                    if qx >= r.minX && qx < r.maxX && qy >= r.minY && qy < r.maxY {
                        return .descend(container._subviews[nextGeometric], Point(x: qx, y: qy))
                    }
                    k += 1
                } else {
                    return .nothing
                }
            }
        }
    }

    /// A subview that cannot be decided from its record: a class that may override hit testing is
    /// asked through `hitTest(_:with:)`; a transformed SceneCore view is tested in its own space.
    @inline(never)
    private func askSpecial(_ child: View, _ p: Point, with event: Event?) -> SubviewSearchResult? {
        guard let q = child.convertFromSuperview(p) else { return nil }
        if child._flags.contains(.customHitTesting) {
            return child.hitTest(q, with: event).map { .found($0) }
        }
        guard child.isHittable, child._bounds.contains(q) else { return nil }
        return .descend(child, q)
    }
}
