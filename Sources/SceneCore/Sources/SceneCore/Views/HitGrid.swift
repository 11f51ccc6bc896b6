/// A uniform grid over a container's subviews: each cell lists, front to back, the subviews whose
/// record may match a point in that cell, so a hit test checks a few candidates instead of all.
///
/// Cells are assigned from each record's search box (``HitRecord/searchBox``), so every point that
/// the exact record test accepts lies in a cell that lists the subview; the exact test still
/// decides. No record can match outside the grid.
///
/// A grid is built only where it is good: when no cell lists more than ``maximumCellEntries``
/// subviews and the cells list at most about 8 entries per subview in all (small subviews spread out
/// evenly, like a wall of icons). Anything else — large subviews, clusters, deep overlaps — gets a
/// ``HitBVH`` instead.
///
/// The grid is a plain value over two buffers that the ``ChildHitIndex`` which built it owns and frees
/// (``deallocate()``): copying it copies a few words and no reference, so a hit test reads it without
/// any reference counting.
struct HitGrid {
    /// The most subviews one cell may list.
    static let maximumCellEntries = 16

    let minX: Double
    let minY: Double
    let maxX: Double
    let maxY: Double
    let cellWidth: Double
    let cellHeight: Double
    let columns: Int
    let rows: Int
    /// `cellStarts[c] ..< cellStarts[c + 1]` are cell c's entries in `entries` (`columns * rows + 1` values).
    let cellStarts: UnsafeMutablePointer<Int32>
    /// Subview indices, descending (front to back) within each cell.
    let entries: UnsafeMutablePointer<Int32>

    /// Builds a grid, or returns nil when the records do not spread out evenly enough for a grid to help.
    init?(records: UnsafeMutablePointer<HitRecord>, count: Int) {
        var boxes: [(index: Int32, x0: Double, y0: Double, x1: Double, y1: Double)] = []
        boxes.reserveCapacity(count)
        var gx0 = Double.infinity, gy0 = Double.infinity, gx1 = -Double.infinity, gy1 = -Double.infinity
        var widths = 0.0, heights = 0.0
        for index in 0..<count {
            let record = records[index]
            guard record.canMatch else { continue }
            let (x0, y0, x1, y1) = record.searchBox
            guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
            boxes.append((Int32(index), x0, y0, x1, y1))
            gx0 = Swift.min(gx0, x0)
            gy0 = Swift.min(gy0, y0)
            gx1 = Swift.max(gx1, x1)
            gy1 = Swift.max(gy1, y1)
            widths += x1 - x0
            heights += y1 - y0
        }
        guard !boxes.isEmpty, gx1 > gx0, gy1 > gy0, widths.isFinite, heights.isFinite else { return nil }
        let width = gx1 - gx0, height = gy1 - gy0
        // About one subview per cell, but cells no smaller than the average subview, so that a
        // subview spans about two cells per axis.
        let target = Double(boxes.count)
        let averageWidth = widths / target, averageHeight = heights / target
        var columns = Swift.max(1, Int((target * width / height).squareRoot()))
        columns = Swift.max(1, Swift.min(columns, boxes.count, Int(width / Swift.max(averageWidth, .leastNormalMagnitude))))
        var rows = Swift.max(1, Swift.min(boxes.count, Int((target / Double(columns)).rounded(.up))))
        rows = Swift.max(1, Swift.min(rows, Int(height / Swift.max(averageHeight, .leastNormalMagnitude))))
        let cellWidth = width / Double(columns)
        let cellHeight = height / Double(rows)
        func column(_ x: Double) -> Int { HitGrid.clampedCell(x, gx0, cellWidth, columns) }
        func row(_ y: Double) -> Int { HitGrid.clampedCell(y, gy0, cellHeight, rows) }

        // Count, then fill; children are visited front to back so each cell's list is descending.
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        var total = 0
        for box in boxes {
            let (c0, r0) = (column(box.x0), row(box.y0))
            let (c1, r1) = (column(box.x1), row(box.y1))
            total += (c1 - c0 + 1) * (r1 - r0 + 1)
            guard total <= 8 * boxes.count + 64 else { return nil }
            for r in r0...r1 {
                for c in c0...c1 { counts[r * columns + c + 1] += 1 }
            }
        }
        for cell in 0..<(columns * rows) {
            guard counts[cell + 1] <= Int32(HitGrid.maximumCellEntries) else { return nil }
            counts[cell + 1] += counts[cell]
        }
        var fill = counts
        var entries = [Int32](repeating: 0, count: total)
        for box in boxes.reversed() {
            let (c0, r0) = (column(box.x0), row(box.y0))
            let (c1, r1) = (column(box.x1), row(box.y1))
            for r in r0...r1 {
                for c in c0...c1 {
                    let cell = r * columns + c
                    entries[Int(fill[cell])] = box.index
                    fill[cell] += 1
                }
            }
        }
        self.minX = gx0
        self.minY = gy0
        self.maxX = gx1
        self.maxY = gy1
        self.columns = columns
        self.rows = rows
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.cellStarts = .allocate(capacity: counts.count)
        self.cellStarts.initialize(from: counts, count: counts.count)
        self.entries = .allocate(capacity: Swift.max(1, entries.count))
        self.entries.initialize(from: entries, count: entries.count)
    }

    /// Frees the buffers; the owner calls it exactly once, when it drops the grid.
    func deallocate() {
        cellStarts.deallocate()
        entries.deallocate()
    }

    /// The largest subview index whose record contains `point`, or -1: the first match in the cell
    /// (its list is front to back). `counter` counts the records tested.
    @inline(__always)
    func frontmostHit<Counter: RecordCounter>(
        _ point: Point, records: UnsafeMutablePointer<HitRecord>, counter: inout Counter
    ) -> Int {
        guard let cell = cell(for: point) else { return -1 }
        var k = Int(cellStarts[cell])
        let end = Int(cellStarts[cell + 1])
        while k < end {
            let index = Int(entries[k])
            counter.count()
            if records[index].contains(point) { return index }
            k += 1
        }
        return -1
    }

    /// The cell holding `point`, or nil outside the grid (NaN included).
    @inline(__always)
    func cell(for point: Point) -> Int? {
        guard point.x >= minX, point.x < maxX, point.y >= minY, point.y < maxY else { return nil }
        return HitGrid.clampedCell(point.y, minY, cellHeight, rows) * columns
            + HitGrid.clampedCell(point.x, minX, cellWidth, columns)
    }

    @inline(__always)
    private static func clampedCell(_ value: Double, _ origin: Double, _ size: Double, _ count: Int) -> Int {
        Swift.max(0, Swift.min(count - 1, Int((value - origin) / size)))
    }
}
