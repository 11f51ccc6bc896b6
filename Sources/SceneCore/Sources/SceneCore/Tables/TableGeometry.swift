/// Where a table's rows are, from its counts and fixed heights [TV-1, TV-2]: a value computed once per
/// reload, in O(sections), and then asked in O(log sections) whatever the row count (the row within a
/// section is found by division, never by walking rows).
///
/// Section `s` starts at `sectionOrigins[s]` with its header (`headerHeight`), then its rows
/// (`rowHeight` each), then its footer (`footerHeight`).
struct TableGeometry: Hashable, Sendable {
    /// Rows per section.
    let rowCounts: [Int]
    let rowHeight: Double
    let headerHeight: Double
    let footerHeight: Double
    /// The top of each section, in content coordinates.
    private let sectionOrigins: [Double]
    /// The height of the whole content.
    let contentHeight: Double

    static let empty = TableGeometry(rowCounts: [], rowHeight: 0, headerHeight: 0, footerHeight: 0)

    /// Negative or non-finite heights count as 0; negative row counts as 0.
    init(rowCounts: [Int], rowHeight: Double, headerHeight: Double, footerHeight: Double) {
        func valid(_ height: Double) -> Double { height.isFinite ? Swift.max(0, height) : 0 }
        self.rowCounts = rowCounts.map { Swift.max(0, $0) }
        self.rowHeight = valid(rowHeight)
        self.headerHeight = valid(headerHeight)
        self.footerHeight = valid(footerHeight)
        var origins: [Double] = []
        origins.reserveCapacity(rowCounts.count)
        var y = 0.0
        for count in self.rowCounts {
            origins.append(y)
            y += self.headerHeight + Double(count) * self.rowHeight + self.footerHeight
        }
        sectionOrigins = origins
        contentHeight = y
    }

    var numberOfSections: Int { rowCounts.count }

    /// Whether `indexPath` names a row the table has.
    func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.section >= 0 && indexPath.section < rowCounts.count && indexPath.row >= 0
            && indexPath.row < rowCounts[indexPath.section]
    }

    /// The rectangle of the row at `indexPath` in content coordinates, `width` wide (no check).
    func rect(for indexPath: IndexPath, width: Double) -> Rect {
        let top = sectionOrigins[indexPath.section] + headerHeight + Double(indexPath.row) * rowHeight
        return Rect(x: 0, y: top, width: width, height: rowHeight)
    }

    /// The row whose rectangle holds the content's `y` (top edge inside, bottom edge outside); nil over
    /// a header, a footer, or outside the content.
    func indexPath(atY y: Double) -> IndexPath? {
        guard rowHeight > 0, y >= 0, y < contentHeight, let section = section(atY: y) else { return nil }
        let offset = y - sectionOrigins[section] - headerHeight
        guard offset >= 0 else { return nil }
        let row = Int((offset / rowHeight).rounded(.down))
        return row < rowCounts[section] ? IndexPath(row: row, section: section) : nil
    }

    /// The rows whose rectangles intersect `minY..<maxY` (a rectangle touching the band only at an
    /// edge does not), in order: O(log sections + rows returned).
    func indexPaths(intersectingFrom minY: Double, to maxY: Double) -> [IndexPath] {
        guard rowHeight > 0, maxY > minY, maxY > 0, minY < contentHeight else { return [] }
        var result: [IndexPath] = []
        var section = self.section(atY: Swift.max(0, minY)) ?? 0
        while section < rowCounts.count, sectionOrigins[section] < maxY {
            let rowsTop = sectionOrigins[section] + headerHeight
            let count = rowCounts[section]
            // The first row whose bottom is below minY, by division.
            var row = Int(((Swift.max(minY, rowsTop) - rowsTop) / rowHeight).rounded(.down))
            if rowsTop + Double(row + 1) * rowHeight <= minY { row += 1 }
            while row < count {
                let top = rowsTop + Double(row) * rowHeight
                guard top < maxY else { break }
                result.append(IndexPath(row: row, section: section))
                row += 1
            }
            section += 1
        }
        return result
    }

    /// The last section starting at or above `y`: a binary search over the sections' tops.
    private func section(atY y: Double) -> Int? {
        guard !sectionOrigins.isEmpty, y >= sectionOrigins[0] else { return nil }
        var low = 0
        var high = sectionOrigins.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sectionOrigins[middle] <= y { low = middle } else { high = middle - 1 }
        }
        // Empty sections share their top with the next one: the last of them holds the point.
        return low
    }
}
