import SceneCore

/// What changed since clients were last told, record by record. Each `refresh` compares the model
/// with the record, stores the new value and returns the difference, so each change is announced
/// once.
extension AccessibleTree {
    /// The root's children (the frame windows) since last announced.
    func refreshWindows() -> ChildrenDiff {
        let current = windows
        let diff = ChildrenDiff(old: announcedWindows, new: current)
        announcedWindows = current
        return diff
    }

    /// The windows created and destroyed since last announced, wherever they are in the tree (a
    /// window that moves between the root and a frame is neither).
    func refreshWindowSet() -> (created: [Window], destroyed: [Window]) {
        let current = allWindows
        let old = Set(announcedAllWindows.map(ObjectIdentifier.init))
        let new = Set(current.map(ObjectIdentifier.init))
        let destroyed = announcedAllWindows.filter { !new.contains(ObjectIdentifier($0)) }
        let created = current.filter { !old.contains(ObjectIdentifier($0)) }
        announcedAllWindows = current
        return (created, destroyed)
    }

    /// `view`'s exposed children since last announced; nil when clients do not know `view`.
    func refreshChildren(of view: View) -> ChildrenDiff? {
        guard let record = records[ObjectIdentifier(view)] else { return nil }
        let current = children(of: .view(view))
        let diff = ChildrenDiff(old: record.children, new: current)
        if !diff.isEmpty { updateRecord(of: view) { $0.children = current } }
        return diff
    }

    /// For a table clients know: the rows whose object changed since last announced — a row that came
    /// on screen is its cell now, a row that left is a row object again [TV-12] — each at its index, and
    /// how its other children changed (indices after the rows). Nil when clients do not know `table`.
    func refreshRows(of table: TableView) -> (replaced: [(index: Int, old: AccessibleNode, new: AccessibleNode)], others: ChildrenDiff)? {
        guard let record = records[ObjectIdentifier(table)] else { return nil }
        let current = cellRows(of: table)
        var replaced: [(index: Int, old: AccessibleNode, new: AccessibleNode)] = []
        for (key, old) in record.cellRows where current[key]?.row != old.row {
            // The row lost its cell (the cell left, or shows another row now).
            guard let position = table.position(of: old.row) else { continue }
            replaced.append((position, .view(old.cell), rowNode(table, old.row)))
        }
        for (key, new) in current where record.cellRows[key]?.row != new.row {
            guard let position = table.position(of: new.row) else { continue }
            replaced.append((position, .row(table, new.row), .view(new.cell)))
        }
        replaced.sort { $0.index < $1.index }
        let others = otherChildren(of: table)
        let oldOthers = record.children.filter { record.cellRows[ObjectIdentifier($0)] == nil }
        let diff = ChildrenDiff(old: oldOthers, new: others)
        updateRecord(of: table) { record in
            record.cellRows = current
            record.children = children(of: .view(table))
        }
        return (replaced, diff)
    }

    /// The rows `table`'s cells on screen show, by cell.
    func cellRows(of table: TableView) -> [ObjectIdentifier: (cell: TableViewCell, row: IndexPath)] {
        var rows: [ObjectIdentifier: (cell: TableViewCell, row: IndexPath)] = [:]
        for cell in table.visibleCells where !cell.accessibilityElementsHidden {
            if let row = table.indexPath(for: cell) { rows[ObjectIdentifier(cell)] = (cell, row) }
        }
        return rows
    }

    /// The states of `view` that changed since last announced, with their new values; empty when
    /// clients do not know `view`.
    func refreshStates(of view: View) -> [(state: AtspiState, isSet: Bool)] {
        guard let record = records[ObjectIdentifier(view)] else { return [] }
        let current = states(of: .view(view))
        guard current != record.states else { return [] }
        updateRecord(of: view) { $0.states = current }
        return current.changes(from: record.states).map { ($0, current.contains($0)) }
    }

    /// `view`'s new name when it changed since last announced; nil otherwise or when clients do not
    /// know `view`.
    func refreshName(of view: View) -> String? {
        guard let record = records[ObjectIdentifier(view)] else { return nil }
        let current = name(of: .view(view))
        guard current != record.name else { return nil }
        updateRecord(of: view) { $0.name = current }
        return current
    }
}
