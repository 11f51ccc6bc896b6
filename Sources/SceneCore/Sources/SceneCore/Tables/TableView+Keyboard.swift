/// The keyboard in a table [TV-11]: the focused row moves with the arrows, Page Up and Page Down,
/// Home and End, and Tab stops at a table once.
extension TableView {
    /// The rows a Page Up or Page Down moves: as many as fit whole in the visible height (the bounds
    /// minus the adjusted inset), at least one.
    var rowsPerPage: Int {
        let inset = adjustedContentInset
        let visible = bounds.height - inset.top - inset.bottom
        guard rowHeight > 0, visible.isFinite, visible >= rowHeight else { return 1 }
        return Int((visible / rowHeight).rounded(.down))
    }

    /// [TV-11] Moves the keyboard focus from `cell`, one of this table's cells, by `move`: scrolls the
    /// target row into view as little as shows it whole (TV-9 `.none`), then focuses its cell. Returns
    /// whether the focus moved; it stays, and nothing scrolls, when the row is already at that end.
    func moveFocus(from cell: TableViewCell, by move: TableRowMove) -> Bool {
        layoutIfStale()
        guard let window, let row = cell.indexPath,
            let target = move.target(from: row, rowCounts: geometry.rowCounts, page: rowsPerPage), target != row
        else { return false }
        do {
            try scrollToRow(at: target, at: .none, animated: false)
        } catch {
            return false  // unreachable: the target is one of the loaded rows
        }
        guard let next = cellForRow(at: target) else { return false }
        return window.setFocusedView(next)
    }

    /// [TV-11] The subviews Tab's walk visits (FO-5): every subview but the cells, and of the cells only
    /// one, the table's stop: the cell of the focused row (`focused`, when it is one of this table's
    /// cells), else of the first selected row on screen, else of the first row on screen.
    func focusOrderSubviews(focused: View?) -> [View] {
        let cells = visibleCells
        let stop =
            cells.first { $0 === focused }
            ?? cells.first { cell in cell.indexPath.map(selectedRows.contains) == true }
            ?? cells.first
        return subviews.filter { !($0 is TableViewCell) || $0 === stop }
    }
}
