internal import CCairo
import Glibc

/// A Cairo image surface and context over a ``PixelStorage``'s bytes (`ARGB32`), released together.
final class CairoSurface {
    let surface: OpaquePointer
    let cairo: OpaquePointer
    /// `var` only so that ``storageIsUnshared`` can ask for uniqueness; never reassigned.
    private(set) var storage: PixelStorage

    private let bytesPerRow: Int

    init(storage: PixelStorage, width: Int, height: Int, bytesPerRow: Int) {
        self.storage = storage
        self.bytesPerRow = bytesPerRow
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

    func finish() {
        cairo_restore(cairo)
        cairo_surface_flush(surface)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }
}
