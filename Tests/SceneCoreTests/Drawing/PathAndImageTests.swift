import SceneCore
import Testing

@Suite("Paths, content modes and images")
struct PathAndImageTests {
    @Test("An ellipse's outline passes through the midpoints of its box's edges")
    func ellipse() {
        let path = Path(ellipseIn: Rect(x: 10, y: 20, width: 40, height: 20))
        #expect(path.boundingBox == Rect(x: 10, y: 20, width: 40, height: 20))
        #expect(path.elements.first == .move(to: Point(x: 50, y: 30)))
        #expect(path.elements.last == .closeSubpath)
    }

    @Test("A rounded rectangle's corner radius is clamped to half the short side")
    func roundedRect() {
        let path = Path(roundedRect: Rect(x: 0, y: 0, width: 100, height: 10), cornerRadius: 50)
        #expect(path.elements.first == .move(to: Point(x: 5, y: 0)))
        #expect(path.boundingBox == Rect(x: 0, y: 0, width: 100, height: 10))
        #expect(Path(roundedRect: Rect(x: 0, y: 0, width: 4, height: 4), cornerRadius: 0).elements.count == 5)
    }

    @Test("Content modes place a 100×50 image in a 200×200 box", arguments: [
        (ContentMode.scaleToFill, Rect(x: 0, y: 0, width: 200, height: 200)),
        (.scaleAspectFit, Rect(x: 0, y: 50, width: 200, height: 100)),
        (.scaleAspectFill, Rect(x: -100, y: 0, width: 400, height: 200)),
        (.center, Rect(x: 50, y: 75, width: 100, height: 50)),
        (.topLeft, Rect(x: 0, y: 0, width: 100, height: 50)),
    ])
    func contentModes(mode: ContentMode, expected: Rect) {
        #expect(mode.rect(for: Size(width: 100, height: 50), in: Rect(x: 0, y: 0, width: 200, height: 200)) == expected)
    }

    @Test("A PNG's size comes from its header; other bytes are refused with a reason")
    func pngHeader() throws {
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0x2C, 0, 0, 0, 0x64]
        let image = try Image(pngData: header, scale: 2)
        #expect(image.pixelWidth == 300 && image.pixelHeight == 100)
        #expect(image.size == Size(width: 150, height: 50))
        #expect(throws: ImageError.self) { try Image(pngData: Array("GIF89a".utf8)) }
        do {
            _ = try Image(pngData: Array(header.prefix(12)))
            Issue.record("a cut PNG was accepted")
        } catch {
            #expect(error.code == .truncated)
        }
    }

    @Test("Pixel images check their count; copies are the same image, separate ones are not")
    func pixelImages() throws {
        #expect(throws: ImageError.self) { try Image(width: 2, height: 2, pixels: [0, 0, 0]) }
        let image = try Image(width: 2, height: 1, pixels: [0xFFFF_0000, 0xFF00_FF00])
        let copy = image
        let other = try Image(width: 2, height: 1, pixels: [0xFFFF_0000, 0xFF00_FF00])
        #expect(copy == image && copy.identity == image.identity)
        #expect(other != image)
    }
}
