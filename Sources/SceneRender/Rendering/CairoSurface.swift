internal import CCairo
import Glibc

/// A Cairo image surface and context over a ``PixelStorage``'s bytes (`ARGB32`), released together.
final class CairoSurface {
    let surface: OpaquePointer
    let cairo: OpaquePointer
    /// `var` only so that ``storageIsUnshared`` can ask for uniqueness; never reassigned.
    private(set) var storage: PixelStorage

    private let bytesPerRow: Int
    private let width: Int
    private let height: Int

    init(storage: PixelStorage, width: Int, height: Int, bytesPerRow: Int) {
        self.storage = storage
        self.bytesPerRow = bytesPerRow
        self.width = width
        self.height = height
        surface = cairo_image_surface_create_for_data(
            storage.bytes.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(bytesPerRow))!
        cairo = cairo_create(surface)!
    }

    /// True when nothing but this surface references the pixel memory (no frame handed out holds it).
    var storageIsUnshared: Bool { isKnownUniquelyReferenced(&storage) }

    /// The stride Cairo wants for `width` ARGB32 pixels.
    static func bytesPerRow(width: Int) -> Int {
        Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
    }

    /// Clips to `rects` (pixels, inside the surface) and clears them to transparent; the caller
    /// restores the state. The pixels are cleared in memory (a `memset` per row, much cheaper than
    /// Cairo's paint for the small areas most redraws are), then marked dirty for Cairo.
    func clipAndClear(_ rects: [PixelRect]) {
        cairo_surface_flush(surface)
        for rect in rects {
            var row = storage.bytes + rect.y * bytesPerRow + rect.x * 4
            for _ in 0..<rect.height {
                memset(row, 0, rect.width * 4)
                row += bytesPerRow
            }
            cairo_surface_mark_dirty_rectangle(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
        cairo_save(cairo)
        cairo_new_path(cairo)
        for rect in rects {
            cairo_rectangle(cairo, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        }
        cairo_clip(cairo)
    }

    /// Moves the pixels of `source` (inside the surface) by (`dx`, `dy`), whose destination must be
    /// inside the surface too; the source pixels the destination does not cover keep their values.
    /// Rows are copied in the order that reads each before it is overwritten (bottom up when moving
    /// down), each with `memmove` (which allows the overlap of a sideways move).
    func move(_ source: PixelRect, dx: Int, dy: Int) {
        guard !source.isEmpty else { return }
        precondition(
            source.x >= 0 && source.y >= 0 && source.x + dx >= 0 && source.y + dy >= 0
                && Swift.max(source.x, source.x + dx) + source.width <= width
                && Swift.max(source.y, source.y + dy) + source.height <= height,
            "a pixel move outside the surface")
        cairo_surface_flush(surface)
        for index in 0..<source.height {
            let row = dy > 0 ? source.height - 1 - index : index
            let from = storage.bytes + (source.y + row) * bytesPerRow + source.x * 4
            let to = storage.bytes + (source.y + dy + row) * bytesPerRow + (source.x + dx) * 4
            memmove(to, from, source.width * 4)
        }
        cairo_surface_mark_dirty_rectangle(
            surface, Int32(source.x + dx), Int32(source.y + dy), Int32(source.width), Int32(source.height))
    }

    func finish() {
        cairo_restore(cairo)
        cairo_surface_flush(surface)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }
}
