/// Where a key moves the focused row of a table [TV-11]: a decision as a value, taken from the
/// row counts alone, which ``TableView`` then applies (scrolling the row into view and focusing its
/// cell).
enum TableRowMove: Hashable, Sendable {
    /// Up arrow: the row before.
    case previous
    /// Down arrow: the row after.
    case next
    /// Page Up: a page of rows before.
    case pageUp
    /// Page Down: a page of rows after.
    case pageDown
    /// Home: the first row.
    case first
    /// End: the last row.
    case last

    /// The move `key` makes, or nil for every other key.
    init?(_ key: KeyboardHIDUsage) {
        switch key {
        case .keyboardUpArrow: self = .previous
        case .keyboardDownArrow: self = .next
        case .keyboardPageUp: self = .pageUp
        case .keyboardPageDown: self = .pageDown
        case .keyboardHome: self = .first
        case .keyboardEnd: self = .last
        default: return nil
        }
    }

    /// The row the move reaches from `row`, counting the rows of every section in order (empty
    /// sections have none to land on) and `page` rows to a page (at least one); it stops at the first
    /// and last rows. `row` itself when it cannot move (already at that end); nil when `row` is not
    /// one of `rowCounts`' rows.
    func target(from row: IndexPath, rowCounts: [Int], page: Int) -> IndexPath? {
        guard row.section >= 0, row.section < rowCounts.count, row.row >= 0, row.row < rowCounts[row.section] else { return nil }
        let total = rowCounts.reduce(0, +)
        let index = rowCounts[..<row.section].reduce(0, +) + row.row
        let step = Swift.max(1, page)
        let targetIndex: Int
        switch self {
        case .previous: targetIndex = index - 1
        case .next: targetIndex = index + 1
        case .pageUp: targetIndex = index - step
        case .pageDown: targetIndex = index + step
        case .first: targetIndex = 0
        case .last: targetIndex = total - 1
        }
        var remaining = Swift.min(total - 1, Swift.max(0, targetIndex))
        for (section, count) in rowCounts.enumerated() {
            if remaining < count { return IndexPath(row: remaining, section: section) }
            remaining -= count
        }
        return nil
    }
}
