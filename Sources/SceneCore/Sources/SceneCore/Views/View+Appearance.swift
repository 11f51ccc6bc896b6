extension View {
    /// The colour that fills the view's bounds (rounded by ``cornerRadius``) behind its content and
    /// subviews. Default nil: nothing is filled.
    public var backgroundColor: Color? {
        get { _display?.backgroundColor }
        set {
            guard newValue != _display?.backgroundColor else { return }
            animatablePropertyWillChange(.backgroundColor)
            displayStorage.backgroundColor = newValue
            setNeedsDisplay()
        }
    }

    /// The colour controls use for their active parts (a button's title, a slider's filled track).
    ///
    /// Inherited as in UIKit: reading it returns the value set on the nearest of the view and its
    /// ancestors, else ``Color/tint`` (system blue). Setting nil returns to inheriting. A change
    /// calls ``tintColorDidChange()`` on the view and on every descendant that inherits it.
    public var tintColor: Color! {
        get {
            var node: View? = self
            while let current = node {
                if let color = current._display?.tintColor { return color }
                node = current._superview
            }
            return .tint
        }
        set {
            guard newValue != _display?.tintColor else { return }
            displayStorage.tintColor = newValue
            propagateTintChange()
        }
    }

    /// Whether the view may be treated as filling its bounds with opaque pixels. Default true for
    /// plain views, false for labels, buttons, switches, sliders and image views (as in UIKit).
    ///
    /// The renderer honours it when it can tell: an opaque view with an opaque ``backgroundColor``,
    /// square corners and no rotation hides what lies under it, and a redraw inside it draws nothing
    /// painted before it. Set it to false to have everything under such a view drawn anyway; the
    /// pixels are the same either way.
    public var isOpaque: Bool {
        get { _display?.isOpaque ?? isOpaqueByDefault }
        set { displayStorage.isOpaque = newValue }
    }

    /// UIKit's defaults: plain views are opaque, its controls, labels and image views are not.
    private var isOpaqueByDefault: Bool {
        !(self is Label || self is Control || self is ImageView)
    }

    /// The radius of the corners of the background, the border and (with ``clipsToBounds``) the clip
    /// of the subviews, in points. UIKit keeps it on the view's layer (`layer.cornerRadius`).
    public var cornerRadius: Double {
        get { _display?.cornerRadius ?? 0 }
        set {
            guard newValue != cornerRadius else { return }
            displayStorage.cornerRadius = newValue
            if clipsToBounds { displayGeometryDidChange() } else { setNeedsDisplay() }
        }
    }

    /// The width of the line drawn along the inside of the bounds, above the subviews (UIKit:
    /// `layer.borderWidth`). Default 0: no border.
    public var borderWidth: Double {
        get { _display?.borderWidth ?? 0 }
        set {
            guard newValue != borderWidth else { return }
            displayStorage.borderWidth = newValue
            setNeedsDisplay()
        }
    }

    /// The colour of the border (UIKit: `layer.borderColor`). Default black.
    public var borderColor: Color {
        get { _display?.borderColor ?? .black }
        set {
            guard newValue != borderColor else { return }
            displayStorage.borderColor = newValue
            setNeedsDisplay()
        }
    }

    /// How content with a size of its own (an ``ImageView``'s image) is placed in the bounds.
    /// Default ``ContentMode/scaleToFill``.
    public var contentMode: ContentMode {
        get { _display?.contentMode ?? .scaleToFill }
        set {
            guard newValue != contentMode else { return }
            displayStorage.contentMode = newValue
            setNeedsDisplay()
        }
    }

    var displayStorage: DisplayStorage {
        if let storage = _display { return storage }
        let storage = DisplayStorage()
        _display = storage
        return storage
    }

    /// Calls ``tintColorDidChange()`` on the view and the descendants that inherit its tint.
    private func propagateTintChange() {
        tintColorDidChange()
        for subview in _subviews where subview._display?.tintColor == nil {
            subview.propagateTintChange()
        }
    }
}
