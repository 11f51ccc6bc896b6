/// Highlighting and selecting rows: by touches, with the delegate told [TV-5, TV-6], and from code,
/// without [TV-8].
extension TableView {
    // MARK: Selection from code [TV-8]

    /// The selected row; the first in row order when several are.
    public var indexPathForSelectedRow: IndexPath? { selectedRows.min() }

    /// The selected rows in row order; nil when none is selected (as UIKit answers).
    public var indexPathsForSelectedRows: [IndexPath]? {
        selectedRows.isEmpty ? nil : selectedRows.sorted()
    }

    /// Selects the row at `indexPath` (without ``allowsMultipleSelection``, instead of the rows selected
    /// before), then scrolls it to `scrollPosition` (`.none`: no scrolling); nil deselects every row.
    /// The delegate is not told [TV-8]. Throws ``TableViewError/Code/indexPathOutOfRange`` for a row the
    /// table does not have.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: TableViewScrollPosition) throws(TableViewError) {
        layoutIfStale()
        guard let indexPath else {
            for row in selectedRows { setSelected(false, row) }
            return
        }
        try checkRow(indexPath)
        if !allowsMultipleSelection {
            for row in selectedRows where row != indexPath { setSelected(false, row) }
        }
        setSelected(true, indexPath)
        if scrollPosition != .none { try scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the row at `indexPath` (nothing when it is not selected). The delegate is not told
    /// [TV-8].
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        if selectedRows.contains(indexPath) { setSelected(false, indexPath) }
    }

    /// Adds `row` to the selection or takes it out, and shows it on its cell.
    private func setSelected(_ selected: Bool, _ row: IndexPath) {
        if selected { selectedRows.insert(row) } else { selectedRows.remove(row) }
        cellsByRow[row]?.isSelected = selected
    }

    /// Throws when the table has no row at `indexPath`.
    func checkRow(_ indexPath: IndexPath) throws(TableViewError) {
        guard !geometry.contains(indexPath) else { return }
        let sections = geometry.numberOfSections
        let rows = indexPath.section >= 0 && indexPath.section < sections ? geometry.rowCounts[indexPath.section] : nil
        throw TableViewError(
            code: .indexPathOutOfRange,
            message: "the table has no row \(indexPath): it has \(sections) section\(sections == 1 ? "" : "s")"
                + (rows.map { " and \($0) row\($0 == 1 ? "" : "s") in section \(indexPath.section)" } ?? ""))
    }

    // MARK: Touches on cells [TV-5, TV-6]

    /// [TV-5] A cell got `touchesBegan` (after the content-touch delay, SV-12): its row highlights when
    /// selection is allowed, no other row is held, and the delegate agrees.
    func cellTouchBegan(_ cell: TableViewCell) {
        guard case .none = rowTouch, allowsSelection, let row = cell.indexPath else { return }
        if let delegate = tableDelegate, !delegate.tableView(self, shouldHighlightRowAt: row) { return }
        rowTouch = .holding(row)
        cell.isHighlighted = true
        tableDelegate?.tableView(self, didHighlightRowAt: row)
    }

    /// [TV-6] The finger lifted from the held cell: the row unhighlights, then, when the finger lifted
    /// inside the cell, the tap selects it (or deselects it, with multiple selection).
    func cellTouchEnded(_ cell: TableViewCell, inside: Bool) {
        guard let row = release(cell) else { return }
        if inside { userDidTap(row) }
    }

    /// [TV-5] The held cell's touch was cancelled (a drag that scrolls, a recognizer that took the
    /// touch): the row unhighlights and nothing is selected.
    func cellTouchCancelled(_ cell: TableViewCell) {
        release(cell)
    }

    /// Ends the hold on `cell`'s row: unhighlights it. Returns the row, or nil when that cell was not
    /// held.
    @discardableResult
    private func release(_ cell: TableViewCell) -> IndexPath? {
        guard case .holding(let row) = rowTouch, cell.indexPath == row else { return nil }
        rowTouch = .none
        cell.isHighlighted = false
        tableDelegate?.tableView(self, didUnhighlightRowAt: row)
        return row
    }

    /// [TV-6] A tap selected `row`: with multiple selection a selected row is deselected; otherwise the
    /// delegate may redirect the selection (`willSelectRowAt`), the rows selected before are deselected
    /// (single selection), and the row is selected, each step told to the delegate.
    private func userDidTap(_ row: IndexPath) {
        if allowsMultipleSelection, selectedRows.contains(row) {
            guard let target = willDeselect(row) else { return }
            setSelected(false, target)
            tableDelegate?.tableView(self, didDeselectRowAt: target)
            return
        }
        let proposed: IndexPath? = tableDelegate.map { $0.tableView(self, willSelectRowAt: row) } ?? row
        guard let target = proposed, geometry.contains(target) else { return }
        if !allowsMultipleSelection {
            for old in selectedRows.sorted() where old != target {
                guard let deselected = willDeselect(old) else { continue }
                setSelected(false, deselected)
                tableDelegate?.tableView(self, didDeselectRowAt: deselected)
            }
        }
        setSelected(true, target)
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    /// The row the delegate lets a tap deselect instead of `row` (the row itself without a delegate);
    /// nil keeps it, and so does a row that is not selected.
    private func willDeselect(_ row: IndexPath) -> IndexPath? {
        let proposed: IndexPath? = tableDelegate.map { $0.tableView(self, willDeselectRowAt: row) } ?? row
        guard let proposed, selectedRows.contains(proposed) else { return nil }
        return proposed
    }
}
