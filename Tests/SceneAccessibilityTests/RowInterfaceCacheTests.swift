@testable import SceneAccessibility
import DBusKit
import Testing

@Suite("TV-12: the kept interface tables of rows out of view")
struct RowInterfaceCacheTests {
    private static func path(_ row: Int) -> ObjectPath { ObjectPath(unchecked: "/org/a11y/atspi/accessible/7_0_\(row)") }

    @Test("A row's tables are kept and found again; past the capacity the oldest row is forgotten first")
    func keepsTheMostRecentRows() {
        var cache = RowInterfaceCache()
        let first = CompiledInterfaces([])
        cache.keep(first, at: Self.path(0))
        #expect(cache.tables(at: Self.path(0)) === first)
        for row in 1...RowInterfaceCache.capacity { cache.keep(CompiledInterfaces([]), at: Self.path(row)) }
        #expect(cache.count == RowInterfaceCache.capacity)
        #expect(cache.tables(at: Self.path(0)) == nil, "the oldest row went")
        #expect(cache.tables(at: Self.path(1)) != nil && cache.tables(at: Self.path(RowInterfaceCache.capacity)) != nil)
    }

    @Test("Keeping a row again does not count it twice; rows that are gone are forgotten")
    func keepsOncePerRow() {
        var cache = RowInterfaceCache()
        for _ in 0..<5 { cache.keep(CompiledInterfaces([]), at: Self.path(3)) }
        cache.keep(CompiledInterfaces([]), at: Self.path(4))
        #expect(cache.count == 2)
        cache.removeAll { $0 == Self.path(3) }
        #expect(cache.count == 1 && cache.tables(at: Self.path(3)) == nil && cache.tables(at: Self.path(4)) != nil)
    }
}
