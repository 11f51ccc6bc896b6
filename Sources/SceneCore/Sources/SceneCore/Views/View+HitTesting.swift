extension View {
    /// Step 3 of the default `hitTest` [HT-2]: the first subview, front to back, whose hit test
    /// returns a view, with the point converted into it; nil when none does.
    ///
    /// Equivalent to calling `subview.hitTest(convertedPoint, with: event)` on each subview in turn,
    /// but subviews of SceneCore's own classes are decided from the container's records and descended
    /// into iteratively, with no calls, retains or allocations. Subviews of other classes (possible
    /// overrides) and transformed ones are still asked through their own methods, in the same order
    /// as the classic algorithm, so overrides observe exactly the calls they would get.
    ///
    /// The descent holds the current container, its index and the index's buffers unretained
    /// (`unretainedBits`): the tree cannot change while it runs, because nothing else runs on the main
    /// actor, and each container is owned by its superview up to `self`, which the caller holds. Only
    /// a subview's own `hitTest` override runs other code; around such a call the container is retained
    /// and everything read from the index is read again afterwards. (Overrides must not change the
    /// hierarchy [HQ-1]; if one does anyway, the answer is unspecified but memory stays valid.)
    final func hitTestSubviews(_ point: Point, with event: Event?) -> View? {
        unowned(unsafe) var node: View = self
        // Set once a subview's own `hitTest` has run: from then on the current container is retained.
        var anchor: View?
        var p = point
        descent: while true {
            let indexBits = unretainedBits(&node._childIndex)
            if indexBits == 0 { break }
            unowned(unsafe) let index = unsafeBitCast(indexBits, to: ChildHitIndex.self)
            // (Fields, not a computed property: a call through the unretained reference would retain it.)
            if index.specialsDirty || index.gridDirty { index.prepare(subviews: node._subviews) }
            var count = index.count
            if count == 0 { break }
            var records = index.records
            var specials = index.specials
            var s = index.specialCount - 1

            if let grid = index.grid, let cell = grid.cell(for: p) {
                // A cell lists its subviews front to back (descending index); specials are merged in
                // by index, so they are asked exactly where the linear order would ask them.
                var k = Int(grid.cellStarts[cell])
                let end = Int(grid.cellStarts[cell + 1])
                while true {
                    let nextGeometric = k < end ? Int(grid.entries[k]) : -1
                    let nextSpecial = s >= 0 ? Int(specials.unsafelyUnwrapped[s]) : -1
                    if nextSpecial > nextGeometric {
                        if anchor == nil { anchor = node }
                        let container = anchor.unsafelyUnwrapped
                        switch ChildHitIndex.askSpecial(container._subviews[nextSpecial], p, with: event) {
                        case .found(let view):
                            return view
                        case .descend(let child, let converted):
                            anchor = child
                            node = child
                            p = converted
                            continue descent
                        case nil:
                            break
                        }
                        // The override ran: if it changed this container's subviews, the answer is
                        // unspecified (see above) and the stale grid is not used again.
                        guard let fresh = container._childIndex, !fresh.gridDirty, !fresh.specialsDirty,
                            fresh.grid?.cellStarts == grid.cellStarts
                        else { break descent }
                        records = fresh.records
                        specials = fresh.specials
                        s = Swift.min(s, fresh.specialCount) - 1
                    } else if nextGeometric >= 0 {
                        let r = records[nextGeometric]
                        let qx = p.x - r.offsetX
                        let qy = p.y - r.offsetY
                        if qx >= r.minX && qx < r.maxX && qy >= r.minY && qy < r.maxY {
                            node = unsafeBitCast(unretainedElementBits(&node._subviews, nextGeometric), to: View.self)
                            if anchor != nil { anchor = node }
                            p = Point(x: qx, y: qy)
                            continue descent
                        }
                        k += 1
                    } else {
                        break descent
                    }
                }
            }

            // Linear scan, front to back: records strictly above the next special are pure arithmetic.
            var i = count - 1
            while i >= 0 {
                let nextSpecial = s >= 0 ? Int(specials.unsafelyUnwrapped[s]) : -1
                while i > nextSpecial {
                    let r = records[i]
                    let qx = p.x - r.offsetX
                    let qy = p.y - r.offsetY
                    if qx >= r.minX && qx < r.maxX && qy >= r.minY && qy < r.maxY {
                        node = unsafeBitCast(unretainedElementBits(&node._subviews, i), to: View.self)
                        if anchor != nil { anchor = node }
                        p = Point(x: qx, y: qy)
                        continue descent
                    }
                    i -= 1
                }
                guard i >= 0 else { break }
                // i == nextSpecial
                if anchor == nil { anchor = node }
                let container = anchor.unsafelyUnwrapped
                switch ChildHitIndex.askSpecial(container._subviews[i], p, with: event) {
                case .found(let view):
                    return view
                case .descend(let child, let converted):
                    anchor = child
                    node = child
                    p = converted
                    continue descent
                case nil:
                    break
                }
                // The override ran: read the index again before going on.
                guard let fresh = container._childIndex else { break descent }
                count = fresh.count
                records = fresh.records
                specials = fresh.specials
                s = Swift.min(s, fresh.specialCount) - 1
                i = Swift.min(i, count) - 1
            }
            break
        }
        return node === self ? nil : node
    }
}

/// The outcome of asking one special subview that is hit (nil when it is not).
enum SubviewSearchResult {
    /// The subview's own `hitTest` answered this view.
    case found(View)
    /// A transformed SceneCore-class subview contains the point: continue inside it.
    case descend(View, Point)
}

extension ChildHitIndex {
    /// A subview that cannot be decided from its record: a class that may override hit testing is
    /// asked through `hitTest(_:with:)`; a transformed SceneCore view is tested in its own space.
    ///
    /// A transform that cannot be inverted maps no point into the subview: it is asked with
    /// (NaN, NaN), which no bounds contain, so only an override that ignores the point can answer [HT-5].
    @inline(never)
    static func askSpecial(_ child: View, _ p: Point, with event: Event?) -> SubviewSearchResult? {
        let q = child.convertFromSuperview(p) ?? View.unmappablePoint
        if child._flags.contains(.customHitTesting) {
            return child.hitTest(q, with: event).map { .found($0) }
        }
        guard child.isHittable, child._bounds.contains(q) else { return nil }
        return .descend(child, q)
    }
}
