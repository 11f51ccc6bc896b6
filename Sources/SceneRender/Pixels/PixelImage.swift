public import SceneCore
import Glibc

/// An immutable image in memory: `width` × `height` pixels, each a 32-bit premultiplied
/// `0xAARRGGBB` in native byte order (Cairo's `ARGB32`, SDL's `ARGB8888`), rows `bytesPerRow` apart.
///
/// A renderer hands these out as frames; holding one costs nothing, and copying one shares its
/// memory. It is `Sendable`: a display thread may read it while the main thread renders the next
/// frame into other memory.
public struct PixelImage: Sendable {
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    /// Pixels per point of what the image shows.
    public let scale: Double
    let storage: PixelStorage

    init(width: Int, height: Int, bytesPerRow: Int, scale: Double, storage: PixelStorage) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.scale = scale
        self.storage = storage
    }

    /// A transparent image.
    public init(width: Int, height: Int, scale: Double = 1) {
        let stride = width * 4
        self.init(width: width, height: height, bytesPerRow: stride, scale: scale, storage: PixelStorage(byteCount: stride * height))
    }

    /// Calls `body` with the pixel memory, `bytesPerRow × height` bytes.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage.bytes, count: bytesPerRow * height))
    }

    /// The premultiplied `0xAARRGGBB` value of the pixel at column `x`, row `y`.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the \(width)×\(height) image")
        return storage.bytes.load(fromByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
    }

    /// The straight-alpha colour of the pixel at column `x`, row `y`.
    public func color(x: Int, y: Int) -> Color {
        let value = pixel(x: x, y: y)
        let alpha = Double(value >> 24) / 255
        guard alpha > 0 else { return .clear }
        func channel(_ shift: UInt32) -> Double { Swift.min(1, Double((value >> shift) & 0xFF) / 255 / alpha) }
        return Color(red: channel(16), green: channel(8), blue: channel(0), alpha: alpha)
    }

    /// The colour at the point `(x, y)` in the coordinates of what the image shows (points): the
    /// pixel that contains the point at this image's ``scale``.
    public func color(at point: Point) -> Color {
        color(x: Int((point.x * scale).rounded(.down)), y: Int((point.y * scale).rounded(.down)))
    }

    /// True when both images have the same size and the same pixels.
    public func hasSamePixels(as other: PixelImage) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for row in 0..<height {
            let a = storage.bytes + row * bytesPerRow
            let b = other.storage.bytes + row * other.bytesPerRow
            if memcmp(a, b, width * 4) != 0 { return false }
        }
        return true
    }
}
