import SceneCore
import SceneHostKit
import TestSupport
import Testing

/// Selectors see every row of a table, rows out of view included, through stand-ins [TV-12]; a strict
/// tap's look scrolls the one match into view first. The table `list` is 300 × 440 at (0, 0) of a
/// 400 × 600 window: Rows 1 … 10 are on screen.
@MainActor
@Suite("Selector matching sees every table row")
struct SelectorMatcherTableRowsTests {
    let application = Application(clock: ManualClock())
    let matcher = SelectorMatcher()
    let delegate: BuildWindow
    let scene: WindowScene
    let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 440))
    private let rows = NumberedRows()
    let title = Label(frame: Rect(x: 0, y: 500, width: 300, height: 40), text: "Row 40")

    init() {
        table.accessibilityIdentifier = "list"
        rows.attach(to: table)
        delegate = BuildWindow(views: [table, title])
        scene = try! application.connectScene(named: "s", delegate: delegate, screenFrame: Rect(x: 0, y: 0, width: 400, height: 600))
        scene.activate()
    }

    private func references(_ text: String) throws -> [String] {
        try matcher.matches(ViewSelector.parse(text), in: application).map(\.reference)
    }

    @Test("TV-12: a row out of view matches by its cell's identifier, label and class, named by its table and row; it is not :visible")
    func rowOutOfViewMatches() throws {
        #expect(try references("#row-40") == ["list/row:0.39"])
        #expect(try references("TableViewCell[label='Row 40']") == ["list/row:0.39"])
        #expect(try references("#list > #row-40") == ["list/row:0.39"])
        #expect(try references("#row-40:visible").isEmpty)
        #expect(try references("#row-40:enabled") == ["list/row:0.39"])
        #expect(try references("#row-3") == ["row-3"], "a row on screen is its cell")
        #expect(try references("#row-3:visible") == ["row-3"])
    }

    @Test("TV-12: a view inside the cell of a row out of view matches, named by its class and path from the cell")
    func viewInsideARowOutOfView() throws {
        #expect(try references("#list Label[text='Row 40']") == ["list/row:0.39/Label#0"])
        #expect(try references("Label[text='Row 40']") == ["list/row:0.39/Label#0", "Label#1"], "rows come in the tree where their table is")
    }

    @Test("TV-12: every row is matched once, in row order, for one cell more than the rows on screen")
    func everyRowInOrder() throws {
        let made = rows.cellsMade
        let found = try references("TableViewCell")
        #expect(found.count == 1_000)
        #expect(found.prefix(3) == ["row-1", "row-2", "row-3"])
        #expect(found[10] == "list/row:0.10" && found.last == "list/row:0.999")
        #expect(rows.cellsMade <= made + 1)
        #expect(table.visibleCells.count == 10, "looking scrolls nothing")
    }

    @Test("TV-12: a caller that can use views only leaves rows out of view out, and fills no stand-in")
    func withoutRowsOutOfView() throws {
        let made = rows.cellsMade
        let found = try matcher.matches(ViewSelector.parse("TableViewCell"), in: application, includingRowsOutOfView: false)
        #expect(found.map(\.reference) == (1...10).map { "row-\($0)" })
        #expect(try matcher.matches(ViewSelector.parse("#row-40"), in: application, includingRowsOutOfView: false).isEmpty)
        #expect(rows.cellsMade == made)
    }

    @Test("TV-12: a strict tap's look scrolls the one row out of view into view, then finds it ready on its own cell; a plain look does not scroll")
    func strictTapScrollsRowIntoView() throws {
        let selector = try ViewSelector.parse("#row-40")
        guard case .notVisible = TapReadiness.evaluate(selector, matcher: matcher, application: application) else {
            Issue.record("a row out of view is not ready without scrolling")
            return
        }
        #expect(table.contentOffset.y == 0)
        let readiness = TapReadiness.evaluate(selector, matcher: matcher, application: application, scrollingRowsIntoView: true)
        guard case .ready(let match, let point) = readiness else {
            Issue.record("expected ready after scrolling, got \(readiness)")
            return
        }
        #expect(table.contentOffset.y == 40 * 44 - 440, "as little as shows Row 40 whole")
        #expect(match.view === table.cellForRow(at: IndexPath(row: 39, section: 0)) && match.offscreenRow == nil)
        #expect(point == Point(x: 150, y: 440 - 22), "the middle of Row 40, now at the table's bottom")
    }

    @Test("TV-12: a strict tap's look does not scroll when the selector matches several rows")
    func ambiguousDoesNotScroll() throws {
        let readiness = TapReadiness.evaluate(
            try ViewSelector.parse("TableViewCell"), matcher: matcher, application: application, scrollingRowsIntoView: true)
        guard case .ambiguous(let matches) = readiness else {
            Issue.record("expected ambiguous, got \(readiness)")
            return
        }
        #expect(matches.count == 1_000)
        #expect(table.contentOffset.y == 0)
    }
}
