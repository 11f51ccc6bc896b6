import Foundation
import SceneCore
import SceneRender
import TestSupport
import Testing

/// Every render test's fonts: Tests/Fonts/fonts.conf (DejaVu only, no hinting), set before Pango
/// or fontconfig start in this process.
enum PinnedFonts {
    static let configFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fonts/fonts.conf").standardized.path

    private static let pinned: Bool = {
        setenv("FONTCONFIG_FILE", configFile, 1)
        return true
    }()

    static func pin() {
        _ = pinned
    }
}

/// One active scene (0, 0, 400 × 300) with one visible, key window whose root view R is white, on a
/// manual clock, and a renderer.
@MainActor
final class RenderHarness {
    let clock = ManualClock(now: 10)
    let application: Application
    let renderer = Renderer()
    private(set) var scene: WindowScene!
    private(set) var window: Window!
    let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))

    init() {
        PinnedFonts.pin()
        application = Application(clock: clock)
        var built: Window?
        let root = self.root
        root.backgroundColor = .white
        scene = try! application.connectScene(
            named: "main",
            delegate: ClosureSceneDelegate { scene in
                let window = Window(windowScene: scene)
                window.title = "W"
                window.addSubview(root)
                window.makeKeyAndVisible()
                built = window
            }, screenFrame: Rect(x: 0, y: 0, width: 400, height: 300))
        window = built
        scene.activate()
    }

    /// The window at `scale`, redrawn where it changed.
    func render(scale: Double = 1) -> WindowFrame {
        try! renderer.renderWindow(window, scale: scale)
    }

    /// A window of `frame` and `level` in the scene, shown.
    func makeWindow(frame: Rect, level: Window.Level = .normal, color: Color) -> Window {
        let window = Window(frame: frame)
        window.windowScene = scene
        window.windowLevel = level
        window.backgroundColor = color
        window.isHidden = false
        return window
    }
}

extension Color {
    /// True when every component is within `tolerance` (default: 2 of 255).
    func isClose(to other: Color, tolerance: Double = 2.0 / 255) -> Bool {
        abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance && abs(blue - other.blue) <= tolerance
            && abs(alpha - other.alpha) <= tolerance
    }
}

/// Expects the pixel at `point` (points) to be `color`, within 2/255, naming what it is.
@discardableResult
func expectColor(
    _ image: PixelImage, at point: Point, _ color: Color, _ what: String, tolerance: Double = 2.0 / 255,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    let actual = image.color(at: point)
    let matches = actual.isClose(to: color, tolerance: tolerance)
    #expect(matches, "\(what): \(point) is \(actual), expected \(color)", sourceLocation: sourceLocation)
    return matches
}

/// Writes `image` as a PNG under the temporary folder (for looking at failures), returns its path.
@discardableResult
func savePNG(_ image: PixelImage, _ name: String) -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-render-tests")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(name + ".png").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(image.pngData()))
    return path
}

/// How many pixels differ. Rows whose bytes are equal (`memcmp`) are skipped; the others are compared
/// pixel by pixel (most frames of a differential test differ nowhere, and a debug build's pixel loop
/// over a whole window took most of the render tests' time).
func differingPixels(_ a: PixelImage, _ b: PixelImage) -> Int {
    var count = 0
    forEachDifferingRow(a, b) { y in
        for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 }
    }
    return count
}

/// The largest difference of any channel of any pixel, in 1/255.
func largestDifference(_ a: PixelImage, _ b: PixelImage) -> Int {
    var largest = 0
    forEachDifferingRow(a, b) { y in
        for x in 0..<a.width {
            let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
            for shift in stride(from: 0, through: 24, by: 8) {
                largest = max(largest, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
            }
        }
    }
    return largest
}

/// Calls `body` with each row (`y`) whose pixels differ between two images of the same size.
private func forEachDifferingRow(_ a: PixelImage, _ b: PixelImage, _ body: (Int) -> Void) {
    precondition(a.width == b.width && a.height == b.height)
    let rowBytes = a.width * 4
    let rows = a.withUnsafeBytes { first in
        b.withUnsafeBytes { second in
            (0..<a.height).filter { y in
                memcmp(first.baseAddress! + y * a.bytesPerRow, second.baseAddress! + y * b.bytesPerRow, rowBytes) != 0
            }
        }
    }
    for y in rows { body(y) }
}

/// The render tests' random cases.
typealias TestRandom = SplitMix64

extension SplitMix64 {
    mutating func double(_ low: Double, _ high: Double) -> Double {
        low + unit() * (high - low)
    }

    mutating func int(_ count: Int) -> Int {
        below(count)
    }
}
