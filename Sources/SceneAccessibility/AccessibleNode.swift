import SceneCore

/// One object of the accessible tree: the application root, or a view (a window is a view whose
/// parent is the root).
///
///     application (root)                   /org/a11y/atspi/accessible/root
///     ├ window (frame)                     /org/a11y/atspi/accessible/<id>
///     │ └ view … (exposed subviews)        /org/a11y/atspi/accessible/<id>
///     └ window …
@MainActor
enum AccessibleNode {
    case application
    case view(View)

    /// The view, or nil for the application root.
    var view: View? {
        if case .view(let view) = self { return view }
        return nil
    }

    /// The window when this node is a top-level window (a root child), else nil.
    var topLevelWindow: Window? {
        guard case .view(let view) = self, view.superview == nil else { return nil }
        return view as? Window
    }
}
