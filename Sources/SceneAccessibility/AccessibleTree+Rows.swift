import SceneCore

/// A table's rows in the tree [TV-12]. A table's exposed children are every row of its data, in row
/// order — the cell of a row on screen, and for a row out of view a ``AccessibleNode/row(_:_:)`` —
/// followed by its other exposed subviews. Child counts, indices and lookups are computed from the
/// table's counts (O(sections)), so a table of 100,000 rows costs no object until a client asks for a
/// row, and then only that row's.
extension AccessibleTree {
    /// How many exposed children `node` has: every row of a table, then its other subviews.
    func childCount(of node: AccessibleNode) -> Int {
        guard case .view(let table as TableView) = node else { return children(of: node).count }
        return table.numberOfRowsInAllSections + otherChildren(of: table).count
    }

    /// Exposed child `index` of `node`, or nil outside ``childCount(of:)``.
    func childNode(of node: AccessibleNode, at index: Int) -> AccessibleNode? {
        guard index >= 0 else { return nil }
        guard case .view(let table as TableView) = node else {
            let children = children(of: node)
            return index < children.count ? .view(children[index]) : nil
        }
        let rows = table.numberOfRowsInAllSections
        if index < rows, let row = table.indexPath(atPosition: index) { return rowNode(table, row) }
        let others = otherChildren(of: table)
        return index - rows < others.count ? .view(others[index - rows]) : nil
    }

    /// Every exposed child of `node`, in order (``childNode(of:at:)`` for each index).
    func childNodes(of node: AccessibleNode) -> [AccessibleNode] {
        guard case .view(let table as TableView) = node else { return children(of: node).map(AccessibleNode.view) }
        var nodes: [AccessibleNode] = []
        nodes.reserveCapacity(childCount(of: node))
        for section in 0..<table.numberOfSections {
            for row in 0..<table.numberOfRows(inSection: section) {
                nodes.append(rowNode(table, IndexPath(row: row, section: section)))
            }
        }
        return nodes + otherChildren(of: table).map(AccessibleNode.view)
    }

    /// A row as a child of its table: its cell while on screen, else the row itself.
    func rowNode(_ table: TableView, _ row: IndexPath) -> AccessibleNode {
        table.cellForRow(at: row).map(AccessibleNode.view) ?? .row(table, row)
    }

    /// The position of `child`, an exposed subview of `table`, among the table's exposed children: a
    /// cell on screen is at its row's position, any other subview after the rows. Nil when it is
    /// neither.
    func index(of child: View, inTable table: TableView) -> Int? {
        if let cell = child as? TableViewCell, let row = table.indexPath(for: cell) { return table.position(of: row) }
        return otherChildren(of: table).firstIndex { $0 === child }.map { table.numberOfRowsInAllSections + $0 }
    }

    /// The exposed subviews of `table` that are not the cells of its rows on screen.
    func otherChildren(of table: TableView) -> [View] {
        children(of: .view(table)).filter { child in
            guard let cell = child as? TableViewCell else { return true }
            return table.indexPath(for: cell) == nil
        }
    }

    /// The row `node` names, with its table: a row out of view, or the cell of a row on screen.
    func tableRow(of node: AccessibleNode) -> (table: TableView, row: IndexPath)? {
        switch node {
        case .row(let table, let row): return (table, row)
        case .view(let cell as TableViewCell):
            guard let table = cell.superview as? TableView, let row = table.indexPath(for: cell) else { return nil }
            return (table, row)
        case .view, .application: return nil
        }
    }
}
