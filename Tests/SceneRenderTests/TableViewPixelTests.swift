import SceneCore
import SceneRender
import Testing

/// How a table's cells look [TV-7]: white rows with their text, a separator under each, and the
/// selected row in the selection grey.
@MainActor
@Suite("Pixels of a table view")
struct TableViewPixelTests {
    let harness = RenderHarness()

    /// Twenty rows "Row 1" … "Row 20".
    final class Rows: TableViewDataSource {
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 20 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: SceneCore.IndexPath) throws -> TableViewCell {
            let cell = try tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel.text = "Row \(indexPath.row + 1)"
            return cell
        }
    }

    @Test("TV-7: the selected row is drawn in the selection grey, the others on white, scrolled with the content")
    func selectedRowIsGrey() throws {
        let rows = Rows()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        table.dataSource = rows
        harness.root.addSubview(table)
        try table.selectRow(at: SceneCore.IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        var image = harness.render().image
        savePNG(image, "table-selected-row")
        expectColor(image, at: Point(x: 390, y: 22), .white, "row 1, right of its text")
        expectColor(image, at: Point(x: 390, y: 66), .systemGray4, "row 2 (selected)")
        expectColor(image, at: Point(x: 390, y: 110), .white, "row 3")

        table.contentOffset = Point(x: 0, y: 22)
        image = harness.render().image
        savePNG(image, "table-selected-row-scrolled")
        expectColor(image, at: Point(x: 390, y: 30), .systemGray4, "row 2, 22 points higher")
        expectColor(image, at: Point(x: 390, y: 70), .white, "row 3, 22 points higher")
        withExtendedLifetime(rows) {}
    }
}
