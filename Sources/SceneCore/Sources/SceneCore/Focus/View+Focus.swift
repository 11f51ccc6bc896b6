/// Keyboard focus and activation for views [FO-2, KB-5].
extension View {
    /// Whether the view is its window's focused view [FO-1].
    public var isFocused: Bool {
        guard let window else { return false }
        return window.focusedView === self
    }

    /// The view controller whose root view this is, if any.
    var owningViewController: ViewController? { _viewController }

    /// Whether the view carries an enabled tap gesture recognizer.
    var hasEnabledTapRecognizer: Bool {
        _gestureRecognizers.contains { $0 is TapGestureRecognizer && $0.isEnabled }
    }

    /// Whether the view, and every ancestor up to its window, could take a touch: not hidden, not
    /// transparent, interaction enabled, and for controls enabled. False for a view in no window.
    public var isInteractiveInWindow: Bool {
        var node: View? = self
        while let view = node {
            guard view.isHittable else { return false }
            if let control = view as? Control, !control.isEnabled { return false }
            if view is Window { return true }
            node = view._superview
        }
        return false
    }

    /// Whether the view can take keyboard focus now: it can become focused
    /// (``canBecomeFocused``), is in a window, and it and its ancestors can be interacted with [FO-2].
    public var isFocusable: Bool {
        canBecomeFocused && !(self is Window) && isInteractiveInWindow
    }
}
