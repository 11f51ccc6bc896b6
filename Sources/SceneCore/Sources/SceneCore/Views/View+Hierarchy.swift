extension View {
    /// The view this view is a subview of.
    public var superview: View? { _superview }

    /// Subviews, back to front: the last one is drawn on top and is hit-tested first [HT-2].
    public var subviews: [View] { _subviews }

    /// The window this view is in, found by walking up the superviews; nil when not in a window.
    public var window: Window? {
        let bits = windowBits
        guard bits != 0 else { return nil }
        // Only the window returned is retained.
        return unsafeDowncast(unretained(bits, as: View.self), to: Window.self)
    }

    /// The bits of the window this view is in (0 when none), found without retaining anything.
    var windowBits: UInt {
        // Unretained (owner holds: each ancestor is held by its superview).
        var bits = UInt(bitPattern: ObjectIdentifier(self))
        while true {
            unowned(unsafe) let node = unretained(bits, as: View.self)
            if node._flags.contains(.isWindow) { return bits }
            bits = unretainedBits(&node._superview)
            if bits == 0 { return 0 }
        }
    }

    /// True when `self` is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        let target = UInt(bitPattern: ObjectIdentifier(view))
        var bits = UInt(bitPattern: ObjectIdentifier(self))
        while bits != 0 {
            if bits == target { return true }
            // Unretained (owner holds: each ancestor is held by its superview).
            bits = superviewBits(ofView: bits)
        }
        return false
    }

    /// The first view with `tag` in a depth-first search of this view and its subviews.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in _subviews {
            if let match = subview.viewWithTag(tag) { return match }
        }
        return nil
    }

    /// Adds `view` on top of the other subviews. A view that is already a subview moves to the top.
    public func addSubview(_ view: View) {
        insertSubview(view, at: view._superview === self ? _subviews.count - 1 : _subviews.count)
    }

    /// Inserts `view` at `index` in ``subviews`` (clamped to the valid range). A view that is already a
    /// subview of this view moves to that position; one in another superview is removed from it first.
    ///
    /// - Precondition: `view` is not this view or one of its ancestors.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "insertSubview: a view cannot be its own subview")
        precondition(!isDescendant(of: view), "insertSubview: \(type(of: view)) is an ancestor of \(type(of: self)); adding it would create a cycle")
        if view._superview === self {
            let from = Int(view._indexInSuperview)
            let to = Swift.max(0, Swift.min(index, _subviews.count - 1))
            guard from != to else { return }
            _subviews.remove(at: from)
            _subviews.insert(view, at: to)
            renumberSubviews(from: Swift.min(from, to))
            _childIndex?.move(from: from, to: to)
            view.displayGeometryDidChange()
            subviewsDidReorder()
            return
        }
        let oldWindow = view.window
        let newWindow = window
        if oldWindow !== newWindow { view.notifyWillMove(toWindow: newWindow) }
        view.willMove(toSuperview: self)
        view.detachFromSuperview()
        let position = Swift.max(0, Swift.min(index, _subviews.count))
        _subviews.insert(view, at: position)
        view._superview = self
        renumberSubviews(from: position)
        if _childIndex == nil { _childIndex = ChildHitIndex() }
        _childIndex!.insert(child: view, at: position)
        view.displayGeometryDidChange()
        // [LY-2] The receiver and the added view need layout (this also marks the new ancestors of a
        // subtree that has layout pending).
        setNeedsLayout()
        view.setNeedsLayout()
        view.didMoveToSuperview()
        didAddSubview(view)
        if oldWindow !== newWindow {
            oldWindow?.subtreeDidLeave(view)
            view.notifyDidMoveToWindow()
        }
        window?.viewHierarchyDidChange(in: self)
        oldWindow?.viewHierarchyDidChange(in: nil)
    }

    /// Inserts `view` just above `sibling` (which must be a subview of this view).
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        precondition(sibling._superview === self, "insertSubview(_:aboveSubview:): the sibling is not a subview of this view")
        let target = Int(sibling._indexInSuperview) + 1
        let adjust = view._superview === self && Int(view._indexInSuperview) < target ? 1 : 0
        insertSubview(view, at: target - adjust)
    }

    /// Inserts `view` just below `sibling` (which must be a subview of this view).
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        precondition(sibling._superview === self, "insertSubview(_:belowSubview:): the sibling is not a subview of this view")
        let target = Int(sibling._indexInSuperview)
        let adjust = view._superview === self && Int(view._indexInSuperview) < target ? 1 : 0
        insertSubview(view, at: target - adjust)
    }

    /// Moves `view` (a subview) to the top of the subviews.
    public func bringSubviewToFront(_ view: View) {
        guard view._superview === self else { return }
        insertSubview(view, at: _subviews.count - 1)
    }

    /// Moves `view` (a subview) to the bottom of the subviews.
    public func sendSubviewToBack(_ view: View) {
        guard view._superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Swaps two subviews' positions.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        precondition(_subviews.indices.contains(index1) && _subviews.indices.contains(index2),
            "exchangeSubview: indices \(index1), \(index2) out of range 0..<\(_subviews.count)")
        guard index1 != index2 else { return }
        _subviews.swapAt(index1, index2)
        _subviews[index1]._indexInSuperview = Int32(index1)
        _subviews[index2]._indexInSuperview = Int32(index2)
        _childIndex?.update(child: _subviews[index1], at: index1)
        _childIndex?.update(child: _subviews[index2], at: index2)
        _subviews[index1].displayGeometryDidChange()
        _subviews[index2].displayGeometryDidChange()
        subviewsDidReorder()
    }

    /// Removes the view from its superview.
    ///
    /// When this takes it out of a window: the window's first responder is forced to resign if it is
    /// in the removed subtree [FR-7], touches bound to views of the subtree are cancelled for those
    /// views (each gets `touchesCancelled` once, after the removal) [WS-8], and the subtree's gesture
    /// recognizers are cancelled or failed [GR-11].
    public func removeFromSuperview() {
        guard let parent = _superview else { return }
        let oldWindow = window
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        willMove(toSuperview: nil)
        parent.willRemoveSubview(self)
        detachFromSuperview()
        parent.setNeedsLayout()  // [LY-2]
        didMoveToSuperview()
        if let oldWindow {
            oldWindow.subtreeDidLeave(self)
            notifyDidMoveToWindow()
            oldWindow.viewHierarchyDidChange(in: parent)
        }
    }

    /// Unlinks from the superview without callbacks (the common part of remove and move).
    private func detachFromSuperview() {
        guard let parent = _superview else { return }
        displayWillDetach()
        let index = Int(_indexInSuperview)
        parent._subviews.remove(at: index)
        parent._childIndex?.remove(at: index)
        parent.renumberSubviews(from: index)
        _superview = nil
        _indexInSuperview = 0
    }

    private func renumberSubviews(from start: Int) {
        guard start < _subviews.count else { return }
        for index in start..<_subviews.count {
            _subviews[index]._indexInSuperview = Int32(index)
        }
    }

    private func subviewsDidReorder() {
        window?.viewHierarchyDidChange(in: self)
    }

    private func notifyWillMove(toWindow newWindow: Window?) {
        if let controller = _viewController {
            let shown = View.showsControllers(newWindow)
            if shown != View.showsControllers(window) { controller.automaticAppearanceBegin(shown) }  // [LY-8]
        }
        willMove(toWindow: newWindow)
        for subview in _subviews { subview.notifyWillMove(toWindow: newWindow) }
    }

    private func notifyDidMoveToWindow() {
        didMoveToWindow()
        _viewController?.automaticAppearanceEnd()  // [LY-8]
        for subview in _subviews { subview.notifyDidMoveToWindow() }
    }
}

extension View {
    /// A stable name for scripts and assistive tools: unique within its window, not localized.
    /// Also the first part of the view's D-Bus view reference.
    public var accessibilityIdentifier: String? {
        get { _accessibility?.identifier }
        set {
            accessibilityStorage.identifier = newValue
            notifyAccessibilityChange(.identifier)
        }
    }

    /// When true, the view and its subtree are hidden from assistive technologies.
    public var accessibilityElementsHidden: Bool {
        get { _flags.contains(.accessibilityHidden) }
        set {
            if newValue { _flags.insert(.accessibilityHidden) } else { _flags.remove(.accessibilityHidden) }
            notifyAccessibilityChange(.visibility)
        }
    }

    var accessibilityStorage: AccessibilityStorage {
        if let storage = _accessibility { return storage }
        let storage = AccessibilityStorage()
        _accessibility = storage
        return storage
    }

    /// Tells the application's observers that an accessibility-visible property of this view changed.
    func notifyAccessibilityChange(_ change: AccessibilityChange) {
        guard let window, let application = window.windowScene?.application, application.hasObservers else { return }
        application.notifyObservers { $0.accessibilityDidChange(change, of: self) }
    }
}

/// Which accessibility-visible property of a view changed (for the AT-SPI bridge's events).
public enum AccessibilityChange: Sendable {
    case name
    case description
    case role
    case value
    case identifier
    case visibility
    case state
}
