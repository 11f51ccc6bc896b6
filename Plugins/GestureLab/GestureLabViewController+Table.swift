import SceneCore

/// Seed 002's table: ``GestureLabViewController/rowCount`` rows of one section, "Row 1" … in cells
/// identified `row-1` … (their labels `row-1-text` …), and a log line per selection ("Selected Row 3").
extension GestureLabViewController: TableViewDataSource, TableViewDelegate {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        Self.rowCount
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> TableViewCell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: GestureLabRowCell.reuseIdentifier, for: indexPath)
        let title = Self.title(ofRow: indexPath.row)
        cell.textLabel.text = title
        cell.accessibilityIdentifier = "row-\(indexPath.row + 1)"
        cell.textLabel.accessibilityIdentifier = "row-\(indexPath.row + 1)-text"
        return cell
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        log("Selected \(Self.title(ofRow: indexPath.row))")
    }

    /// "Row 1" for the first row (index 0).
    static func title(ofRow row: Int) -> String {
        "Row \(row + 1)"
    }
}
