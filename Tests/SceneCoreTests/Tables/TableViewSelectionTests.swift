import SceneCore
import Testing

/// Highlighting and selecting rows with a finger and from code [TV-5 … TV-8], on the manual clock.
/// The table (400 × 440, 100 rows of 44 points) is at the top of the window: row n (from 0) spans
/// y = 44·n … 44·(n + 1).
@MainActor
@Suite("Table view: highlight and selection")
struct TableViewSelectionTests {
    let harness = Harness()
    let source = RowSource([100])
    let delegate = RecordingTableDelegate()
    let table: TableView

    init() {
        table = harness.addTable(showing: source)
        table.delegate = delegate
    }

    /// The y of the middle of row `n` on screen, at offset 0.
    private func middle(ofRow n: Int) -> Double { Double(n) * 44 + 22 }

    @Test("TV-5: a finger held on a row highlights it once the content-touch delay has passed, not before")
    func highlightAfterDelay() {
        let touch = harness.down(200, middle(ofRow: 3))
        harness.wait(0.149)
        #expect(delegate.lines.isEmpty)
        #expect(table.cellForRow(at: row(3))?.isHighlighted == false)
        harness.wait(0.001)
        #expect(delegate.lines == ["didHighlight [0, 3]"])
        #expect(table.cellForRow(at: row(3))?.isHighlighted == true)
        harness.up(touch)
    }

    @Test("TV-6: lifting the finger without scrolling unhighlights the row, then selects it")
    func liftSelects() {
        let touch = harness.down(200, middle(ofRow: 3))
        harness.wait(0.3)
        harness.up(touch)
        #expect(delegate.lines == ["didHighlight [0, 3]", "didUnhighlight [0, 3]", "willSelect [0, 3]", "didSelect [0, 3]"])
        #expect(table.indexPathForSelectedRow == row(3))
        #expect(table.cellForRow(at: row(3))?.isSelected == true)
        #expect(table.cellForRow(at: row(3))?.isHighlighted == false)
    }

    @Test("TV-6: a tap shorter than the delay highlights and selects the row at the lift")
    func quickTapSelects() {
        harness.tap(200, middle(ofRow: 1), duration: 0.05)
        #expect(delegate.lines == ["didHighlight [0, 1]", "didUnhighlight [0, 1]", "willSelect [0, 1]", "didSelect [0, 1]"])
        #expect(table.indexPathForSelectedRow == row(1))
    }

    @Test("TV-5: a drag after the highlight scrolls, cancels the highlight and selects nothing")
    func dragCancelsHighlight() {
        let touch = harness.press(200, middle(ofRow: 3), holding: 0.2, thenMoveBy: -10, steps: 3)
        harness.up(touch)
        #expect(table.contentOffset.y > 0)
        #expect(delegate.lines == ["didHighlight [0, 3]", "didUnhighlight [0, 3]"])
        #expect(table.indexPathsForSelectedRows == nil)
    }

    @Test("TV-5: a drag that begins within the delay never highlights the row")
    func earlyDragNeverHighlights() {
        harness.drag(from: 200, middle(ofRow: 3), by: 0, -10, steps: 5)
        harness.wait(5)
        #expect(table.contentOffset.y > 0)
        #expect(delegate.lines.isEmpty)
        #expect(table.indexPathsForSelectedRows == nil)
    }

    @Test("TV-6: with single selection a tap on another row deselects the first, telling the delegate before the new didSelect")
    func singleSelectionReplaces() {
        harness.tap(200, middle(ofRow: 1))
        delegate.clear()
        harness.tap(200, middle(ofRow: 4))
        #expect(delegate.lines == [
            "didHighlight [0, 4]", "didUnhighlight [0, 4]", "willSelect [0, 4]", "willDeselect [0, 1]", "didDeselect [0, 1]",
            "didSelect [0, 4]",
        ])
        #expect(table.indexPathsForSelectedRows == [row(4)])
        #expect(table.cellForRow(at: row(1))?.isSelected == false)
    }

    @Test("TV-6: with multiple selection taps add rows, and a tap on a selected row deselects it")
    func multipleSelectionToggles() {
        table.allowsMultipleSelection = true
        harness.tap(200, middle(ofRow: 1))
        harness.tap(200, middle(ofRow: 4))
        #expect(table.indexPathsForSelectedRows == [row(1), row(4)])
        delegate.clear()
        harness.tap(200, middle(ofRow: 1))
        #expect(delegate.lines == ["didHighlight [0, 1]", "didUnhighlight [0, 1]", "willDeselect [0, 1]", "didDeselect [0, 1]"])
        #expect(table.indexPathsForSelectedRows == [row(4)])
    }

    @Test("TV-6: with allowsSelection false touches neither highlight nor select")
    func selectionNotAllowed() {
        table.allowsSelection = false
        harness.tap(200, middle(ofRow: 2), duration: 0.3)
        #expect(delegate.lines.isEmpty)
        #expect(table.indexPathsForSelectedRows == nil)
    }

    @Test("TV-6: a row the delegate will not highlight is not selected by a tap either")
    func unhighlightableRow() {
        delegate.unhighlightable = [row(2)]
        harness.tap(200, middle(ofRow: 2), duration: 0.3)
        #expect(delegate.lines.isEmpty)
        #expect(table.indexPathsForSelectedRows == nil)
    }

    @Test("TV-6: willSelectRowAt may redirect the selection to another row, or refuse it with nil")
    func willSelectRedirects() {
        delegate.selectionRedirect = .some(row(7))
        harness.tap(200, middle(ofRow: 2))
        #expect(delegate.lines.suffix(2) == ["willSelect [0, 2]", "didSelect [0, 7]"])
        #expect(table.indexPathsForSelectedRows == [row(7)])
        delegate.selectionRedirect = .some(nil)
        delegate.clear()
        harness.tap(200, middle(ofRow: 3))
        #expect(delegate.lines.last == "willSelect [0, 3]")
        #expect(table.indexPathsForSelectedRows == [row(7)])
    }

    @Test("TV-8: selectRow and deselectRow change the selection and the cells without telling the delegate")
    func programmaticSelection() throws {
        try table.selectRow(at: row(2), animated: false, scrollPosition: .none)
        try table.selectRow(at: row(5), animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == [row(5)], "single selection: the second replaces the first")
        #expect(table.cellForRow(at: row(5))?.isSelected == true)
        #expect(table.cellForRow(at: row(2))?.isSelected == false)
        table.deselectRow(at: row(5), animated: false)
        #expect(table.indexPathForSelectedRow == nil)
        table.allowsMultipleSelection = true
        try table.selectRow(at: row(2), animated: false, scrollPosition: .none)
        try table.selectRow(at: row(5), animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == [row(2), row(5)])
        try table.selectRow(at: nil, animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == nil)
        #expect(delegate.lines.isEmpty)
        #expect(table.contentOffset == .zero)
    }

    @Test("TV-7: the selection belongs to the row: a reused cell shows its new row's selection, and the selected row shows selected again")
    func selectionSurvivesReuse() throws {
        harness.tap(200, middle(ofRow: 0))
        let selectedCell = try #require(table.cellForRow(at: row(0)))
        table.contentOffset = Point(x: 0, y: 44 * 20)
        #expect(selectedCell.superview === table, "reused for a row now visible")
        #expect(!selectedCell.isSelected)
        table.contentOffset = .zero
        #expect(table.cellForRow(at: row(0))?.isSelected == true)
        #expect(table.visibleCells.filter(\.isSelected).count == 1)
    }

    @Test("TV-5, SV-16: under a background tap recognizer that cancels touches, a tap on a row selects nothing")
    func backgroundTapPreventsSelection() {
        harness.root.addGestureRecognizer(TapGestureRecognizer(name: "background") { _ in })
        harness.tap(200, middle(ofRow: 3), duration: 0.05)
        harness.tap(200, middle(ofRow: 3), duration: 0.3)
        #expect(table.indexPathsForSelectedRows == nil)
        #expect(delegate.lines == ["didHighlight [0, 3]", "didUnhighlight [0, 3]"], "only the slower press highlighted")
    }

    @Test("TV-6: a tap selects the row also through a subclass that overrides the touch methods and calls super")
    func subclassCallingSuper() {
        final class LoggingCell: TableViewCell {
            var began = 0
            override func touchesBegan(_ touches: TouchSet, with event: Event?) {
                began += 1
                super.touchesBegan(touches, with: event)
            }
        }
        let cell = LoggingCell(reuseIdentifier: "logging")
        table.register({ _ in cell }, forCellReuseIdentifier: "logging")
        source.identifier = "logging"
        source.counts = [1]
        table.reloadData()
        harness.tap(200, middle(ofRow: 0))
        #expect(cell.began == 1)
        #expect(table.indexPathForSelectedRow == row(0))
    }
}
