/// The touches one machine tracks, ordered by touch id.
///
/// Storage grows only in ``insert(_:at:)``; moves update entries in place and removals keep the
/// capacity, so a machine that has begun does not allocate per moved event.
struct TouchTable: Sendable {
    struct Entry: Sendable {
        let id: UInt64
        /// Where the touch went down.
        let start: Point
        /// Where the touch is now.
        var location: Point
    }

    private(set) var entries: [Entry] = []
    /// Centroid of the touches at the moment the table last became empty; nil before that.
    private(set) var centroidWhenLastEmptied: Point?

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    /// Adds a touch at its sorted position. Returns false (and changes nothing) when `id` is tracked.
    mutating func insert(_ id: UInt64, at location: Point) -> Bool {
        var index = entries.endIndex
        var position = 0
        while position < entries.count {
            let existing = entries[position].id
            if existing == id { return false }
            if existing > id {
                index = position
                break
            }
            position += 1
        }
        let entry = Entry(id: id, start: location, location: location)
        // Touch ids grow, so a new touch usually goes last.
        if index == entries.endIndex {
            entries.append(entry)
        } else {
            entries.insert(entry, at: index)
        }
        return true
    }

    @inline(__always)
    func index(of id: UInt64) -> Int? {
        var index = 0
        while index < entries.count {
            if entries[index].id == id { return index }
            index += 1
        }
        return nil
    }

    func contains(_ id: UInt64) -> Bool { index(of: id) != nil }

    /// Moves a tracked touch. Returns false when `id` is not tracked.
    @discardableResult
    mutating func move(_ id: UInt64, to location: Point) -> Bool {
        guard let index = index(of: id) else { return false }
        entries[index].location = location
        return true
    }

    /// Moves the touch at `index` (in range) to `location`. Returns false, changing nothing, when it is
    /// already there.
    mutating func move(at index: Int, to location: Point) -> Bool {
        guard entries[index].location != location else { return false }
        entries[index].location = location
        return true
    }

    /// Removes a tracked touch and returns its entry, or nil when `id` is not tracked.
    mutating func remove(_ id: UInt64) -> Entry? {
        guard let index = index(of: id) else { return nil }
        if entries.count == 1 { centroidWhenLastEmptied = entries[index].location }
        return entries.removeFromShortList(at: index)
    }

    /// Forgets every touch, keeping the storage.
    mutating func removeAll() {
        entries.removeAllKeepingCapacity()
        centroidWhenLastEmptied = nil
    }

    /// Centroid of the current locations, nil with no touch.
    var centroid: Point? {
        guard !entries.isEmpty else { return nil }
        var sumX = 0.0
        var sumY = 0.0
        for entry in entries {
            sumX += entry.location.x
            sumY += entry.location.y
        }
        let n = Double(entries.count)
        return Point(x: sumX / n, y: sumY / n)
    }

    /// Centroid of the current touches, or where they were when the last one lifted.
    var centroidOrLast: Point? { centroid ?? centroidWhenLastEmptied }

    /// True when some touch is more than `distance` from where it went down.
    func anyTouchMoved(beyond distance: Double) -> Bool {
        entries.contains { $0.start.distance(to: $0.location) > distance }
    }

    /// Current location of the touch at `index`, nil out of range.
    func location(at index: Int) -> Point? {
        entries.indices.contains(index) ? entries[index].location : nil
    }
}
