import SceneCore
import Testing

/// Every row as tools see it [TV-12]: positions across sections, a row's cell on screen or a stand-in
/// the data source fills, and scrolling a row into view before a touch. The table is 400 × 440 with
/// ten 44-point rows in view.
@MainActor
@Suite("Table view: every row for tools")
struct TableViewRowsTests {
    let harness = Harness()

    @Test("TV-12: positions count every section's rows in order, and each position names one row")
    func positionsAcrossSections() {
        let source = RowSource([3, 0, 2])
        let table = harness.addTable(showing: source)
        #expect(table.numberOfRowsInAllSections == 5)
        let rows = (0..<5).map { table.indexPath(atPosition: $0) }
        #expect(rows == [row(0), row(1), row(2), row(0, 2), row(1, 2)])
        #expect(rows.map { $0.flatMap(table.position(of:)) } == [0, 1, 2, 3, 4])
        #expect(table.indexPath(atPosition: 5) == nil && table.indexPath(atPosition: -1) == nil)
        #expect(table.position(of: row(0, 1)) == nil, "section 1 has no rows")
    }

    @Test("TV-12: a row on screen is looked at through its own cell")
    func rowOnScreenIsItsCell() {
        let source = RowSource([1_000])
        let table = harness.addTable(showing: source)
        let cell = table.cellForRow(at: row(3))
        #expect(cell != nil)
        #expect(table.withCell(forRowAt: row(3)) { $0 } === cell)
    }

    @Test("TV-12: a row out of view is looked at through a stand-in the data source fills for it, in no superview, which then waits in the reuse queue")
    func rowOutOfViewHasAStandIn() {
        let source = RowSource([1_000])
        let table = harness.addTable(showing: source)
        source.clear()
        let seen = table.withCell(forRowAt: row(39)) { cell in (cell.textLabel.text, cell.superview == nil, cell.bounds.size) }
        #expect(seen?.0 == "Row 40" && seen?.1 == true && seen?.2 == Size(width: 400, height: 44))
        #expect(source.cellRequests == [row(39)], "only that row's cell is asked for")
        #expect(table.cellForRow(at: row(39)) == nil, "the row is still out of view")
        #expect(table.visibleCells.count == 10)
    }

    @Test("TV-12: looking at all 1,000 rows costs one cell more than the rows on screen")
    func standInsAreReused() {
        let source = RowSource([1_000])
        let table = harness.addTable(showing: source)
        let before = source.cellsMade
        var labels: [String] = []
        for position in 0..<table.numberOfRowsInAllSections {
            table.withCell(forRowAt: table.indexPath(atPosition: position)!) { labels.append($0.textLabel.text ?? "") }
        }
        #expect(labels.count == 1_000 && labels.first == "Row 1" && labels.last == "Row 1000")
        #expect(source.cellsMade == before + 1)
    }

    @Test("TV-12: a stand-in shows its row's selection, and a stand-in reused for another row does not keep it")
    func standInShowsSelection() throws {
        let source = RowSource([100])
        let table = harness.addTable(showing: source)
        try table.selectRow(at: row(50), animated: false, scrollPosition: .none)
        #expect(table.withCell(forRowAt: row(50)) { $0.isSelected } == true)
        #expect(table.withCell(forRowAt: row(60)) { $0.isSelected } == false)
    }

    @Test("TV-12: no stand-in for a row the table does not have, or when the data source throws; the throw is not logged")
    func noStandIn() {
        let source = RowSource([100])
        let table = harness.addTable(showing: source)
        #expect(table.withCell(forRowAt: row(100)) { _ in true } == nil)
        source.identifier = "unregistered"
        #expect(table.withCell(forRowAt: row(50)) { _ in true } == nil)
        #expect(harness.observer.events(startingWith: "log main: table view").isEmpty)
    }

    @Test("TV-12: scrolling a row into view shows it whole with as little scrolling as TV-9's .none, and gives its cell")
    func scrollRowIntoView() {
        let source = RowSource([1_000])
        let table = harness.addTable(showing: source)
        let cell = table.scrollRowIntoView(row(39))
        #expect(table.contentOffset.y == 40 * 44 - 440)
        #expect(cell != nil && cell === table.cellForRow(at: row(39)) && cell?.textLabel.text == "Row 40")
        #expect(table.scrollRowIntoView(row(1_000)) == nil)
    }
}
