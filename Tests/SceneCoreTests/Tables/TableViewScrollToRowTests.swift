import SceneCore
import Testing

/// Scrolling a row into view [TV-9] and the errors for rows the table does not have. The table is
/// 400 × 440 with 100 rows of 44 points (content 4,400 points; offsets 0 … 3,960).
@MainActor
@Suite("Table view: scrolling to a row")
struct TableViewScrollToRowTests {
    let harness = Harness()
    let source = RowSource([100])
    let table: TableView

    init() {
        table = harness.addTable(showing: source)
    }

    /// Row 50 spans 2,200 … 2,244: its top at 0, its middle (2,222) at 220, its bottom at 440.
    nonisolated static let rowFiftyOffsets: [(TableViewScrollPosition, Double)] = [(.top, 2200), (.middle, 2002), (.bottom, 1804)]

    @Test(
        "TV-9: scrollToRow puts the row's top, middle or bottom at the top, middle or bottom of the table",
        arguments: rowFiftyOffsets)
    func positions(position: TableViewScrollPosition, offset: Double) throws {
        try table.scrollToRow(at: row(50), at: position, animated: false)
        #expect(table.contentOffset.y == offset)
        #expect(table.cellForRow(at: row(50)) != nil)
    }

    @Test("TV-9: the offset stays within the content: the last row at the top stops at the end, the first at the bottom at the start")
    func clampedToContent() throws {
        try table.scrollToRow(at: row(99), at: .top, animated: false)
        #expect(table.contentOffset.y == 3960)
        try table.scrollToRow(at: row(0), at: .bottom, animated: false)
        #expect(table.contentOffset.y == 0)
    }

    @Test("TV-9: .none scrolls as little as shows the row whole, and not at all when it is visible")
    func noneScrollsMinimally() throws {
        try table.scrollToRow(at: row(3), at: .none, animated: false)
        #expect(table.contentOffset.y == 0)
        try table.scrollToRow(at: row(20), at: .none, animated: false)
        #expect(table.contentOffset.y == 21 * 44 - 440)
        try table.scrollToRow(at: row(5), at: .none, animated: false)
        #expect(table.contentOffset.y == 5 * 44)
    }

    @Test("TV-9: animated, the table scrolls over the SV-9 animation and ends on the row")
    func animated() throws {
        let delegate = RecordingScrollDelegate()
        table.delegate = delegate
        try table.scrollToRow(at: row(30), at: .top, animated: true)
        #expect(table.contentOffset.y == 0)
        harness.wait(0.15)
        #expect(table.contentOffset.y > 0)
        #expect(table.contentOffset.y < 30 * 44)
        harness.wait(0.2)
        #expect(table.contentOffset.y == 30 * 44)
        #expect(delegate.collapsed == ["didScroll*", "didEndScrollingAnimation"])
        #expect(table.indexPathsForVisibleRows.first == row(30))
    }

    @Test("TV-8, TV-9: selectRow scrolls the row to the position given, and not at all with .none")
    func selectRowScrolls() throws {
        try table.selectRow(at: row(60), animated: false, scrollPosition: .none)
        #expect(table.contentOffset.y == 0)
        try table.selectRow(at: row(60), animated: false, scrollPosition: .middle)
        #expect(table.contentOffset.y == 60 * 44 + 22 - 220)
        #expect(table.cellForRow(at: row(60))?.isSelected == true)
    }

    @Test("TV-1: a row the table does not have is an error naming it and the counts", arguments: [
        (row(100), "the table has no row [0, 100]: it has 1 section and 100 rows in section 0"),
        (row(0, 1), "the table has no row [1, 0]: it has 1 section"),
        (row(-1), "the table has no row [0, -1]: it has 1 section and 100 rows in section 0"),
    ])
    func outOfRange(indexPath: IndexPath, message: String) {
        let scrollError = #expect(throws: TableViewError.self) {
            try table.scrollToRow(at: indexPath, at: .top, animated: false)
        }
        #expect(scrollError?.code == .indexPathOutOfRange)
        #expect(scrollError?.message == message)
        let selectError = #expect(throws: TableViewError.self) {
            try table.selectRow(at: indexPath, animated: false, scrollPosition: .none)
        }
        #expect(selectError?.code == .indexPathOutOfRange)
        #expect(table.indexPathsForSelectedRows == nil)
        #expect(table.cellForRow(at: indexPath) == nil)
        #expect(table.rectForRow(at: indexPath) == .zero)
    }
}
