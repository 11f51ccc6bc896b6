import SceneCore

/// One object of the accessible tree: the application root, or a view (a window is a view whose
/// parent is the root, or its scene's frame for an alert or dialog window [WS-12]).
///
///     application (root)                   /org/a11y/atspi/accessible/root
///     ├ window (frame)                     /org/a11y/atspi/accessible/<id>
///     │ ├ view … (exposed subviews)        /org/a11y/atspi/accessible/<id>
///     │ └ window (alert) …                 the scene's alerts and dialogs
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

    /// The window when this node is a window (a root child, or an alert attached to its frame),
    /// else nil.
    var topLevelWindow: Window? {
        guard case .view(let view) = self, view.superview == nil else { return nil }
        return view as? Window
    }
}
