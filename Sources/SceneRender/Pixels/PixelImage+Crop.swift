import Glibc

extension PixelImage {
    /// The pixels of `rect`, cut to the image (an empty rectangle when they do not meet), as an
    /// image of their own at the same scale. Copies the rows.
    public func cropped(to rect: PixelRect) -> PixelImage {
        let x0 = Swift.max(0, rect.x), y0 = Swift.max(0, rect.y)
        let x1 = Swift.min(width, rect.x + Swift.max(0, rect.width)), y1 = Swift.min(height, rect.y + Swift.max(0, rect.height))
        let image = PixelImage(width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0), scale: scale)
        for row in 0..<image.height {
            memcpy(image.storage.bytes + row * image.bytesPerRow, storage.bytes + (y0 + row) * bytesPerRow + x0 * 4, image.width * 4)
        }
        return image
    }
}
