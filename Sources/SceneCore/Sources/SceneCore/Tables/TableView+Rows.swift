/// Every row of a table, on screen or not, as tools see it [TV-12]: selectors and assistive
/// technologies reach a row that has no cell through a stand-in, a cell the data source fills for that
/// row, looked at and put back in the reuse queue. So a tool sees 100,000 rows for the cost of one
/// cell more than the rows on screen, and the app's data source stays the one source of what a row
/// shows.
extension TableView {
    /// The number of rows in every section together, as last loaded.
    public var numberOfRowsInAllSections: Int {
        layoutIfStale()
        return geometry.rowCounts.reduce(0, +)
    }

    /// The row at `position`, counting every section's rows in order from 0; nil outside
    /// `0..<numberOfRowsInAllSections`. O(sections).
    public func indexPath(atPosition position: Int) -> IndexPath? {
        layoutIfStale()
        guard position >= 0 else { return nil }
        var remaining = position
        for (section, count) in geometry.rowCounts.enumerated() {
            if remaining < count { return IndexPath(row: remaining, section: section) }
            remaining -= count
        }
        return nil
    }

    /// The position of the row at `indexPath` among every section's rows (``indexPath(atPosition:)``
    /// reversed); nil for a row the table does not have. O(sections).
    public func position(of indexPath: IndexPath) -> Int? {
        layoutIfStale()
        guard geometry.contains(indexPath) else { return nil }
        return geometry.rowCounts.prefix(indexPath.section).reduce(0, +) + indexPath.row
    }

    /// Calls `body` with a cell showing the row at `indexPath` and returns its result [TV-12]: the
    /// row's cell when it is on screen, else a stand-in — a cell from the data source for that row,
    /// the row's size and selection, in no superview — which goes to its reuse queue when `body`
    /// returns (a cell without a reuse identifier is let go). Nil, and `body` is not called, for a row
    /// the table does not have, without a data source, or when the data source throws (a tool's look
    /// is not logged as the app's failure).
    ///
    /// `body` must not keep the stand-in: the table hands it out again for other rows. Main actor;
    /// the data source is called on this turn.
    public func withCell<Result>(forRowAt indexPath: IndexPath, _ body: (TableViewCell) throws -> Result) rethrows -> Result? {
        layoutIfStale()
        guard geometry.contains(indexPath) else { return nil }
        if let cell = cellsByRow[indexPath] { return try body(cell) }
        guard let dataSource, let cell = try? dataSource.tableView(self, cellForRowAt: indexPath), cell.superview == nil else {
            return nil
        }
        cell.frame = Rect(origin: .zero, size: geometry.rect(for: indexPath, width: bounds.width).size)
        cell.isHighlighted = false
        cell.isSelected = selectedRows.contains(indexPath)
        defer {
            if let identifier = cell.reuseIdentifier { reuseQueues[identifier, default: []].append(cell) }
        }
        return try body(cell)
    }

    /// Scrolls the row at `indexPath` into view, as little as shows it whole (TV-9 `.none`, not
    /// animated), and lays out its cell: what a tool does before it touches a row it found out of view
    /// [TV-12]. Returns the row's cell; nil for a row the table does not have, or whose cell the data
    /// source did not give.
    @discardableResult
    public func scrollRowIntoView(_ indexPath: IndexPath) -> TableViewCell? {
        do {
            try scrollToRow(at: indexPath, at: .none, animated: false)
        } catch {
            return nil
        }
        layoutRows()
        return cellsByRow[indexPath]
    }
}
