import SceneCore

/// A data source of `counts[s]` rows in section s whose cells read "Row n" (n from 1 in each
/// section), dequeued under "row"; it counts what the table asked and how many cells it made.
@MainActor
final class RowSource: TableViewDataSource {
    var counts: [Int]
    /// Cells made by the registered factory: every cell alive (queued ones included).
    private(set) var cellsMade = 0
    /// `cellForRowAt` calls, in order.
    private(set) var cellRequests: [IndexPath] = []
    /// `numberOfRowsInSection` calls.
    private(set) var countRequests = 0
    /// Cells given `prepareForReuse`.
    private(set) var reuses = 0
    /// The identifier `cellForRowAt` dequeues with.
    var identifier = "row"

    init(_ counts: [Int]) {
        self.counts = counts
    }

    /// Registers the "row" factory on `table` and becomes its data source.
    func attach(to table: TableView) {
        table.register({ [unowned self] identifier in
            cellsMade += 1
            return CountingCell(reuseIdentifier: identifier) { [unowned self] in reuses += 1 }
        }, forCellReuseIdentifier: "row")
        table.dataSource = self
    }

    func clear() {
        cellRequests.removeAll()
        countRequests = 0
    }

    func numberOfSections(in tableView: TableView) -> Int { counts.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        countRequests += 1
        return counts[section]
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> TableViewCell {
        cellRequests.append(indexPath)
        let cell = try tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
        cell.textLabel.text = "Row \(indexPath.row + 1)"
        return cell
    }
}

/// A cell that reports its `prepareForReuse`.
@MainActor
final class CountingCell: TableViewCell {
    let onReuse: () -> Void

    init(reuseIdentifier: String?, onReuse: @escaping () -> Void) {
        self.onReuse = onReuse
        super.init(reuseIdentifier: reuseIdentifier)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        onReuse()
    }
}

/// A table delegate that writes each highlight and selection call as a line (`didSelect [0, 3]`),
/// and may redirect or refuse.
@MainActor
final class RecordingTableDelegate: TableViewDelegate {
    private(set) var lines: [String] = []
    /// Rows that do not highlight.
    var unhighlightable: Set<IndexPath> = []
    /// `willSelectRowAt` answers with this when set (`.some(nil)`: select nothing).
    var selectionRedirect: IndexPath??

    func clear() { lines.removeAll() }

    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        !unhighlightable.contains(indexPath)
    }
    func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) { lines.append("didHighlight \(indexPath)") }
    func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) { lines.append("didUnhighlight \(indexPath)") }
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        lines.append("willSelect \(indexPath)")
        if let selectionRedirect { return selectionRedirect }
        return indexPath
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { lines.append("didSelect \(indexPath)") }
    func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        lines.append("willDeselect \(indexPath)")
        return indexPath
    }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { lines.append("didDeselect \(indexPath)") }
}

/// `IndexPath(row:section:)` in short: `row(3)` is row 3 of section 0.
func row(_ row: Int, _ section: Int = 0) -> IndexPath {
    IndexPath(row: row, section: section)
}

@MainActor
extension Harness {
    /// A 400 × 440 table at the top of the window showing `source` (ten 44-point rows fit).
    func addTable(showing source: RowSource) -> TableView {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 440))
        source.attach(to: table)
        root.addSubview(table)
        return table
    }
}
