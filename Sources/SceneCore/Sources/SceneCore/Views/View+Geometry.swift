extension View {
    /// The view's rectangle in its superview's coordinates.
    ///
    /// With the identity transform this is exactly the value last set (or derived from `center` and
    /// `bounds`). With another transform it is the bounding box of the transformed bounds; setting it
    /// then moves `center` to the rectangle's midpoint and leaves `bounds` alone.
    public var frame: Rect {
        get {
            guard let placement = _transform else {
                return Rect(origin: _frameOrigin, size: _bounds.size)
            }
            let size = _bounds.size
            let local = Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
            return local.applying(placement.transform).offsetBy(dx: placement.center.x, dy: placement.center.y)
        }
        set {
            animatablePropertyWillChange(.bounds)
            animatablePropertyWillChange(.center)
            let oldBounds = _bounds
            if let placement = _transform {
                placement.center = newValue.center
            } else {
                _frameOrigin = newValue.origin
                _bounds.size = newValue.size
            }
            hitGeometryDidChange()
            if _bounds.size != oldBounds.size { sizeDidChange(from: oldBounds.size) }
            if _bounds != oldBounds { boundsDidChange(from: oldBounds) }
        }
    }

    /// The view's own coordinate space. `origin` shifts where subviews sit [HT-6] (scrolling);
    /// `size` resizes the view around its center.
    public var bounds: Rect {
        get { _bounds }
        set {
            animatablePropertyWillChange(.bounds)
            let oldCenter = center
            let oldBounds = _bounds
            _bounds = newValue
            if _transform == nil {
                _frameOrigin = Point(x: oldCenter.x - newValue.size.width / 2, y: oldCenter.y - newValue.size.height / 2)
            }
            if newValue.size == oldBounds.size, newValue.origin != oldBounds.origin, let scrollView = self as? ScrollView {
                // Only the content moved: its picture may be moved instead of redrawn [SV-27].
                scrollView.displayContentOffsetDidChange(from: oldBounds.origin)
                hitIndexDidChange()
            } else {
                hitGeometryDidChange()
            }
            if newValue.size != oldBounds.size { sizeDidChange(from: oldBounds.size) }
            if newValue != oldBounds { boundsDidChange(from: oldBounds) }
        }
    }

    /// The center of the view in its superview's coordinates; the point `transform` rotates and scales about.
    public var center: Point {
        get {
            if let placement = _transform { return placement.center }
            return Point(x: _frameOrigin.x + _bounds.size.width / 2, y: _frameOrigin.y + _bounds.size.height / 2)
        }
        set {
            animatablePropertyWillChange(.center)
            if let placement = _transform {
                placement.center = newValue
            } else {
                _frameOrigin = Point(x: newValue.x - _bounds.size.width / 2, y: newValue.y - _bounds.size.height / 2)
            }
            hitGeometryDidChange()
        }
    }

    /// Scale, rotation and translation applied around ``center``. A transformed view is hit in its
    /// transformed footprint [HT-5]. A transform that cannot be inverted (scale 0, or entries that are
    /// not finite) covers no point: hit testing still asks the view, with the point (NaN, NaN) [HT-5].
    public var transform: AffineTransform {
        get { _transform?.transform ?? .identity }
        set {
            animatablePropertyWillChange(.transform)
            let currentCenter = center
            if newValue.isIdentity {
                _transform = nil
                _frameOrigin = Point(
                    x: currentCenter.x - _bounds.size.width / 2, y: currentCenter.y - _bounds.size.height / 2)
            } else {
                _transform = TransformStorage(transform: newValue, center: currentCenter)
            }
            hitGeometryDidChange()
        }
    }

    /// Keeps the superview's hit records in step after any change to geometry or hit flags, and
    /// tells the window's renderers (geometry, hidden and alpha change what is drawn).
    func hitGeometryDidChange() {
        displayGeometryDidChange()
        hitIndexDidChange()
    }

    /// Keeps the superview's hit records in step after a change of the view's geometry or hit flags.
    func hitIndexDidChange() {
        // Unretained (owner holds: the superview is held by its own superview, or is a window its
        // scene holds; only its child index is read, and updating it runs no code outside SceneCore).
        let parentBits = unretainedBits(&_superview)
        guard parentBits != 0 else { return }
        unowned(unsafe) let parent = unretained(parentBits, as: View.self)
        // Unretained (owner holds: the parent holds its child index).
        let indexBits = unretainedBits(&parent._childIndex)
        guard indexBits != 0 else { return }
        unowned(unsafe) let index = unretained(indexBits, as: ChildHitIndex.self)
        index.update(child: self, at: Int(_indexInSuperview))
    }

    // MARK: Conversion between a view and its superview

    /// What a hit test asks a subview with when its transform cannot be inverted: no point of the
    /// superview maps into it, and no bounds contain (NaN, NaN) [HT-5].
    static let unmappablePoint = Point(x: .nan, y: .nan)

    /// Maps a point from the superview's coordinates into this view's bounds coordinates [HT-5]:
    /// `p − (frame.origin − bounds.origin)` with the identity transform,
    /// `T⁻¹·(p − center) + bounds.origin + bounds.size/2` otherwise. Nil when the transform is singular.
    @inline(__always)
    func convertFromSuperview(_ point: Point) -> Point? {
        guard let placement = _transform else {
            return Point(x: point.x - (_frameOrigin.x - _bounds.origin.x), y: point.y - (_frameOrigin.y - _bounds.origin.y))
        }
        guard let inverse = placement.inverse else { return nil }
        let local = Point(x: point.x - placement.center.x, y: point.y - placement.center.y).applying(inverse)
        return Point(
            x: local.x + _bounds.origin.x + _bounds.size.width / 2,
            y: local.y + _bounds.origin.y + _bounds.size.height / 2)
    }

    /// Maps a point from this view's bounds coordinates into the superview's coordinates.
    func convertToSuperview(_ point: Point) -> Point {
        guard let placement = _transform else {
            return Point(x: point.x + (_frameOrigin.x - _bounds.origin.x), y: point.y + (_frameOrigin.y - _bounds.origin.y))
        }
        let local = Point(
            x: point.x - _bounds.origin.x - _bounds.size.width / 2,
            y: point.y - _bounds.origin.y - _bounds.size.height / 2)
        let moved = local.applying(placement.transform)
        return Point(x: moved.x + placement.center.x, y: moved.y + placement.center.y)
    }
}
