public import SceneErrors

/// A window of the scene drawn at a scale the board asks for (query ``SceneQueryCode/picture``):
/// its size in pixels and its pixels as `0xAARRGGBB` with straight alpha, row-major, top row first,
/// as ``MappedFrameBuffer/straightPixels()`` gives a frame's. A body over the inline limit travels
/// in shared memory, as every large body does.
public struct ScenePicture: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The picture in `bytes`: Cairo's ARGB32 (native-endian words, premultiplied alpha), `height`
    /// rows of `bytesPerRow` bytes.
    public init(premultiplied bytes: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int) {
        self.width = width
        self.height = height
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                for column in 0..<width {
                    let word = bytes.loadUnaligned(fromByteOffset: row * bytesPerRow + column * 4, as: UInt32.self)
                    out[row * width + column] = MappedFrameBuffer.unpremultiplied(word)
                }
            }
        }
        self.pixels = pixels
    }

    /// The width and height (u32 each), then the pixels as little-endian u32s, copied in bulk.
    public var body: [UInt8] {
        var writer = WireWriter(capacity: 8)
        writer.u32(UInt32(width))
        writer.u32(UInt32(height))
        var bytes = writer.bytes
        let littleEndian = pixels.map(\.littleEndian)
        littleEndian.withUnsafeBytes { bytes.append(contentsOf: $0) }
        return bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "picture")
        let width = Int(try reader.u32("width")), height = Int(try reader.u32("height"))
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count == (body.count - 8) / 4, (body.count - 8) % 4 == 0 else {
            throw ChannelError(
                code: .malformed, message: "picture of \(width) × \(height) pixels has \(body.count - 8) bytes of pixels; it needs 4 per pixel")
        }
        self.width = width
        self.height = height
        pixels = body.withUnsafeBytes { raw in
            (0..<count).map { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8 + $0 * 4, as: UInt32.self)) }
        }
    }
}
