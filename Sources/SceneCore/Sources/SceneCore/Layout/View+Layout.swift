// The layout pass [LY-1 … LY-5]: UIKit's `setNeedsLayout`, `layoutIfNeeded` and `layoutSubviews`,
// without Auto Layout, and autoresizing.

extension View {
    /// How the frame follows the superview's size when the superview's bounds change size [LY-3].
    /// Default empty: the frame stays as it is.
    public var autoresizingMask: AutoresizingMask {
        get { _autoresizingMask }
        set { _autoresizingMask = newValue }
    }

    /// Whether a change of this view's size resizes its subviews by their ``autoresizingMask``
    /// [LY-3]. Default true.
    public var autoresizesSubviews: Bool {
        get { !_flags.contains(.keepsSubviewFrames) }
        set { if newValue { _flags.remove(.keepsSubviewFrames) } else { _flags.insert(.keepsSubviewFrames) } }
    }

    /// Marks the view as needing layout [LY-1]: the next layout pass calls ``layoutSubviews()`` once,
    /// however often this was called. The pass runs before the window is next drawn, before a new touch
    /// is hit-tested in its scene, and on ``layoutIfNeeded()``; never from inside this call.
    public func setNeedsLayout() {
        _flags.insert(.needsLayout)
        markSubtreeNeedsLayout()
    }

    /// Whether ``setNeedsLayout()`` was called and the view was not laid out since.
    public var needsLayout: Bool { _flags.contains(.needsLayout) }

    /// Lays out at once whatever is pending in this view's subtree and above it [LY-1]: from the
    /// topmost ancestor that needs layout (or this view when none does), each view that needs layout
    /// before its subviews, going down only into subtrees where something is pending.
    public func layoutIfNeeded() {
        var top = self
        var node = _superview
        while let current = node {
            if current._flags.contains(.needsLayout) { top = current }
            node = current._superview
        }
        top.layoutPendingSubtree()
    }

    /// Sets ``ViewFlags/subtreeNeedsLayout`` here and up to the first ancestor that has it already
    /// (whose own ancestors then have it too).
    func markSubtreeNeedsLayout() {
        // Unretained (owner holds: each ancestor is held by its superview; marking runs no code).
        var bits = UInt(bitPattern: ObjectIdentifier(self))
        while bits != 0 {
            unowned(unsafe) let node = unretained(bits, as: View.self)
            if node._flags.contains(.subtreeNeedsLayout) { return }
            node._flags.insert(.subtreeNeedsLayout)
            bits = unretainedBits(&node._superview)
        }
    }

    /// The view first (when it needs layout), then its subviews in order, into marked subtrees only.
    /// A subview added or marked during its parent's layout is laid out in the same walk. The mark is
    /// cleared before anything runs, so a view marked again during the walk (by its own layout or a
    /// later sibling's) marks its ancestors again, and the window walks again (``Window/layoutPending()``).
    func layoutPendingSubtree() {
        _flags.remove(.subtreeNeedsLayout)
        if _flags.contains(.needsLayout) {
            _flags.remove(.needsLayout)
            let controller = _viewController
            _flags.insert(.layingOut)
            controller?.viewWillLayoutSubviews()
            layoutSubviews()
            controller?.viewDidLayoutSubviews()
            _flags.remove(.layingOut)
        }
        var index = 0
        while index < _subviews.count {
            let subview = _subviews[index]
            if subview._flags.contains(.subtreeNeedsLayout) { subview.layoutPendingSubtree() }
            index += 1
        }
    }

    /// The bounds changed size (also through ``frame``) [LY-2, LY-3]: the subviews follow their masks
    /// at once, and the view and its superview need layout.
    func sizeDidChange(from oldSize: Size) {
        setNeedsLayout()
        // Unretained (owner holds: the superview is held by its own superview, or is a window its
        // scene holds; marking it runs no code outside SceneCore). In an autoresizing cascade the
        // superview is already marked, and the mark is all this reads.
        let parentBits = unretainedBits(&_superview)
        if parentBits != 0 {
            unowned(unsafe) let parent = unretained(parentBits, as: View.self)
            if !parent._flags.contains(.needsLayout), !parent._flags.contains(.layingOut) { parent.setNeedsLayout() }
        }
        // A window's root view fills it whatever its mask [LY-10].
        let root = _flags.contains(.isWindow) ? unsafeDowncast(self, to: Window.self).installedRootView : nil
        if let root {
            let filled = Rect(origin: _bounds.origin, size: _bounds.size)
            if root.frame != filled { root.frame = filled }
        }
        guard !_flags.contains(.keepsSubviewFrames) else { return }
        let newSize = _bounds.size
        for subview in _subviews where !subview._autoresizingMask.isEmpty && subview !== root {
            subview.frame = subview._autoresizingMask.resized(subview.frame, from: oldSize, to: newSize)
        }
    }
}
