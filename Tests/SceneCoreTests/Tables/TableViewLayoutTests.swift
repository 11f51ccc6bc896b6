import SceneCore
import Testing

/// Which rows have cells, where, and how cells are reused [TV-1 … TV-4, TV-10]. The table is
/// 400 × 440 with 44-point rows: ten rows fill it exactly.
@MainActor
@Suite("Table view: rows and cells")
struct TableViewLayoutTests {
    let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 440))
    /// Kept here: the table does not keep its data source alive.
    let source = RowSource([])

    /// Makes the source give `counts` and attaches it to the table.
    @discardableResult
    private func attach(_ counts: [Int]) -> RowSource {
        source.counts = counts
        source.attach(to: table)
        return source
    }

    @Test("TV-4: a new table has 44-point rows, no section spacing, single selection, and bounces vertically")
    func defaults() {
        #expect(table.rowHeight == 44)
        #expect(table.sectionHeaderHeight == 0)
        #expect(table.sectionFooterHeight == 0)
        #expect(table.allowsSelection)
        #expect(!table.allowsMultipleSelection)
        #expect(table.alwaysBounceVertical)
        #expect(table.accessibilityRole == .table)
        #expect(TableViewCell(reuseIdentifier: nil).accessibilityRole == .tableCell)
    }

    @Test("TV-1: the content size follows from the counts, the row height and the section spacing")
    func contentSizeFromCounts() {
        table.sectionHeaderHeight = 10
        table.sectionFooterHeight = 5
        attach([2, 0, 3])
        #expect(table.numberOfSections == 3)
        #expect(table.numberOfRows(inSection: 2) == 3)
        #expect(table.numberOfRows(inSection: 3) == 0)
        #expect(table.contentSize == Size(width: 400, height: 3 * 15 + 5 * 44))
        #expect(table.rectForRow(at: row(1, 2)) == Rect(x: 0, y: 15 + 88 + 15 + 10 + 44, width: 400, height: 44))
        #expect(table.indexPathForRow(at: Point(x: 10, y: 15 + 88 + 15 + 10 + 50)) == row(1, 2))
        #expect(table.indexPathForRow(at: Point(x: 10, y: 3)) == nil, "over section 0's header space")
    }

    @Test("TV-2: exactly the rows intersecting the bounds have cells, each on its row")
    func cellsOnVisibleRows() {
        attach([100])
        #expect(table.indexPathsForVisibleRows == (0..<10).map { row($0) })
        table.contentOffset = Point(x: 0, y: 22)
        #expect(table.indexPathsForVisibleRows == (0...10).map { row($0) }, "row 0 half out, row 10 half in")
        let cells = table.visibleCells
        #expect(cells.count == 11)
        #expect(cells.map(\.frame) == (0...10).map { Rect(x: 0, y: Double($0) * 44, width: 400, height: 44) })
        #expect(cells.map { $0.textLabel.text ?? "" } == (1...11).map { "Row \($0)" })
        #expect(cells.allSatisfy { $0.superview === table })
    }

    @Test("TV-2: a row that only touches the bounds at an edge has no cell")
    func edgeRowsHaveNoCell() {
        attach([100])
        table.contentOffset = Point(x: 0, y: 44)
        #expect(table.indexPathsForVisibleRows == (1...10).map { row($0) })
        #expect(table.cellForRow(at: row(0)) == nil)
        #expect(table.cellForRow(at: row(11)) == nil)
        #expect(table.cellForRow(at: row(5))?.textLabel.text == "Row 6")
    }

    @Test("TV-3: a cell that scrolls out is queued and reused, after prepareForReuse, for the row that scrolls in")
    func cellsAreReused() throws {
        let source = attach([100])
        let first = try #require(table.cellForRow(at: row(0)))
        table.contentOffset = Point(x: 0, y: 44)
        #expect(table.cellForRow(at: row(0)) == nil)
        #expect(table.cellForRow(at: row(10)) === first)
        #expect(first.textLabel.text == "Row 11")
        #expect(source.reuses == 1)
        #expect(source.cellsMade == 10)
        #expect(table.indexPath(for: first) == row(10))
    }

    @Test("TV-2, TV-3: scrolling through 1,000,000 rows keeps the cells alive within the visible rows + 2")
    func millionRowsStayBounded() {
        let source = attach([1_000_000])
        var offset = 0.0
        for step in 0..<3000 {
            offset += step % 100 == 99 ? 333_333.3 : 37
            table.contentOffset = Point(x: 0, y: offset)
            #expect(table.visibleCells.count <= 11)
        }
        #expect(source.cellsMade <= 12)
        #expect(source.countRequests == 1, "the counts are asked once, not per scroll")
    }

    @Test("TV-2: jumping to the middle of 1,000,000 rows asks the data source for the visible rows only")
    func jumpAsksOnlyForVisibleRows() {
        let source = attach([1_000_000])
        #expect(table.visibleCells.count == 10)
        source.clear()
        table.contentOffset = Point(x: 0, y: 500_000 * 44)
        #expect(table.indexPathsForVisibleRows == (500_000..<500_010).map { row($0) })
        #expect(source.cellRequests == (500_000..<500_010).map { row($0) })
        #expect(source.countRequests == 0)
        #expect(table.indexPathForRow(at: Point(x: 0, y: 999_999 * 44 + 1)) == row(999_999))
    }

    @Test(
        "TV-2: the first visible row is found by division, even among 2^40 rows (a walk over the rows would never end)",
        // Only a hang guard: the limit counts from the test's start, including the time it waits for the
        // main actor behind the rest of its group (a minute was exceeded that way on a loaded machine).
        .timeLimit(.minutes(10)))
    func rowsFoundByDivision() {
        let huge = 1 << 40
        attach([3, huge, 2])
        let middle = huge / 2 + 7
        table.contentOffset = Point(x: 0, y: Double(3 + middle) * 44)
        #expect(table.indexPathsForVisibleRows.first == row(middle, 1))
        #expect(table.indexPathsForVisibleRows.count == 10)
        #expect(table.contentSize.height == Double(huge + 5) * 44)
        table.contentOffset = Point(x: 0, y: Double(huge + 5) * 44 - 440)
        #expect(table.indexPathsForVisibleRows.suffix(2) == [row(0, 2), row(1, 2)])
    }

    @Test("TV-3: dequeuing an unregistered identifier throws an error naming it; the row gets no cell and the scene log says why")
    func unregisteredIdentifier() throws {
        let harness = Harness()
        source.identifier = "rwo"
        attach([5])
        harness.root.addSubview(table)
        #expect(table.visibleCells.isEmpty)
        let logged = harness.observer.events(startingWith: "log main: table view")
        #expect(logged.count == 5)
        #expect(logged.first?.contains("row [0, 0]: no cell is registered for reuse identifier \"rwo\"") == true)
        #expect(logged.first?.contains("registered: \"row\"") == true)
        let error = #expect(throws: TableViewError.self) {
            _ = try table.dequeueReusableCell(withIdentifier: "nothing", for: row(0))
        }
        #expect(error?.code == .unregisteredReuseIdentifier)
    }

    @Test("TV-10: reloadData asks for the counts again, gives every visible row a fresh cell, and clears the selection")
    func reloadData() throws {
        let source = attach([100])
        try table.selectRow(at: row(2), animated: false, scrollPosition: .none)
        source.counts = [3]
        source.clear()
        table.reloadData()
        #expect(source.countRequests == 1)
        #expect(source.cellRequests == [row(0), row(1), row(2)])
        #expect(table.indexPathsForSelectedRows == nil)
        #expect(table.visibleCells.allSatisfy { !$0.isSelected })
        #expect(table.contentSize.height == 132)
    }

    @Test("TV-1: the data source is asked only when the table enters a window or is asked about its rows")
    func dataLoadsLazily() {
        let harness = Harness()
        attach([100])
        #expect(source.countRequests == 0)
        harness.root.addSubview(table)
        #expect(source.countRequests == 1)
        #expect(source.cellRequests.count == 10)
    }

    @Test("TV-1: a narrower table gives its cells the new width, and the label follows the cell's margins")
    func widthFollowsBounds() throws {
        attach([100])
        #expect(table.visibleCells.count == 10)
        table.frame = Rect(x: 0, y: 0, width: 300, height: 440)
        #expect(table.contentSize.width == 300)
        let cell = try #require(table.cellForRow(at: row(3)))
        #expect(cell.frame == Rect(x: 0, y: 132, width: 300, height: 44))
        #expect(cell.textLabel.frame == Rect(x: 16, y: 0, width: 268, height: 44))
    }
}
