@testable import SceneAccessibility
import DBusKit
import SceneCore
import TestSupport
import Testing

/// [TV-12] A table's rows in the accessible tree: every row is a child, rows out of view are objects
/// made on demand, and their states, names and paths answer from the table. The table is 300 × 220
/// at (0, 300) of the main window's content: Rows 1-5 are on screen.
@MainActor
@Suite("TV-12: a table's rows for assistive tools")
struct AccessibleTableRowsTests {
    let fixture = AccessibilityFixture()
    var tree: AccessibleTree { fixture.tree }
    let table = TableView(frame: Rect(x: 0, y: 300, width: 300, height: 220))
    private let rows = NumberedRows()

    init() {
        table.accessibilityIdentifier = "list"
        rows.attach(to: table)
        fixture.content.addSubview(table)
    }

    private func row(_ row: Int) -> IndexPath { IndexPath(row: row, section: 0) }

    @Test("The table's children are its 1,000 rows: a row on screen is its cell, a row out of view a row object; no cell is made for them")
    func childrenAreEveryRow() throws {
        let made = rows.cellsMade
        #expect(tree.childCount(of: .view(table)) == 1_000)
        #expect(tree.childNode(of: .view(table), at: 2)?.view === table.cellForRow(at: row(2)))
        guard case .row(let owner, let indexPath) = try tree.child(of: .view(table), at: 39) else {
            Issue.record("child 39 is not a row object")
            return
        }
        #expect(owner === table && indexPath == row(39))
        #expect(tree.childNode(of: .view(table), at: 1_000) == nil)
        #expect(throws: AccessibilityError.self) { try tree.child(of: .view(table), at: 1_000) }
        #expect(tree.childNodes(of: .view(table)).count == 1_000)
        #expect(rows.cellsMade == made, "counting and listing the rows describes none of them")
    }

    @Test("A row's index in the table is its position, for its cell too; its parent is the table")
    func indicesAndParents() {
        #expect(tree.indexInParent(of: .row(table, row(39))) == 39)
        #expect(tree.indexInParent(of: .view(table.cellForRow(at: row(3))!)) == 3)
        #expect(tree.parent(of: .row(table, row(39)))?.view === table)
    }

    @Test("A row out of view has a path of its own under the table's, that names it again, while the table has the row")
    func paths() throws {
        let path = tree.path(of: .row(table, row(39)))
        #expect(path.rawValue == tree.path(of: .view(table)).rawValue + "_0_39")
        guard case .row(let owner, let indexPath) = try tree.existingNode(at: path) else {
            Issue.record("the path names no row")
            return
        }
        #expect(owner === table && indexPath == row(39))
        rows.count = 10
        table.reloadData()
        #expect(tree.node(at: path) == nil, "the table has no row 39 now")
        #expect(tree.node(at: try ObjectPath(tree.path(of: .view(table)).rawValue + "_0_x")) == nil)
    }

    @Test("A row out of view is named, described and classed by its cell for that row; its AccessibleId is the selector's name")
    func semantics() {
        let node = AccessibleNode.row(table, row(39))
        #expect(tree.name(of: node) == "Row 40")
        #expect(tree.role(of: node) == .listItem, "a table view's rows are list items")
        #expect(tree.role(of: .view(table.cellForRow(at: row(2))!)) == .listItem)
        #expect(tree.role(of: .view(table)) == .list)
        #expect(tree.accessibleID(of: node) == "list/row:0.39")
        #expect(tree.attributes(of: node).contains { $0 == ("class", "TableViewCell") })
        #expect(tree.interfaces(of: node) == [AtspiNames.accessible, AtspiNames.component, AtspiNames.action, AtspiNames.text])
        #expect(tree.interfaces(of: .view(table)).contains(AtspiNames.selection))
    }

    @Test("A row out of view is visible, enabled, selectable and focusable but not showing; selected when its row is; its cell on screen says the same")
    func states() throws {
        let node = AccessibleNode.row(table, row(39))
        var states = tree.states(of: node)
        #expect(states.contains(.visible) && states.contains(.enabled) && states.contains(.selectable) && states.contains(.focusable))
        #expect(!states.contains(.showing) && !states.contains(.selected))
        try table.selectRow(at: row(39), animated: false, scrollPosition: .none)
        #expect(tree.states(of: node).contains(.selected))
        try table.scrollToRow(at: row(39), at: .top, animated: false)
        states = tree.states(of: node)
        #expect(states.contains(.showing) && states.contains(.selected), "on screen it answers as its cell")
        #expect(tree.states(of: .view(table.cellForRow(at: row(39))!)).contains(.selectable))
        table.allowsMultipleSelection = true
        #expect(tree.states(of: .view(table)).contains(.multiselectable))
    }

    @Test("Scrolling replaces rows' objects at their indices: a row come on screen is its cell, a row gone is a row object again; the count stays")
    func scrollingReplacesRowObjects() throws {
        _ = tree.path(of: .view(table))  // clients know the table
        try table.scrollToRow(at: row(9), at: .top, animated: false)
        let (replaced, others) = try #require(tree.refreshRows(of: table))
        #expect(others.isEmpty)
        let cameIn = replaced.filter { if case .view = $0.new { true } else { false } }.map(\.index)
        let wentOut = replaced.filter { if case .row = $0.new { true } else { false } }.map(\.index)
        #expect(cameIn == Array(9...13) && wentOut == Array(0...4), "Rows 10-14 now on screen, Rows 1-5 gone: \(cameIn) \(wentOut)")
        #expect(tree.refreshRows(of: table)?.replaced.isEmpty == true, "each change is announced once")
    }
}
