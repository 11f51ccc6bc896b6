internal import CCairo
public import SceneErrors

extension PixelImage {
    /// The pixels of a PNG file, decoded with libpng (through Cairo); `scale` as given.
    ///
    /// - Throws: ``RenderError`` `.invalidImage` when the bytes are not a PNG libpng can read.
    public init(pngData bytes: [UInt8], scale: Double = 1) throws(RenderError) {
        guard let surface = CairoPNG.decode(bytes) else {
            throw RenderError(code: .invalidImage, message: "the \(bytes.count) bytes are not a PNG file libpng can read")
        }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        let image = PixelImage(width: width, height: height, scale: scale)
        let source = cairo_image_surface_get_data(surface)!
        for row in 0..<height {
            let input = UnsafeRawPointer(source + row * stride).assumingMemoryBound(to: UInt32.self)
            let output = (image.storage.bytes + row * image.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width {
                output[column] = opaque ? input[column] | 0xFF00_0000 : input[column]
            }
        }
        self = image
    }

    /// The image as a PNG file (``PNGEncoder``).
    public func pngData() -> [UInt8] {
        PNGEncoder.encode(self)
    }
}
