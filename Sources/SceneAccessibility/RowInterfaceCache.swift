import DBusKit

/// The compiled interface tables of table rows out of view that clients called, kept for the most
/// recent ``capacity`` rows [TV-12]: a client that walks a table (Accerciser's validator asks each of
/// 1,000 rows a dozen questions, and samples 1,000 more) would otherwise compile a row's tables for
/// every call, and keeping every row's would keep 100,000 tables for a client that walked 100,000
/// rows. The oldest row is forgotten first. A value; the bridge holds one.
struct RowInterfaceCache {
    static let capacity = 1_024

    private var tables: [ObjectPath: CompiledInterfaces] = [:]
    /// Paths in the order they were kept, oldest first (may hold paths already removed).
    private var order: [ObjectPath] = []

    var count: Int { tables.count }

    func tables(at path: ObjectPath) -> CompiledInterfaces? { tables[path] }

    /// Keeps `compiled` for `path`, forgetting the oldest row when full.
    mutating func keep(_ compiled: CompiledInterfaces, at path: ObjectPath) {
        if tables.updateValue(compiled, forKey: path) == nil { order.append(path) }
        while tables.count > Self.capacity, !order.isEmpty {
            tables[order.removeFirst()] = nil
        }
        // The order list holds stale paths once rows were removed: compact it when it doubles.
        if order.count > 2 * Self.capacity { order = order.filter { tables[$0] != nil } }
    }

    /// Forgets the rows `isGone` says no longer exist.
    mutating func removeAll(where isGone: (ObjectPath) -> Bool) {
        tables = tables.filter { !isGone($0.key) }
        order = order.filter { tables[$0] != nil }
    }

    mutating func removeAll() {
        tables.removeAll()
        order.removeAll()
    }
}
