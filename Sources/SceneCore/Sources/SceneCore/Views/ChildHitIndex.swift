/// What a container knows about its subviews for hit testing, kept in step with `subviews`.
///
/// One 48-byte ``HitRecord`` per subview, in subview order, holds everything the default algorithm
/// needs to decide whether a point falls into that subview without touching the subview object:
/// the offset that converts the container's coordinates into the subview's, and the subview's
/// bounds (collapsed to an empty range when the subview cannot be hit by its own flags). Subviews
/// that must be asked directly — a class from outside SceneCore (it may override `hitTest` or
/// `point(inside:)`) or a non-identity transform — are listed in ``specials`` and never match a record.
///
/// Containers with at least ``minimumIndexedChildren`` subviews also get a spatial index (``Spatial``)
/// so that a hit test looks at a handful of candidates instead of every subview: a ``HitGrid`` when
/// the subviews spread out evenly enough that every grid cell lists few of them, otherwise a
/// ``HitBVH``, which suits any mix of sizes and overlaps. Specials and the spatial index are rebuilt
/// lazily, at the next hit test after a change.
@MainActor
final class ChildHitIndex {
    // Exclusivity is unchecked on these fields, which a hit test reads through an unretained reference
    // on every level it descends (short accesses, UnretainedAccess.swift: only this class's own
    // methods write them).

    @exclusivity(unchecked) private(set) var records: UnsafeMutablePointer<HitRecord>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int
    /// Indices of subviews that must be asked directly, ascending (`specialCount` of them, in a
    /// buffer of `specialCapacity`). Valid when `!specialsDirty`.
    @exclusivity(unchecked) private(set) var specials: UnsafeMutablePointer<Int32>?
    @exclusivity(unchecked) private(set) var specialCount = 0
    @exclusivity(unchecked) private var specialCapacity = 0
    @exclusivity(unchecked) private(set) var specialsDirty = false
    /// Valid when `!spatialDirty`. Its buffers belong to this index.
    @exclusivity(unchecked) private(set) var spatial: Spatial = .linear
    @exclusivity(unchecked) private(set) var spatialDirty = true
    /// Counts changes; a search that ran code outside SceneCore (an override) compares it to know
    /// whether what it read before is still current.
    @exclusivity(unchecked) private(set) var generation: UInt = 0

    /// Containers with fewer subviews are searched linearly.
    static let minimumIndexedChildren = 32

    /// How the subviews that can match are found.
    enum Spatial {
        /// Every record, front to back.
        case linear
        /// No record can match.
        case empty
        case grid(HitGrid)
        case hierarchy(HitBVH)
    }

    init() {
        capacity = 4
        records = .allocate(capacity: capacity)
    }

    isolated deinit {
        records.deallocate()
        specials?.deallocate()
        spatial.deallocate()
    }

    /// `frontmostHit` among the subviews below index `bound` only, by a linear scan (for a search
    /// that must go on after an override changed the subviews).
    func frontmostHit(_ point: Point, below bound: Int) -> Int {
        var index = Swift.min(bound, count) - 1
        while index >= 0 {
            if records[index].contains(point) { return index }
            index -= 1
        }
        return -1
    }

    /// True when `prepare(subviews:)` has something to rebuild.
    @inline(__always)
    var isStale: Bool { specialsDirty || spatialDirty }

    /// The largest subview index whose record contains `point` (in the container's bounds
    /// coordinates), or -1: the frontmost subview that the default algorithm would descend into,
    /// specials aside. Valid when `!isStale`. `counter` counts the records tested.
    @inline(__always)
    func frontmostHit<Counter: RecordCounter>(_ point: Point, counter: inout Counter) -> Int {
        ChildHitIndex.frontmostHit(point, spatial, records, count, counter: &counter)
    }

    /// `frontmostHit` from the index's fields, for a caller that reads them through an unretained
    /// reference (calling a method through one would retain it).
    @inline(__always)
    static func frontmostHit<Counter: RecordCounter>(
        _ point: Point, _ spatial: Spatial, _ records: UnsafeMutablePointer<HitRecord>, _ count: Int,
        counter: inout Counter
    ) -> Int {
        switch spatial {
        case .linear:
            var index = count - 1
            while index >= 0 {
                counter.count()
                if records[index].contains(point) { return index }
                index -= 1
            }
            return -1
        case .empty:
            return -1
        case .grid(let grid):
            return grid.frontmostHit(point, records: records, counter: &counter)
        case .hierarchy(let hierarchy):
            return hierarchy.frontmostHit(point, records: records, counter: &counter)
        }
    }

    func insert(child: View, at index: Int) {
        if count == capacity { grow() }
        if index < count {
            (records + index + 1).moveInitialize(from: records + index, count: count - index)
        }
        (records + index).initialize(to: HitRecord(child))
        count += 1
        if index == count - 1, !specialsDirty {
            if HitRecord.isSpecial(child) { appendSpecial(Int32(index)) }
        } else {
            specialsDirty = true
        }
        changed()
    }

    func remove(at index: Int) {
        precondition(index >= 0 && index < count, "ChildHitIndex.remove: index \(index) out of range 0..<\(count)")
        if index < count - 1 {
            (records + index).moveInitialize(from: records + index + 1, count: count - index - 1)
        }
        count -= 1
        specialsDirty = true
        changed()
    }

    func move(from: Int, to: Int) {
        let moving = records[from]
        if from < to {
            (records + from).moveInitialize(from: records + from + 1, count: to - from)
        } else {
            (records + to + 1).moveInitialize(from: records + to, count: from - to)
        }
        records[to] = moving
        specialsDirty = true
        changed()
    }

    /// Recomputes the record of the subview at `index` after its geometry or flags changed.
    func update(child: View, at index: Int) {
        records[index] = HitRecord(child)
        specialsDirty = true
        changed()
    }

    private func changed() {
        spatialDirty = true
        generation &+= 1
    }

    /// Rebuilds whatever a change made stale. `subviews` is the owner's subview array.
    func prepare(subviews: [View]) {
        if specialsDirty { rebuildSpecials(subviews) }
        if spatialDirty { rebuildSpatial() }
    }

    private func rebuildSpecials(_ subviews: [View]) {
        specialCount = 0
        for (index, child) in subviews.enumerated() where HitRecord.isSpecial(child) {
            appendSpecial(Int32(index))
        }
        specialsDirty = false
    }

    private func appendSpecial(_ index: Int32) {
        if specialCount == specialCapacity {
            let newCapacity = Swift.max(4, specialCapacity * 2)
            let newSpecials = UnsafeMutablePointer<Int32>.allocate(capacity: newCapacity)
            if let specials {
                newSpecials.initialize(from: specials, count: specialCount)
                specials.deallocate()
            }
            specials = newSpecials
            specialCapacity = newCapacity
        }
        specials.unsafelyUnwrapped[specialCount] = index
        specialCount += 1
    }

    /// The grid when every cell lists few subviews, else the hierarchy (rebuilt in full: a change of
    /// one subview costs O(n log n) at the next hit test, about a millisecond for 10,000 subviews).
    private func rebuildSpatial() {
        spatialDirty = false
        spatial.deallocate()
        guard count >= ChildHitIndex.minimumIndexedChildren else {
            spatial = .linear
            return
        }
        if let grid = HitGrid(records: records, count: count) {
            spatial = .grid(grid)
        } else if let hierarchy = HitBVH(records: records, count: count) {
            spatial = .hierarchy(hierarchy)
        } else {
            spatial = .empty
        }
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newRecords = UnsafeMutablePointer<HitRecord>.allocate(capacity: newCapacity)
        newRecords.moveInitialize(from: records, count: count)
        records.deallocate()
        records = newRecords
        capacity = newCapacity
    }
}

/// The hit-test facts about one subview, in its container's coordinates. See ``ChildHitIndex``.
struct HitRecord {
    /// `frame.origin − bounds.origin`: subtracting it converts a container point into the subview's
    /// bounds coordinates (identity transform only).
    var offsetX: Double
    var offsetY: Double
    /// The subview's bounds, standardized; `minX > maxX` when the record can never match.
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    @MainActor
    init(_ child: View) {
        if HitRecord.isSpecial(child) || !child.isHittable {
            self = .neverMatches
            return
        }
        offsetX = child._frameOrigin.x - child._bounds.origin.x
        offsetY = child._frameOrigin.y - child._bounds.origin.y
        minX = child._bounds.minX
        minY = child._bounds.minY
        maxX = child._bounds.maxX
        maxY = child._bounds.maxY
    }

    private init(offsetX: Double, offsetY: Double, minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    static let neverMatches = HitRecord(
        offsetX: 0, offsetY: 0, minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    var canMatch: Bool { minX <= maxX }

    /// Whether `point` (in the container's coordinates) falls into the subview [HT-4, HT-5].
    @inline(__always)
    func contains(_ point: Point) -> Bool {
        let qx = point.x - offsetX
        let qy = point.y - offsetY
        return qx >= minX && qx < maxX && qy >= minY && qy < maxY
    }

    /// A box in the container's coordinates that holds every point ``contains(_:)`` accepts: the
    /// subview's bounds moved by the offset, grown by far more than the rounding of `point − offset`
    /// can move an edge (relative to the magnitudes involved). A coordinate that comes out NaN (an
    /// infinite offset against infinite bounds) becomes infinite, so the box stays on the safe side.
    var searchBox: (x0: Double, y0: Double, x1: Double, y1: Double) {
        func margin(_ offset: Double, _ edge: Double) -> Double {
            1e-9 * (1 + abs(offset) + abs(edge))
        }
        var x0 = (offsetX + minX) - margin(offsetX, minX)
        var y0 = (offsetY + minY) - margin(offsetY, minY)
        var x1 = (offsetX + maxX) + margin(offsetX, maxX)
        var y1 = (offsetY + maxY) + margin(offsetY, maxY)
        if x0.isNaN { x0 = -.infinity }
        if y0.isNaN { y0 = -.infinity }
        if x1.isNaN { x1 = .infinity }
        if y1.isNaN { y1 = .infinity }
        return (x0, y0, x1, y1)
    }

    /// Subviews that hit testing must ask through the object rather than through the record.
    @MainActor @inline(__always)
    static func isSpecial(_ child: View) -> Bool {
        child._flags.contains(.customHitTesting) || child._transform != nil
    }
}

extension ChildHitIndex.Spatial {
    /// Frees the buffers of a grid or hierarchy.
    func deallocate() {
        switch self {
        case .linear, .empty: break
        case .grid(let grid): grid.deallocate()
        case .hierarchy(let hierarchy): hierarchy.deallocate()
        }
    }
}

/// Counts the records a search tests: the tests' measure of how much of a container a hit test
/// looks at. The hit test itself passes ``NotCounted``, which compiles to nothing.
protocol RecordCounter {
    mutating func count()
}

/// No counting.
///
/// It holds one byte although it needs none: `&counter` of a zero-sized value is not a real address,
/// and ThreadSanitizer's instrumentation of the `inout` access read shadow memory for it and crashed
/// the host (SEGV in `__tsan::ExternalAccess` under `frontmostHit`). The byte is optimized away in
/// release builds.
struct NotCounted: RecordCounter {
    private var storage: UInt8 = 0

    @inline(__always)
    mutating func count() {}
}

/// Counts.
struct RecordTally: RecordCounter {
    private(set) var value = 0

    mutating func count() {
        value += 1
    }
}
