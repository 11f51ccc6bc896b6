/// What a ``TableView`` shows: UIKit's `UITableViewDataSource` [TV-1].
///
/// Asked on the main actor. The counts are asked when the table loads its data (the first layout in
/// a window, ``TableView/reloadData()``) and kept until the next reload; a cell is asked for each row
/// that comes into view, and only for those [TV-2].
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// The number of sections. Default 1.
    func numberOfSections(in tableView: TableView) -> Int
    /// The number of rows in `section`. A negative count is taken as 0.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The cell that shows the row at `indexPath`, usually from
    /// ``TableView/dequeueReusableCell(withIdentifier:for:)`` and filled in for this row. An error
    /// leaves the row without a cell, and the table logs it to its scene [TV-3].
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> TableViewCell
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
}
