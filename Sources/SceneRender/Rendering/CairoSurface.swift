internal import CCairo

/// A Cairo image surface and context over a ``PixelStorage``'s bytes (`ARGB32`), released together.
final class CairoSurface {
    let surface: OpaquePointer
    let cairo: OpaquePointer
    /// `var` only so that ``storageIsUnshared`` can ask for uniqueness; never reassigned.
    private(set) var storage: PixelStorage

    init(storage: PixelStorage, width: Int, height: Int, bytesPerRow: Int) {
        self.storage = storage
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

    /// Clips to `rects` (pixels) and clears them to transparent; the caller restores the state.
    func clipAndClear(_ rects: [PixelRect]) {
        cairo_save(cairo)
        cairo_new_path(cairo)
        for rect in rects {
            cairo_rectangle(cairo, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        }
        cairo_clip(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
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
