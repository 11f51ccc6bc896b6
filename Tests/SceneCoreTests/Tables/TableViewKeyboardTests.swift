import SceneCore
import Testing

/// The keyboard in a table [TV-11]: a 400 × 440 table of 100 rows of 44 points (ten fit; offsets
/// 0 … 3,960) between two buttons, in a key window.
@MainActor
@Suite("Table view: the keyboard")
struct TableViewKeyboardTests {
    let harness = KeyboardHarness()
    let source = RowSource([100])
    let before: Button
    let table: TableView
    let after: Button

    init() {
        before = harness.add(Button(frame: Rect(x: 0, y: 0, width: 100, height: 40)), "before")
        table = harness.add(TableView(frame: Rect(x: 0, y: 50, width: 400, height: 440)), "table")
        source.attach(to: table)
        after = harness.add(Button(frame: Rect(x: 0, y: 500, width: 100, height: 40)), "after")
    }

    /// The row of the focused cell, if a cell of the table is focused.
    var focusedRow: IndexPath? {
        guard let cell = harness.window.focusedView as? TableViewCell else { return nil }
        return table.indexPath(for: cell)
    }

    func focus(_ indexPath: IndexPath) throws {
        let cell = try #require(table.cellForRow(at: indexPath))
        #expect(harness.window.setFocusedView(cell))
    }

    @Test("TV-11: Tab stops at the table once, on its first row on screen, then leaves it")
    func tabStopsOnce() {
        #expect(harness.window.moveFocus(.next) === before)
        harness.press(.keyboardTab)
        #expect(focusedRow == row(0))
        harness.press(.keyboardTab)
        #expect(harness.window.focusedView === after)
        harness.press(.keyboardTab, .shift)
        #expect(focusedRow == row(0))
    }

    @Test("TV-11: Tab enters the table at its selected row when that row is on screen, and at the first row on screen when it is not")
    func tabEntersAtTheSelection() throws {
        try table.selectRow(at: row(4), animated: false, scrollPosition: .none)
        #expect(harness.window.focusOrder.compactMap { ($0 as? TableViewCell).flatMap(table.indexPath(for:)) } == [row(4)])
        try table.selectRow(at: row(40), animated: false, scrollPosition: .none)
        table.contentOffset = Point(x: 0, y: 44 * 3)
        #expect(harness.window.focusOrder.compactMap { ($0 as? TableViewCell).flatMap(table.indexPath(for:)) } == [row(3)])
    }

    @Test("TV-11: Down and Up move the focused row one at a time, scrolling a row out of view in as little as shows it")
    func arrows() throws {
        try focus(row(0))
        for _ in 0..<9 { harness.press(.keyboardDownArrow) }
        #expect(focusedRow == row(9) && table.contentOffset.y == 0)
        let handled = harness.press(.keyboardDownArrow)
        #expect(handled.began === harness.application)
        #expect(focusedRow == row(10) && table.contentOffset.y == 44)
        harness.press(.keyboardUpArrow)
        #expect(focusedRow == row(9) && table.contentOffset.y == 44)
    }

    @Test("TV-11: Page Down and Page Up move by the ten rows that fit, Home and End go to the ends")
    func pagesAndEnds() throws {
        try focus(row(0))
        harness.press(.keyboardPageDown)
        #expect(focusedRow == row(10) && table.contentOffset.y == 44)
        harness.press(.keyboardPageDown)
        #expect(focusedRow == row(20) && table.contentOffset.y == 21 * 44 - 440)
        harness.press(.keyboardPageUp)
        #expect(focusedRow == row(10) && table.contentOffset.y == 10 * 44)
        harness.press(.keyboardEnd)
        #expect(focusedRow == row(99) && table.contentOffset.y == 3960)
        harness.press(.keyboardHome)
        #expect(focusedRow == row(0) && table.contentOffset.y == 0)
    }

    @Test("TV-11: at the ends the focus stays, nothing scrolls and the press is not handled")
    func stopsAtTheEnds() throws {
        try focus(row(0))
        #expect(harness.press(.keyboardUpArrow).began == nil)
        #expect(harness.press(.keyboardHome).began == nil)
        #expect(focusedRow == row(0) && table.contentOffset.y == 0)
    }

    @Test("TV-11: with a modifier, or with a view outside the table focused, the keys do not move rows")
    func onlyPlainKeysOnFocusedRows() throws {
        try focus(row(0))
        #expect(harness.press(.keyboardDownArrow, .shift).began == nil)
        #expect(focusedRow == row(0))
        #expect(harness.window.setFocusedView(before))
        #expect(harness.press(.keyboardEnd).began == nil)
        #expect(table.contentOffset.y == 0)
    }

    @Test("TV-11: Return on the focused row selects it and tells the delegate, as a tap does")
    func returnSelects() throws {
        let delegate = RecordingTableDelegate()
        table.delegate = delegate
        try focus(row(0))
        harness.press(.keyboardDownArrow)
        harness.press(.keyboardDownArrow)
        harness.press(.keyboardReturnOrEnter)
        #expect(table.indexPathForSelectedRow == row(2))
        #expect(delegate.lines.contains("didSelect \(row(2))"))
    }

    @Test("TV-11: a table that does not allow selection offers no row to the focus")
    func noSelectionNoFocus() {
        table.allowsSelection = false
        #expect(!harness.window.focusOrder.contains { $0 is TableViewCell })
        #expect(table.visibleCells.allSatisfy { !$0.isFocusable })
    }
}
