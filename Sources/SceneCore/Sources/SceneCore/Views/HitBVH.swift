/// A bounding-volume hierarchy over a container's subviews, for any mix of sizes and overlaps: a
/// binary tree of boxes whose leaves list at most ``leafSize`` subviews, so that a hit test looks at
/// the few subviews whose boxes lie around the point instead of all of them.
///
/// Built from the records' boxes, each grown by a margin so that every point the exact record test
/// accepts lies in it (``HitRecord/searchBox``); the exact test still decides. Splits are chosen by
/// the surface-area heuristic over three keys — the boxes' centres along x and along y, and their
/// area (which separates nested boxes that share a centre) — and, where no key separates the boxes
/// or the tree grows deep, by subview order, so the depth stays below ``maximumDepth``.
///
/// Every node knows the frontmost (largest) subview index below it: the search visits the
/// frontmost side first and skips whatever cannot beat the best hit found so far, so a point under
/// many overlapping subviews costs about one path down the tree.
///
/// Like ``HitGrid``, a plain value over two buffers that the ``ChildHitIndex`` which built it owns
/// and frees (``deallocate()``).
struct HitBVH {
    /// A node: its box, the frontmost subview below it, and either `count` (1 … leafSize) entries
    /// from `first` (a leaf) or, with `count` 0, two children at `first` and `first + 1`.
    struct Node {
        var minX: Double
        var minY: Double
        var maxX: Double
        var maxY: Double
        var frontmost: Int32
        var first: Int32
        var count: Int32
    }

    /// Subviews per leaf, at most.
    static let leafSize = 4
    /// Deeper than this the builder only halves by subview order, so the search stack of
    /// `maximumDepth + 1` entries always suffices.
    static let maximumDepth = 48

    let nodes: UnsafeMutablePointer<Node>
    /// Subview indices, descending (front to back) within each leaf.
    let entries: UnsafeMutablePointer<Int32>

    /// Builds the hierarchy over the records that can match; nil when none can.
    init?(records: UnsafeMutablePointer<HitRecord>, count: Int) {
        var items: [Item] = []
        items.reserveCapacity(count)
        for index in 0..<count {
            let record = records[index]
            guard record.canMatch else { continue }
            let box = record.searchBox
            items.append(Item(box: box, index: Int32(index)))
        }
        guard !items.isEmpty else { return nil }
        var builder = Builder(items: items)
        builder.nodes.reserveCapacity(2 * items.count / HitBVH.leafSize + 2)
        builder.nodes.append(Node(minX: 0, minY: 0, maxX: 0, maxY: 0, frontmost: -1, first: 0, count: 0))
        builder.build(into: 0, 0..<items.count, depth: 0)
        nodes = .allocate(capacity: builder.nodes.count)
        nodes.initialize(from: builder.nodes, count: builder.nodes.count)
        entries = .allocate(capacity: builder.entries.count)
        entries.initialize(from: builder.entries, count: builder.entries.count)
    }

    /// Frees the buffers; the owner calls it exactly once, when it drops the hierarchy.
    func deallocate() {
        nodes.deallocate()
        entries.deallocate()
    }

    /// The largest subview index whose record contains `point`, or -1. `counter` counts the records
    /// tested. (Not inlined: it serves big containers, where the call costs nothing in comparison.)
    @inline(never)
    func frontmostHit<Counter: RecordCounter>(
        _ point: Point, records: UnsafeMutablePointer<HitRecord>, counter: inout Counter
    ) -> Int {
        var best: Int32 = -1
        var stack = InlineArray<49, Int32>(repeating: 0)
        var top = 1
        while top > 0 {
            top -= 1
            let node = nodes[Int(stack[top])]
            guard node.frontmost > best, point.x >= node.minX, point.x <= node.maxX, point.y >= node.minY,
                point.y <= node.maxY
            else { continue }
            if node.count > 0 {
                var k = Int(node.first)
                let end = k + Int(node.count)
                while k < end {
                    let index = entries[k]
                    if index <= best { break }
                    counter.count()
                    if records[Int(index)].contains(point) {
                        best = index
                        break
                    }
                    k += 1
                }
            } else {
                // The frontmost side last, so that it is searched first.
                let a = node.first, b = node.first + 1
                if nodes[Int(a)].frontmost > nodes[Int(b)].frontmost {
                    stack[top] = b
                    stack[top + 1] = a
                } else {
                    stack[top] = a
                    stack[top + 1] = b
                }
                top += 2
            }
        }
        return Int(best)
    }
}

extension HitBVH {
    /// A record's search box, with the keys the builder splits by.
    fileprivate struct Item {
        var x0: Double
        var y0: Double
        var x1: Double
        var y1: Double
        var index: Int32

        init(box: (x0: Double, y0: Double, x1: Double, y1: Double), index: Int32) {
            (x0, y0, x1, y1) = box
            self.index = index
        }

        /// The split keys: centre x, centre y, and the area's binary exponent (finite for any box).
        func key(_ axis: Int) -> Double {
            switch axis {
            case 0: return HitBVH.finite(x0 / 2 + x1 / 2)
            case 1: return HitBVH.finite(y0 / 2 + y1 / 2)
            default: return Double(HitBVH.area(x0, y0, x1, y1).exponent)
            }
        }
    }

    /// Clamps to the finite range (NaN to 0), so that keys and costs compare.
    fileprivate static func finite(_ value: Double) -> Double {
        if value.isNaN { return 0 }
        return Swift.max(-Double.greatestFiniteMagnitude, Swift.min(Double.greatestFiniteMagnitude, value))
    }

    /// The box's area for the cost model: finite, and never 0 (a line is hit with some probability).
    fileprivate static func area(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        let width = finite(x1 - x0), height = finite(y1 - y0)
        return Swift.max(Double.leastNormalMagnitude, finite(width * height + 1e-9 * (width + height)))
    }

    /// A box being grown.
    fileprivate struct Bounds {
        var x0: Double
        var y0: Double
        var x1: Double
        var y1: Double

        static let empty = Bounds(x0: .infinity, y0: .infinity, x1: -.infinity, y1: -.infinity)

        mutating func add(_ item: Item) {
            x0 = Swift.min(x0, item.x0)
            y0 = Swift.min(y0, item.y0)
            x1 = Swift.max(x1, item.x1)
            y1 = Swift.max(y1, item.y1)
        }

        mutating func add(_ other: Bounds) {
            x0 = Swift.min(x0, other.x0)
            y0 = Swift.min(y0, other.y0)
            x1 = Swift.max(x1, other.x1)
            y1 = Swift.max(y1, other.y1)
        }

        var area: Double { HitBVH.area(x0, y0, x1, y1) }
    }

    fileprivate struct Builder {
        var items: [Item]
        var nodes: [Node] = []
        var entries: [Int32] = []

        /// Fills `nodes[slot]` with the subtree over `items[range]`.
        mutating func build(into slot: Int, _ range: Range<Int>, depth: Int) {
            var bounds = Bounds.empty
            var frontmost: Int32 = -1
            for item in items[range] {
                bounds.add(item)
                frontmost = Swift.max(frontmost, item.index)
            }
            let (x0, y0, x1, y1) = (bounds.x0, bounds.y0, bounds.x1, bounds.y1)
            if range.count <= HitBVH.leafSize {
                let leaf = items[range].map(\.index).sorted(by: >)
                nodes[slot] = Node(
                    minX: x0, minY: y0, maxX: x1, maxY: y1, frontmost: frontmost, first: Int32(entries.count),
                    count: Int32(leaf.count))
                entries += leaf
                return
            }
            // Halving by subview order needs ⌈log2(count / leafSize)⌉ more levels: once only that many
            // remain below the maximum depth, halve.
            var levels = 0
            while (HitBVH.leafSize << levels) < range.count { levels += 1 }
            let middle: Int
            if depth + levels >= HitBVH.maximumDepth - 1 || isDeeplyOverlapped(range, in: bounds) {
                middle = halve(range)
            } else {
                middle = split(range) ?? halve(range)
            }
            let first = nodes.count
            nodes.append(nodes[slot])
            nodes.append(nodes[slot])
            build(into: first, range.lowerBound..<middle, depth: depth + 1)
            build(into: first + 1, middle..<range.upperBound, depth: depth + 1)
            nodes[slot] = Node(minX: x0, minY: y0, maxX: x1, maxY: y1, frontmost: frontmost, first: Int32(first), count: 0)
        }

        /// True when the items' areas add up to at least twice the area of their box: a point in the
        /// box then lies, on average, under two or more of them, so the front half by subview order
        /// most likely holds the answer and the back half is skipped, while a spatial split would
        /// leave both halves to be searched.
        func isDeeplyOverlapped(_ range: Range<Int>, in bounds: Bounds) -> Bool {
            guard range.count > 4 * HitBVH.leafSize else { return false }
            let whole = bounds.area
            var covered = 0.0
            for item in items[range] {
                covered += Swift.min(whole, HitBVH.area(item.x0, item.y0, item.x1, item.y1))
                if covered >= 2 * whole { return true }
            }
            return false
        }

        /// Splits `items[range]` in place by subview order into two halves; returns the middle.
        mutating func halve(_ range: Range<Int>) -> Int {
            items[range].sort { $0.index < $1.index }
            return range.lowerBound + range.count / 2
        }

        /// The best binned surface-area split over the three keys, done in place; nil when no key
        /// separates the items.
        mutating func split(_ range: Range<Int>) -> Int? {
            let binCount = 16
            var bestCost = Double.infinity
            var bestAxis = -1
            var bestBoundary = 0.0
            for axis in 0..<3 {
                var low = Double.infinity, high = -Double.infinity
                for item in items[range] {
                    let key = item.key(axis)
                    low = Swift.min(low, key)
                    high = Swift.max(high, key)
                }
                guard high > low else { continue }
                let scale = Double(binCount) / (high - low)
                var counts = InlineArray<16, Int>(repeating: 0)
                var bins = InlineArray<16, Bounds>(repeating: .empty)
                for item in items[range] {
                    let b = Swift.max(0, Swift.min(binCount - 1, Int((item.key(axis) - low) * scale)))
                    counts[b] += 1
                    bins[b].add(item)
                }
                // Cost of splitting after bin k: area(left) · n(left) + area(right) · n(right).
                var rightCost = InlineArray<16, Double>(repeating: 0)
                var bounds = Bounds.empty
                var n = 0
                for b in stride(from: binCount - 1, to: 0, by: -1) {
                    n += counts[b]
                    bounds.add(bins[b])
                    rightCost[b] = n == 0 ? 0 : bounds.area * Double(n)
                }
                bounds = .empty
                n = 0
                for b in 0..<(binCount - 1) {
                    n += counts[b]
                    bounds.add(bins[b])
                    guard n > 0, n < range.count else { continue }
                    let cost = bounds.area * Double(n) + rightCost[b + 1]
                    if cost < bestCost {
                        bestCost = cost
                        bestAxis = axis
                        bestBoundary = low + Double(b + 1) / scale
                    }
                }
            }
            guard bestAxis >= 0 else { return nil }
            // Partition: keys below the boundary (by the same binning) first.
            let axis = bestAxis, boundary = bestBoundary
            var write = range.lowerBound
            for read in range where items[read].key(axis) < boundary {
                items.swapAt(write, read)
                write += 1
            }
            guard write > range.lowerBound, write < range.upperBound else { return nil }
            return write
        }
    }
}
