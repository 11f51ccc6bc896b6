import SceneCore
import SceneRender
import TestSupport
import Testing

@MainActor
@Suite("PNG encoding")
struct PNGEncoderTests {
    /// A premultiplied image: random runs of random colours (some translucent, some clear), with
    /// repeated rows, as interfaces have.
    private func randomImage(width: Int, height: Int, seed: UInt64) -> PixelImage {
        var random = TestRandom(seed: seed)
        let image = PixelImage(width: width, height: height)
        var rows: [[UInt32]] = []
        for y in 0..<height {
            if y > 0, random.next() % 3 == 0 {
                rows.append(rows[y - 1])
                continue
            }
            var row: [UInt32] = []
            while row.count < width {
                let alpha = UInt32([0, 255, 255, 255, UInt8(truncatingIfNeeded: random.next())][Int(random.next() % 5)])
                func channel() -> UInt32 { alpha == 0 ? 0 : UInt32(random.next() % UInt64(alpha + 1)) }
                let pixel = alpha << 24 | channel() << 16 | channel() << 8 | channel()
                let run = Int(random.next() % 40) + 1
                row += Array(repeating: pixel, count: min(run, width - row.count))
            }
            rows.append(row)
        }
        image.withUnsafeBytes { buffer in
            let base = UnsafeMutableRawPointer(mutating: buffer.baseAddress!)
            for (y, row) in rows.enumerated() {
                for (x, pixel) in row.enumerated() {
                    base.storeBytes(of: pixel, toByteOffset: y * image.bytesPerRow + x * 4, as: UInt32.self)
                }
            }
        }
        return image
    }

    @Test("libpng reads back every pixel of random images exactly", arguments: [(1, 1, 1), (7, 3, 2), (390, 200, 3), (1000, 17, 4)])
    func roundTrip(width: Int, height: Int, seed: UInt64) throws {
        let image = randomImage(width: width, height: height, seed: seed)
        let png = PNGEncoder.encode(image)
        let decoded = try PixelImage(pngData: png)
        #expect(decoded.width == width && decoded.height == height)
        var mismatches = 0
        for y in 0..<height {
            for x in 0..<width where decoded.pixel(x: x, y: y) != image.pixel(x: x, y: y) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test("A flat image compresses to a small file")
    func flatImage() throws {
        let harness = RenderHarness()
        let frame = harness.render()
        let png = PNGEncoder.encode(frame.image)
        #expect(png.count < 6000, "a white 400×300 window (480,000 bytes of pixels) took \(png.count) bytes")
        #expect(try PixelImage(pngData: png).hasSamePixels(as: frame.image))
    }

    @Test("Bytes that are not a PNG are refused")
    func notPNG() {
        #expect(throws: RenderError.self) { try PixelImage(pngData: [1, 2, 3]) }
    }
}
