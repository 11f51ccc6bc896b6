internal import CCairo

/// PNG reading through Cairo (libpng), used for ``Image``s given as PNG bytes and by tests as the
/// independent decoder of what ``PNGEncoder`` writes.
enum CairoPNG {
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
    }

    /// An `ARGB32` image surface with the PNG's pixels (premultiplied), or nil when the bytes are not a
    /// PNG libpng can read.
    static func decode(_ bytes: [UInt8]) -> OpaquePointer? {
        bytes.withUnsafeBytes { buffer in
            var reader = Reader(bytes: buffer)
            let surface = withUnsafeMutablePointer(to: &reader) { pointer in
                cairo_image_surface_create_from_png_stream({ closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let reader = closure.assumingMemoryBound(to: Reader.self)
                    let wanted = Int(length)
                    guard reader.pointee.offset + wanted <= reader.pointee.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                    data.update(
                        from: reader.pointee.bytes.baseAddress!.advanced(by: reader.pointee.offset).assumingMemoryBound(to: UInt8.self),
                        count: wanted)
                    reader.pointee.offset += wanted
                    return CAIRO_STATUS_SUCCESS
                }, pointer)
            }
            guard let surface else { return nil }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
                cairo_surface_destroy(surface)
                return nil
            }
            return surface
        }
    }
}
