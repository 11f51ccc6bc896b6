// The safe area and layout margins [LY-9].

extension View {
    /// The default ``layoutMargins`` of a view (UIKit's 8 points on each edge).
    public nonisolated static let defaultLayoutMargins = EdgeInsets(all: 8)

    /// How far each edge of the bounds is from the safe area [LY-9]: the part of the superview's
    /// safe area insets that overlaps the view (a window's own are zero: a desktop window has no
    /// notch or bars over it), plus a view controller's ``ViewController/additionalSafeAreaInsets``
    /// on its root view. Never negative. Computed when read; read it in `layoutSubviews`.
    public var safeAreaInsets: EdgeInsets {
        var insets = EdgeInsets.zero
        if let superview = _superview {
            let outer = superview.safeAreaLayoutGuide.layoutFrame  // both in the superview's coordinates
            let inner = frame
            insets = EdgeInsets(
                top: Swift.max(0, outer.minY - inner.minY), left: Swift.max(0, outer.minX - inner.minX),
                bottom: Swift.max(0, inner.maxY - outer.maxY), right: Swift.max(0, inner.maxX - outer.maxX))
        }
        if let extra = _viewController?.additionalSafeAreaInsets {
            insets = EdgeInsets(
                top: insets.top + Swift.max(0, extra.top), left: insets.left + Swift.max(0, extra.left),
                bottom: insets.bottom + Swift.max(0, extra.bottom), right: insets.right + Swift.max(0, extra.right))
        }
        return insets
    }

    /// The bounds inside the safe area [LY-9].
    public var safeAreaLayoutGuide: LayoutGuide {
        LayoutGuide(layoutFrame: Self.inset(bounds, by: safeAreaInsets))
    }

    /// Space to keep between the view's edges and its content [LY-9]. Default
    /// ``defaultLayoutMargins``. Setting it calls ``layoutMarginsDidChange()`` and marks the view
    /// for layout.
    public var layoutMargins: EdgeInsets {
        get { _layoutMargins ?? Self.defaultLayoutMargins }
        set {
            guard newValue != layoutMargins else { return }
            _layoutMargins = newValue
            layoutMarginsDidChange()
            setNeedsLayout()
        }
    }

    /// Whether the margins are measured from the safe area rather than the bounds [LY-9]. Default
    /// true.
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { !_flags.contains(.marginsIgnoreSafeArea) }
        set {
            guard newValue != insetsLayoutMarginsFromSafeArea else { return }
            if newValue { _flags.remove(.marginsIgnoreSafeArea) } else { _flags.insert(.marginsIgnoreSafeArea) }
            setNeedsLayout()
        }
    }

    /// The bounds inside the layout margins, measured from the safe area when
    /// ``insetsLayoutMarginsFromSafeArea`` [LY-9].
    public var layoutMarginsGuide: LayoutGuide {
        let base = insetsLayoutMarginsFromSafeArea ? safeAreaLayoutGuide.layoutFrame : bounds
        return LayoutGuide(layoutFrame: Self.inset(base, by: layoutMargins))
    }

    /// `rect` inset by `insets`; on an axis where the insets take more than its length, the middle
    /// of `rect` with no length.
    static func inset(_ rect: Rect, by insets: EdgeInsets) -> Rect {
        let width = rect.width - insets.left - insets.right, height = rect.height - insets.top - insets.bottom
        return Rect(
            x: width < 0 ? rect.midX : rect.minX + insets.left, y: height < 0 ? rect.midY : rect.minY + insets.top,
            width: Swift.max(0, width), height: Swift.max(0, height))
    }

    /// Marks this view and every view under it for layout: their safe areas may have changed.
    func setNeedsLayoutInSubtree() {
        setNeedsLayout()
        for subview in _subviews { subview.setNeedsLayoutInSubtree() }
    }
}
