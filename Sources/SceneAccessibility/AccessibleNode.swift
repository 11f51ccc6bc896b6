import SceneCore

/// One object of the accessible tree: the application root, or a view (a window is a view whose
/// parent is the root, or its scene's frame for an alert or dialog window [WS-12]).
///
///     application (root)                   /org/a11y/atspi/accessible/root
///     ├ window (frame)                     /org/a11y/atspi/accessible/<id>
///     │ ├ view … (exposed subviews)        /org/a11y/atspi/accessible/<id>
///     │ ├ table                            /org/a11y/atspi/accessible/<id>
///     │ │ ├ cell (a row on screen)         /org/a11y/atspi/accessible/<id>
///     │ │ └ row (out of view) …            /org/a11y/atspi/accessible/<table id>_<section>_<row>
///     │ └ window (alert) …                 the scene's alerts and dialogs
///     └ window …
@MainActor
enum AccessibleNode {
    case application
    case view(View)
    /// A row of a table, made when a client asks for a row that has no cell on screen [TV-12]; it
    /// answers from the table and the row's cell or stand-in (``SceneCore/TableView/withCell(forRowAt:_:)``),
    /// and stays valid (the same path) while the table has the row, on screen or not.
    case row(TableView, IndexPath)

    /// The view, or nil for the application root and for a row (which is not a view of its own).
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
