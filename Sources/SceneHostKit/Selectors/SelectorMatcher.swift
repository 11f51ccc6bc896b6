public import SceneCore

/// Matches parsed selectors (``ViewSelector``) against the live view trees, and answers the
/// actionability questions `TapMatching` asks: visible, enabled, hittable.
///
/// Windows are searched scene by scene (connection order), window by window (the scene's order),
/// each depth-first from the window itself, so matches come in a stable, tree order. Class names are
/// resolved once per class (the matcher remembers them), so a search costs a few comparisons per
/// view. Main actor, like the model.
@MainActor
public final class SelectorMatcher {
    /// One view a selector matched, with its window.
    public struct Match {
        public let window: Window
        /// The view matched; for a match in a table row out of view, the table.
        public let view: View
        /// Set for a match in a table row that has no cell on screen [TV-12]: the row, and which view of
        /// its cell matched. Nil for a view in the tree.
        public let offscreenRow: OffscreenRow?

        public init(window: Window, view: View, offscreenRow: OffscreenRow? = nil) {
            self.window = window
            self.view = view
            self.offscreenRow = offscreenRow
        }
    }

    /// What matched in a table row out of view [TV-12]: the row's cell, or a view inside it, as the
    /// data source's cell for that row has it.
    public struct OffscreenRow: Hashable, Sendable {
        public let indexPath: IndexPath
        /// The class name of the view that matched.
        public let typeName: String
        /// The subview indices from the row's cell down to the view that matched; empty for the cell.
        public let subviewPath: [Int]
    }

    /// The names of each class seen and of its superclasses, by class.
    private var classNames: [ObjectIdentifier: [String]] = [:]

    public init() {}

    /// Every view `selector` matches, in tree order, after the application's pending layout [LY-5]: a
    /// view that places or adds its subviews in `layoutSubviews` is matched as it will be drawn.
    /// `includingRowsOutOfView` false leaves out tables' rows that have no cell on screen (TV-12), and
    /// what looking at them costs: for a caller that can use views only.
    public func matches(_ selector: ViewSelector, in application: Application, includingRowsOutOfView: Bool = true) -> [Match] {
        application.layoutIfNeeded()
        let query = Query(selector.compounds.map(CompiledCompound.init), selector.combinators, rowsOutOfView: includingRowsOutOfView)
        var found: [Match] = []
        var path: [View] = []
        for scene in application.connectedScenes where selector.scene == nil || selector.scene == scene.name {
            for window in scene.windows {
                if query.compounds.count == 1 {
                    search(window, window: window, compound: query.last, rowsOutOfView: query.rowsOutOfView, place: .tree, into: &found)
                } else {
                    search(window, window: window, query: query, path: &path, place: .tree, into: &found)
                }
            }
        }
        return found
    }

    /// A selector prepared for matching: each compound's tests sorted cheapest first, held by
    /// reference so that the walk copies nothing per view.
    private final class Query {
        let compounds: [CompiledCompound]
        let combinators: [ViewSelector.Combinator]
        let last: CompiledCompound
        /// Whether tables' rows out of view are searched (their stand-ins).
        let rowsOutOfView: Bool

        init(_ compounds: [CompiledCompound], _ combinators: [ViewSelector.Combinator], rowsOutOfView: Bool) {
            self.compounds = compounds
            self.combinators = combinators
            self.rowsOutOfView = rowsOutOfView
            last = compounds[compounds.count - 1]
        }
    }

    private final class CompiledCompound {
        /// `#id` or `[id=…]` (the most selective test, and the cheapest: asked first).
        let identifier: String?
        let attributes: [(ViewSelector.Attribute, String)]
        let typeName: String?
        let visible: Bool
        let enabled: Bool

        init(_ compound: ViewSelector.Compound) {
            var identifier: String?
            var attributes: [(ViewSelector.Attribute, String)] = []
            var visible = false, enabled = false
            for test in compound.tests {
                switch test {
                case .attribute(.id, let value) where identifier == nil: identifier = value
                case .attribute(let attribute, let value): attributes.append((attribute, value))
                case .visible: visible = true
                case .enabled: enabled = true
                }
            }
            self.identifier = identifier
            self.attributes = attributes
            self.typeName = compound.typeName
            self.visible = visible
            self.enabled = enabled
        }
    }

    /// Where the walk is: in a window's view tree, or inside the stand-in cell of a table row that has
    /// no cell on screen [TV-12].
    private struct Place {
        /// The row out of view whose stand-in is being searched, and the path from the stand-in to the
        /// current view; nil in the view tree.
        var offscreen: (row: IndexPath, table: TableView, path: [Int])?

        static let tree = Place(offscreen: nil)

        /// The place of subview `index` of the current view.
        func child(_ index: Int) -> Place {
            guard var offscreen else { return self }
            offscreen.path.append(index)
            return Place(offscreen: offscreen)
        }

        func match(_ view: View, in window: Window, typeName: @autoclosure () -> String) -> Match {
            guard let offscreen else { return Match(window: window, view: view) }
            return Match(
                window: window, view: offscreen.table,
                offscreenRow: OffscreenRow(indexPath: offscreen.row, typeName: typeName(), subviewPath: offscreen.path))
        }
    }

    private func search(_ view: View, window: Window, query: Query, path: inout [View], place: Place, into found: inout [Match]) {
        if matches(query.last, view, place: place),
            matchesAncestors(query, compound: query.compounds.count - 2, below: path.count, path: path)
        {
            found.append(place.match(view, in: window, typeName: self.typeName(of: view)))
        }
        let subviews = view.subviews
        guard !subviews.isEmpty || view is TableView else { return }
        path.append(view)
        forEachChild(of: view, place: place, rowsOutOfView: query.rowsOutOfView) { child, childPlace in
            search(child, window: window, query: query, path: &path, place: childPlace, into: &found)
        }
        path.removeLast()
    }

    /// ``search`` for a selector of one compound: no ancestors to remember.
    private func search(_ view: View, window: Window, compound: CompiledCompound, rowsOutOfView: Bool, place: Place, into found: inout [Match]) {
        if matches(compound, view, place: place) { found.append(place.match(view, in: window, typeName: self.typeName(of: view))) }
        forEachChild(of: view, place: place, rowsOutOfView: rowsOutOfView) { child, childPlace in
            search(child, window: window, compound: compound, rowsOutOfView: rowsOutOfView, place: childPlace, into: &found)
        }
    }

    /// Visits the children of `view` in tree order. A table's children are its rows in row order —
    /// the cell on screen, or else a stand-in the table fills for the row and takes back after the
    /// visit [TV-12] (none without `rowsOutOfView`) — then its other subviews. Every other view's are
    /// its subviews, back to front.
    private func forEachChild(of view: View, place: Place, rowsOutOfView: Bool, _ visit: (View, Place) -> Void) {
        let subviews = view.subviews
        guard let table = view as? TableView, place.offscreen == nil else {
            for (index, subview) in subviews.enumerated() { visit(subview, place.child(index)) }
            return
        }
        for section in 0..<table.numberOfSections {
            for row in 0..<table.numberOfRows(inSection: section) {
                let indexPath = IndexPath(row: row, section: section)
                if let cell = table.cellForRow(at: indexPath) {
                    visit(cell, place)
                } else if rowsOutOfView {
                    table.withCell(forRowAt: indexPath) { standIn in
                        visit(standIn, Place(offscreen: (indexPath, table, [])))
                    }
                }
            }
        }
        for subview in subviews {
            if let cell = subview as? TableViewCell, table.indexPath(for: cell) != nil { continue }
            visit(subview, place)
        }
    }

    /// Whether `compound` and the ones before it match ancestors in `path[..<below]` (the ancestors of
    /// the view that matched `compound + 1`, nearest last), as the combinators say.
    private func matchesAncestors(_ query: Query, compound: Int, below: Int, path: [View]) -> Bool {
        guard compound >= 0 else { return true }
        let wanted = query.compounds[compound]
        switch query.combinators[compound] {
        case .child:
            guard below > 0, matches(wanted, path[below - 1]) else { return false }
            return matchesAncestors(query, compound: compound - 1, below: below - 1, path: path)
        case .descendant:
            var index = below - 1
            while index >= 0 {
                if matches(wanted, path[index]), matchesAncestors(query, compound: compound - 1, below: index, path: path) {
                    return true
                }
                index -= 1
            }
            return false
        }
    }

    private func matches(_ compound: CompiledCompound, _ view: View, place: Place = .tree) -> Bool {
        if let identifier = compound.identifier, view.accessibilityIdentifier != identifier { return false }
        for (attribute, value) in compound.attributes where Self.value(of: attribute, of: view) != value {
            return false
        }
        if let typeName = compound.typeName, !names(of: view).contains(typeName) { return false }
        if let offscreen = place.offscreen {
            // A row out of view is not visible [TV-12]; its stand-in is enabled as its cell would be in
            // the table.
            if compound.visible { return false }
            if compound.enabled, !isEnabled(view) || !isEnabled(offscreen.table) || !offscreen.table.isUserInteractionEnabled {
                return false
            }
            return true
        }
        if compound.visible, visibleRect(of: view) == nil { return false }
        if compound.enabled, !isEnabled(view) { return false }
        return true
    }

    /// Whether `view` itself is what `compound` describes.
    public func matches(_ compound: ViewSelector.Compound, _ view: View) -> Bool {
        matches(CompiledCompound(compound), view)
    }

    /// The value an attribute test compares; nil when the view has none.
    static func value(of attribute: ViewSelector.Attribute, of view: View) -> String? {
        switch attribute {
        case .id: view.accessibilityIdentifier
        case .label: view.accessibilityLabel
        case .text: (view as? Label)?.text ?? (view as? TextField)?.text
        case .title: (view as? Button)?.currentTitle ?? (view as? Window)?.title
        case .role: view.accessibilityRole.rawValue
        }
    }

    /// The class name of `view`.
    func typeName(of view: View) -> String { names(of: view)[0] }

    /// The class of `view` and its superclasses, by name (`BlueView`, `View`, `Responder`).
    func names(of view: View) -> [String] {
        let key = ObjectIdentifier(type(of: view))
        if let known = classNames[key] { return known }
        var names: [String] = []
        var mirror: Mirror? = Mirror(reflecting: view)
        while let current = mirror {
            names.append(String(describing: current.subjectType))
            mirror = current.superclassMirror
        }
        classNames[key] = names
        return names
    }
}

@MainActor
extension SelectorMatcher.Match {
    /// How scripts and the bus name what matched: the view's ``SceneCore/ViewReference``, or for a
    /// table row out of view [TV-12] the table's reference and the row, `table/row:0.39` (section 0,
    /// row 39), followed for a view inside the row's cell by its class name and subview path from the
    /// cell, `table/row:0.39/Label#0`.
    public var reference: String {
        guard let row = offscreenRow, let table = view as? TableView else { return ViewReference.reference(for: view) }
        let rowReference = ViewReference.reference(forRow: row.indexPath, in: table)
        guard !row.subviewPath.isEmpty else { return rowReference }
        return rowReference + "/" + row.typeName + "#" + row.subviewPath.map(String.init).joined(separator: ".")
    }
}
