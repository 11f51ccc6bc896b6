/// An immutable bitmap shown by an ``ImageView`` or drawn with ``GraphicsContext/draw(_:in:)``: the
/// part of UIKit's `UIImage` a view tree needs.
///
/// An image is either PNG bytes, which the renderer decodes once and caches, or pixels given in
/// code. Its ``size`` is in points: pixels divided by ``scale``. SceneCore reads only the PNG header
/// (so a damaged PNG body shows up as an empty image when drawn, not as an error here).
///
/// Copies share their bytes; two images are the same (`==`, ``identity``) only when one is a copy of
/// the other.
public struct Image: Hashable, Sendable {
    /// How the image holds its pixels.
    public enum Representation: Sendable {
        /// A PNG file's bytes.
        case png([UInt8])
        /// Row-major pixels, top row first, each `0xAARRGGBB` with straight (not premultiplied) alpha.
        case pixels([UInt32])
    }

    /// The largest width or height accepted, in pixels.
    public static let maximumDimension = 16_384

    /// Width and height in pixels.
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Pixels per point.
    public let scale: Double
    private let storage: Storage

    /// An image from the bytes of a PNG file.
    ///
    /// - Throws: ``ImageError`` with `notPNG`, `truncated` or `badDimensions`.
    public init(pngData bytes: [UInt8], scale: Double = 1) throws(ImageError) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw ImageError(code: .notPNG, message: "the \(bytes.count) bytes are not a PNG file (no PNG signature); pass the bytes of a .png file")
        }
        // The first chunk must be IHDR: length 13, then width and height (big-endian).
        guard bytes.count >= 24, bytes[12] == 0x49, bytes[13] == 0x48, bytes[14] == 0x44, bytes[15] == 0x52 else {
            throw ImageError(code: .truncated, message: "the PNG has no image header (IHDR) after its signature (\(bytes.count) bytes); the file is cut short or damaged")
        }
        func word(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        try self.init(width: word(16), height: word(20), scale: scale, storage: Storage(.png(bytes)))
    }

    /// An image from pixels, row-major with the top row first, each `0xAARRGGBB` with straight alpha.
    ///
    /// - Throws: ``ImageError`` with `badDimensions` or `pixelCountMismatch`.
    public init(width: Int, height: Int, pixels: [UInt32], scale: Double = 1) throws(ImageError) {
        guard pixels.count == width &* height, width > 0, height > 0 else {
            throw ImageError(
                code: .pixelCountMismatch,
                message: "\(pixels.count) pixels given for a \(width)×\(height) image, which needs \(width &* height); give width × height pixels")
        }
        try self.init(width: width, height: height, scale: scale, storage: Storage(.pixels(pixels)))
    }

    /// A `width` × `height` image of one colour.
    public init(width: Int, height: Int, color: Color, scale: Double = 1) throws(ImageError) {
        func byte(_ value: Double) -> UInt32 { UInt32((Swift.min(1, Swift.max(0, value)) * 255).rounded()) }
        let argb = byte(color.alpha) << 24 | byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
        guard width > 0, height > 0, width <= Image.maximumDimension, height <= Image.maximumDimension else {
            throw Image.dimensionError(width, height)
        }
        try self.init(width: width, height: height, pixels: Array(repeating: argb, count: width * height), scale: scale)
    }

    private init(width: Int, height: Int, scale: Double, storage: Storage) throws(ImageError) {
        guard width > 0, height > 0, width <= Image.maximumDimension, height <= Image.maximumDimension else {
            throw Image.dimensionError(width, height)
        }
        guard scale.isFinite, scale > 0 else {
            throw ImageError(code: .badDimensions, message: "image scale \(scale) must be a finite number above 0 (pixels per point)")
        }
        self.pixelWidth = width
        self.pixelHeight = height
        self.scale = scale
        self.storage = storage
    }

    private static func dimensionError(_ width: Int, _ height: Int) -> ImageError {
        ImageError(
            code: .badDimensions,
            message: "image size \(width)×\(height) pixels is outside 1…\(maximumDimension) on a side")
    }

    /// The size in points.
    public var size: Size { Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

    /// The bytes or pixels.
    public var representation: Representation { storage.representation }

    /// Equal for an image and its copies, different for images made separately; stable while any
    /// copy is alive. Renderers key their decoded-image caches with it.
    public var identity: ObjectIdentifier { ObjectIdentifier(storage) }

    public static func == (lhs: Image, rhs: Image) -> Bool {
        lhs.storage === rhs.storage && lhs.scale == rhs.scale
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(storage))
    }

    /// Immutable after init, so it is shared freely across threads.
    ///
    /// The bytes are kept in two optionals, not in a ``Representation``: a multi-payload enum keeps
    /// its case in spare bits of the array reference, which LeakSanitizer cannot read as a pointer,
    /// so an image alive at exit (a plugin's static logo) was reported as leaked.
    private final class Storage: Sendable {
        private let png: [UInt8]?
        private let pixels: [UInt32]?

        init(_ representation: Representation) {
            switch representation {
            case .png(let bytes): (png, pixels) = (bytes, nil)
            case .pixels(let values): (png, pixels) = (nil, values)
            }
        }

        var representation: Representation {
            if let png { .png(png) } else { .pixels(pixels ?? []) }
        }
    }
}
