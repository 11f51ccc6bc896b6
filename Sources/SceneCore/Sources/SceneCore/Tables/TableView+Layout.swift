/// Placing cells on the rows that intersect the bounds [TV-1 … TV-3].
extension TableView {
    /// [TV-1, TV-2, TV-3] Loads the counts when they are stale (queueing every cell on screen), then
    /// gives exactly the rows intersecting the bounds a cell: cells of rows that left are queued for
    /// reuse first, then the data source is asked for the rows that came in. O(rows visible) plus
    /// O(log sections); nothing happens when the same rows stay at the same width.
    func layoutRows() {
        guard !isLayingOut else { return }
        isLayingOut = true
        defer { isLayingOut = false }

        if dataState == .stale { loadData() }
        let width = bounds.width
        let size = Size(width: width, height: geometry.contentHeight)
        if contentSize != size { contentSize = size }

        let wanted = geometry.indexPaths(intersectingFrom: bounds.minY, to: bounds.maxY)
        if wanted == laidOutRows, width == laidOutWidth { return }

        var leaving = cellsByRow
        for row in wanted { leaving[row] = nil }
        for (_, cell) in leaving.sorted(by: { $0.key < $1.key }) { enqueue(cell) }

        for row in wanted {
            if let cell = cellsByRow[row] {
                if width != laidOutWidth { cell.frame = geometry.rect(for: row, width: width) }
            } else {
                placeCell(for: row, width: width)
            }
        }
        laidOutRows = wanted
        laidOutWidth = width
    }

    /// Asks the data source for the counts and queues every cell on screen.
    private func loadData() {
        for (_, cell) in cellsByRow.sorted(by: { $0.key < $1.key }) { enqueue(cell) }
        laidOutRows = []
        var counts: [Int] = []
        if let dataSource {
            let sections = Swift.max(0, dataSource.numberOfSections(in: self))
            counts.reserveCapacity(sections)
            for section in 0..<sections {
                counts.append(dataSource.tableView(self, numberOfRowsInSection: section))
            }
        }
        geometry = TableGeometry(
            rowCounts: counts, rowHeight: rowHeight, headerHeight: sectionHeaderHeight, footerHeight: sectionFooterHeight)
        selectedRows = selectedRows.filter { geometry.contains($0) }
        dataState = .current
    }

    /// Takes `cell` off the screen into its reuse queue (a cell without a reuse identifier is let go).
    /// A row a finger was holding is unhighlighted.
    private func enqueue(_ cell: TableViewCell) {
        guard let row = cell.indexPath else { return }
        cellsByRow[row] = nil
        cell.indexPath = nil
        cell.removeFromSuperview()
        if case .holding(let held) = rowTouch, held == row {
            rowTouch = .none
            cell.isHighlighted = false
            tableDelegate?.tableView(self, didUnhighlightRowAt: row)
        }
        if let identifier = cell.reuseIdentifier { reuseQueues[identifier, default: []].append(cell) }
    }

    /// Asks the data source for the cell of `row` and puts it on the row, showing the row's selection
    /// [TV-7]. An error from the data source leaves the row without a cell and is logged to the scene.
    private func placeCell(for row: IndexPath, width: Double) {
        guard let dataSource else { return }
        let cell: TableViewCell
        do {
            cell = try dataSource.tableView(self, cellForRowAt: row)
        } catch {
            window?.windowScene?.log("table view \(ViewReference.reference(for: self)) has no cell for row \(row): \(error)")
            return
        }
        cell.indexPath = row
        cell.frame = geometry.rect(for: row, width: width)
        cell.isHighlighted = false
        cell.isSelected = selectedRows.contains(row)
        cellsByRow[row] = cell
        if cell.superview !== self { addSubview(cell) }
    }
}
