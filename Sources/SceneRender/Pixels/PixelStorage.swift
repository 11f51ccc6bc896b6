#if canImport(Glibc)
import Glibc
#endif

/// The memory of one ``PixelImage``: `byteCount` bytes, 16-byte aligned, freed with the storage.
///
/// `@unchecked Sendable`: the bytes are written only by the renderer that allocated them, and only
/// while it holds the sole reference (it checks `isKnownUniquelyReferenced` before every drawing and
/// copies otherwise). Once a ``PixelImage`` that shares the storage has been handed out, nothing
/// writes to it again, so any thread may read it.
final class PixelStorage: @unchecked Sendable {
    let bytes: UnsafeMutableRawPointer
    let byteCount: Int

    /// Zeroed (transparent) memory.
    init(byteCount: Int) {
        self.byteCount = byteCount
        bytes = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(byteCount, 16), alignment: 16)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    }

    /// A copy of `other`'s bytes.
    init(copying other: PixelStorage) {
        byteCount = other.byteCount
        bytes = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(byteCount, 16), alignment: 16)
        bytes.copyMemory(from: other.bytes, byteCount: byteCount)
    }

    deinit {
        bytes.deallocate()
    }
}
