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
    /// Per container: the index finds the frontmost subview whose record holds the point (a linear
    /// scan for small containers, a ``HitGrid`` or ``HitBVH`` for large ones); the specials in front
    /// of it are asked first, front to back, exactly as the linear order would ask them, and the
    /// search descends into the first that answers, else into that subview.
    ///
    /// The descent holds the current container, its index and the index's buffers unretained (main
    /// actor only: the tree cannot change while it runs; owner holds: each container is held by its
    /// superview up to `self`, which the caller holds, and each index by its container). Only
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
            unowned(unsafe) var index = unretained(indexBits, as: ChildHitIndex.self)
            // (Fields, not a computed property or a method: a call through the unretained reference
            // would retain it.)
            if index.specialsDirty || index.spatialDirty { index.prepare(subviews: node._subviews) }
            var counter = NotCounted()
            // The frontmost subview the records place the point in; the specials in front of it are
            // asked first, front to back, as the linear order would ask them.
            var hit = ChildHitIndex.frontmostHit(p, index.spatial, index.records, index.count, counter: &counter)
            var s = index.specialCount - 1
            while s >= 0 {
                let special = Int(index.specials.unsafelyUnwrapped[s])
                if special < hit { break }
                if anchor == nil { anchor = node }
                let container = anchor.unsafelyUnwrapped
                let generation = index.generation
                switch ChildHitIndex.askSpecial(container._subviews[special], p, with: event) {
                case .found(let view):
                    return view
                case .descend(let child, let converted):
                    anchor = child
                    node = child
                    p = converted
                    continue descent
                case .none:
                    break
                }
                s -= 1
                // The override ran. If it changed this container's subviews (which it must not
                // [HQ-1]), the answer is unspecified, but the search goes on, memory-safely, over
                // what is there now behind the special just asked.
                guard let fresh = container._childIndex else { break descent }
                if fresh !== index || fresh.generation != generation {
                    if fresh.isStale { fresh.prepare(subviews: container._subviews) }
                    index = fresh
                    hit = fresh.frontmostHit(p, below: special)
                    s = fresh.specialCount - 1
                    while s >= 0 && Int(fresh.specials.unsafelyUnwrapped[s]) >= special { s -= 1 }
                }
            }
            guard hit >= 0 else { break }
            let record = index.records[hit]
            node = unretained(unretainedElementBits(&node._subviews, hit), as: View.self)
            if anchor != nil { anchor = node }
            p = Point(x: p.x - record.offsetX, y: p.y - record.offsetY)
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
