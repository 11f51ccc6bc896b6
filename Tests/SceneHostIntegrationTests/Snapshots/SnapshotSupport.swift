import DBusKit
import Foundation
import SceneBusContract
import SceneCore
import SceneRender
import Testing

/// Fonts pinned for every host whose pixels a test compares (Tests/Fonts/fonts.conf).
enum SnapshotFonts {
    static let configFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fonts/fonts.conf").standardized.path
    static var environment: [String: String] { ["FONTCONFIG_FILE": configFile] }
}

extension HostBusClient {
    /// `Snapshot(scale)` of the object at `path`, decoded.
    func snapshot(_ path: ObjectPath, _ interface: InterfaceName, scale: Double = 1) async throws -> PixelImage {
        let reply = try await connection.call(
            destination: SceneBusContract.busName, path: path, interface: interface, member: "Snapshot",
            arguments: [.double(scale)], timeout: .seconds(60))
        return try PixelImage(pngData: try reply.read { try $0.readBytes() }, scale: scale)
    }

    func windowSnapshot(_ number: Int, scale: Double = 1) async throws -> PixelImage {
        try await snapshot(SceneBusContract.windowPath(number), SceneBusContract.windowInterface, scale: scale)
    }

    func sceneSnapshot(_ name: String, scale: Double = 1) async throws -> PixelImage {
        try await snapshot(SceneBusContract.scenePath(name), SceneBusContract.sceneInterface, scale: scale)
    }
}

extension Color {
    func isClose(to other: Color, tolerance: Double = 2.0 / 255) -> Bool {
        abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance && abs(blue - other.blue) <= tolerance
            && abs(alpha - other.alpha) <= tolerance
    }
}

/// Expects the pixel at `point` (points) of `image` to be `color` within 2/255.
func expectPixel(
    _ image: PixelImage, _ point: Point, _ color: Color, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = image.color(at: point)
    #expect(actual.isClose(to: color), "\(what): \(point) is \(actual), expected \(color)", sourceLocation: sourceLocation)
}

/// Compares an image with a committed golden PNG: a pixel differs when a channel is off by more
/// than `channelTolerance`; at most `differingFraction` of the pixels may differ (antialiasing of a
/// glyph edge may move with a FreeType update even with fonts pinned). With
/// `SCENEHOST_UPDATE_GOLDEN=1` the golden is rewritten instead.
enum GoldenImage {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    struct Comparison: CustomStringConvertible {
        var differing: Int
        var total: Int
        var worst: Int
        var description: String { "\(differing) of \(total) pixels differ (worst channel difference \(worst)/255)" }
    }

    static func compare(_ image: PixelImage, named name: String, channelTolerance: Int = 24, differingFraction: Double = 0.002)
        throws -> (matches: Bool, comparison: Comparison, actualPath: String)
    {
        let goldenPath = folder.appendingPathComponent(name + ".png").path
        let actualPath = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-golden-\(name)-actual.png").path
        try Data(image.pngData()).write(to: URL(fileURLWithPath: actualPath))
        if ProcessInfo.processInfo.environment["SCENEHOST_UPDATE_GOLDEN"] == "1" {
            try Data(image.pngData()).write(to: URL(fileURLWithPath: goldenPath))
        }
        let golden = try PixelImage(pngData: Array(try Data(contentsOf: URL(fileURLWithPath: goldenPath))))
        guard golden.width == image.width, golden.height == image.height else {
            return (false, Comparison(differing: image.width * image.height, total: image.width * image.height, worst: 255), actualPath)
        }
        var comparison = Comparison(differing: 0, total: image.width * image.height, worst: 0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = image.pixel(x: x, y: y), b = golden.pixel(x: x, y: y)
                var worst = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    worst = max(worst, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
                }
                comparison.worst = max(comparison.worst, worst)
                if worst > channelTolerance { comparison.differing += 1 }
            }
        }
        let matches = Double(comparison.differing) <= differingFraction * Double(comparison.total)
        return (matches, comparison, actualPath)
    }
}
