/// What a container knows about its subviews for hit testing, kept in step with `subviews`.
///
/// One 48-byte ``HitRecord`` per subview, in subview order, holds everything the default algorithm
/// needs to decide whether a point falls into that subview without touching the subview object:
/// the offset that converts the container's coordinates into the subview's, and the subview's
/// bounds (collapsed to an empty range when the subview cannot be hit by its own flags). Subviews
/// that must be asked directly — a class from outside SceneCore (it may override `hitTest` or
/// `point(inside:)`) or a non-identity transform — are listed in ``specials`` and never match a record.
///
/// Containers with at least ``HitGrid/minimumChildren`` subviews also get a ``HitGrid`` so that a hit
/// test looks at a handful of candidates instead of every subview. Specials and the grid are rebuilt
/// lazily, at the next hit test after a change.
@MainActor
final class ChildHitIndex {
    // Exclusivity is unchecked on these fields: a hit test reads them through an unretained reference
    // on every level it descends, only on the main actor; only this class's own methods write them,
    // and none of those passes a field `inout` to code that could touch the index again.

    @exclusivity(unchecked) private(set) var records: UnsafeMutablePointer<HitRecord>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int
    /// Indices of subviews that must be asked directly, ascending (`specialCount` of them, in a
    /// buffer of `specialCapacity`). Valid when `!specialsDirty`.
    @exclusivity(unchecked) private(set) var specials: UnsafeMutablePointer<Int32>?
    @exclusivity(unchecked) private(set) var specialCount = 0
    @exclusivity(unchecked) private var specialCapacity = 0
    @exclusivity(unchecked) private(set) var specialsDirty = false
    /// Valid when `!gridDirty`; nil for small containers or when a grid would not help. Its buffers
    /// belong to this index.
    @exclusivity(unchecked) private(set) var grid: HitGrid?
    @exclusivity(unchecked) private(set) var gridDirty = true

    init() {
        capacity = 4
        records = .allocate(capacity: capacity)
    }

    isolated deinit {
        records.deallocate()
        specials?.deallocate()
        grid?.deallocate()
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
        gridDirty = true
    }

    func remove(at index: Int) {
        precondition(index >= 0 && index < count, "ChildHitIndex.remove: index \(index) out of range 0..<\(count)")
        if index < count - 1 {
            (records + index).moveInitialize(from: records + index + 1, count: count - index - 1)
        }
        count -= 1
        specialsDirty = true
        gridDirty = true
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
        gridDirty = true
    }

    /// Recomputes the record of the subview at `index` after its geometry or flags changed.
    func update(child: View, at index: Int) {
        records[index] = HitRecord(child)
        specialsDirty = true
        gridDirty = true
    }

    func invalidateGrid() {
        gridDirty = true
    }

    /// Rebuilds whatever a change made stale. `subviews` is the owner's subview array.
    func prepare(subviews: [View]) {
        if specialsDirty { rebuildSpecials(subviews) }
        if gridDirty { rebuildGrid() }
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

    private func rebuildGrid() {
        gridDirty = false
        grid?.deallocate()
        grid = count >= HitGrid.minimumChildren ? HitGrid(records: records, count: count) : nil
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

    /// Subviews that hit testing must ask through the object rather than through the record.
    @MainActor @inline(__always)
    static func isSpecial(_ child: View) -> Bool {
        child._flags.contains(.customHitTesting) || child._transform != nil
    }
}
