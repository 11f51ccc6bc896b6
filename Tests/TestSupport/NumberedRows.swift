public import SceneCore

/// A table data source of `count` rows in one section whose cells read "Row 1" … and are identified
/// `row-1` …, made by one factory registered under "row"; it counts the cells the factory made (every
/// cell alive, queued ones included). Not kept alive by the table: hold it.
@MainActor
public final class NumberedRows: TableViewDataSource {
    public var count: Int
    public private(set) var cellsMade = 0

    public init(count: Int = 1_000) {
        self.count = count
    }

    /// Registers the factory on `table` and becomes its data source.
    public func attach(to table: TableView) {
        table.register({ [unowned self] identifier in
            cellsMade += 1
            return TableViewCell(reuseIdentifier: identifier)
        }, forCellReuseIdentifier: "row")
        table.dataSource = self
    }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> TableViewCell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = "Row \(indexPath.row + 1)"
        cell.accessibilityIdentifier = "row-\(indexPath.row + 1)"
        return cell
    }
}
