/// A renderer's own image: pixel memory with a Cairo context on it, copied before drawing whenever a
/// ``PixelImage`` handed out earlier still shares the memory (so handed-out frames never change).
@MainActor
struct BackingImage {
    private(set) var width: Int
    private(set) var height: Int
    private(set) var bytesPerRow: Int
    let scale: Double
    private var canvas: CairoSurface

    init(width: Int, height: Int, scale: Double) {
        self.width = width
        self.height = height
        self.scale = scale
        bytesPerRow = CairoSurface.bytesPerRow(width: width)
        canvas = CairoSurface(storage: PixelStorage(byteCount: bytesPerRow * height), width: width, height: height, bytesPerRow: bytesPerRow)
    }

    var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The Cairo surface to draw on, after making sure nobody else holds its memory.
    mutating func prepareForDrawing() -> CairoSurface {
        if !isKnownUniquelyReferenced(&canvas) || !canvas.storageIsUnshared {
            canvas = CairoSurface(
                storage: PixelStorage(copying: canvas.storage), width: width, height: height, bytesPerRow: bytesPerRow)
        }
        return canvas
    }

    /// The current pixels as an immutable image (shares the memory until the next drawing).
    var image: PixelImage {
        PixelImage(width: width, height: height, bytesPerRow: bytesPerRow, scale: scale, storage: canvas.storage)
    }
}
