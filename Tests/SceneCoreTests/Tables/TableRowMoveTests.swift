@testable import SceneCore
import TestSupport
import Testing

/// Where each key takes the focused row [TV-11], from the row counts alone.
@Suite("Table view: the keyboard's row moves")
struct TableRowMoveTests {
    /// Three sections of 3, 0 and 2 rows: rows in order are [0,0] [0,1] [0,2] [2,0] [2,1].
    static let counts = [3, 0, 2]

    @Test("TV-11: the arrows, Page Up, Page Down, Home and End map to moves; other keys do not")
    func keys() {
        #expect(TableRowMove(.keyboardUpArrow) == .previous)
        #expect(TableRowMove(.keyboardDownArrow) == .next)
        #expect(TableRowMove(.keyboardPageUp) == .pageUp)
        #expect(TableRowMove(.keyboardPageDown) == .pageDown)
        #expect(TableRowMove(.keyboardHome) == .first)
        #expect(TableRowMove(.keyboardEnd) == .last)
        #expect(TableRowMove(.keyboardLeftArrow) == nil && TableRowMove(.keyboardTab) == nil)
    }

    @Test("TV-11: Up and Down cross sections and skip an empty one, and stop at the ends")
    func arrows() {
        #expect(TableRowMove.next.target(from: row(2, 0), rowCounts: Self.counts, page: 4) == row(0, 2))
        #expect(TableRowMove.previous.target(from: row(0, 2), rowCounts: Self.counts, page: 4) == row(2, 0))
        #expect(TableRowMove.previous.target(from: row(0, 0), rowCounts: Self.counts, page: 4) == row(0, 0))
        #expect(TableRowMove.next.target(from: row(1, 2), rowCounts: Self.counts, page: 4) == row(1, 2))
    }

    @Test("TV-11: a page moves by the page's rows, at least one, and stops at the ends; Home and End reach them")
    func pagesAndEnds() {
        #expect(TableRowMove.pageDown.target(from: row(0, 0), rowCounts: Self.counts, page: 4) == row(1, 2))
        #expect(TableRowMove.pageDown.target(from: row(0, 0), rowCounts: Self.counts, page: 9) == row(1, 2))
        #expect(TableRowMove.pageUp.target(from: row(1, 2), rowCounts: Self.counts, page: 3) == row(1, 0))
        #expect(TableRowMove.pageUp.target(from: row(1, 2), rowCounts: Self.counts, page: 0) == row(0, 2))
        #expect(TableRowMove.first.target(from: row(1, 2), rowCounts: Self.counts, page: 4) == row(0, 0))
        #expect(TableRowMove.last.target(from: row(0, 0), rowCounts: Self.counts, page: 4) == row(1, 2))
    }

    @Test("TV-11: a row the counts do not have has no target")
    func unknownRow() {
        #expect(TableRowMove.next.target(from: row(0, 1), rowCounts: Self.counts, page: 4) == nil)
        #expect(TableRowMove.next.target(from: row(3, 0), rowCounts: Self.counts, page: 4) == nil)
        #expect(TableRowMove.first.target(from: row(0, 5), rowCounts: Self.counts, page: 4) == nil)
    }

    @Test("TV-11: on random counts every move agrees with a walk over the flattened rows", arguments: 0..<200)
    func agreesWithTheFlattenedRows(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        let counts = (0..<Int.random(in: 1...5, using: &generator)).map { _ in Int.random(in: 0...6, using: &generator) }
        let rows = counts.enumerated().flatMap { section, count in (0..<count).map { row($0, section) } }
        guard !rows.isEmpty else { return }
        let page = Int.random(in: 0...8, using: &generator)
        for (index, start) in rows.enumerated() {
            let step = max(1, page)
            let expected: [TableRowMove: Int] = [
                .previous: index - 1, .next: index + 1, .pageUp: index - step, .pageDown: index + step, .first: 0, .last: rows.count - 1,
            ]
            for (move, target) in expected {
                #expect(move.target(from: start, rowCounts: counts, page: page) == rows[min(rows.count - 1, max(0, target))], "\(move) from \(start) in \(counts)")
            }
        }
    }
}
