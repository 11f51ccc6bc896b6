import SceneCore

/// Gallery's zoomable photo [SV-25]: the scroll view's delegate gives the photo's image view for
/// zooming, between 1× and 4×, and logs where each zoom comes to rest (`photo zoomed to 2.5`) —
/// after the bounce back, when the fingers took it past a limit.
///
/// The scroll view holds its delegate weakly; the scene delegate keeps this object.
final class PhotoZoom: ScrollViewDelegate {
    private weak var photo: View?
    private weak var scene: WindowScene?

    init(photo: View, scene: WindowScene) {
        self.photo = photo
        self.scene = scene
    }

    func viewForZooming(in scrollView: ScrollView) -> View? { photo }

    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
        // Two places are enough to read; the scale itself is exact.
        scene?.log("photo zoomed to \((scale * 100).rounded() / 100)")
    }

    /// The photo, 350 × 260 points drawn at 2 pixels a point so that a zoom to 2× stays sharp: a sky
    /// that lightens towards the horizon, a sun, two ranges of hills and a lake, made in code
    /// (plugins depend on SceneCore only).
    static let image: Image? = {
        let width = 700, height = 520
        var pixels = [UInt32](repeating: 0, count: width * height)
        func rgb(_ r: Double, _ g: Double, _ b: Double) -> UInt32 {
            func channel(_ v: Double) -> UInt32 { UInt32((Swift.min(Swift.max(v, 0), 1) * 255).rounded()) }
            return 0xFF00_0000 | channel(r) << 16 | channel(g) << 8 | channel(b)
        }
        // Sine without Foundation: a few terms of its series after bringing x into [-π, π].
        func sine(_ x: Double) -> Double {
            var t = x.truncatingRemainder(dividingBy: 2 * .pi)
            if t > .pi { t -= 2 * .pi } else if t < -.pi { t += 2 * .pi }
            let t2 = t * t
            return t * (1 - t2 / 6 * (1 - t2 / 20 * (1 - t2 / 42 * (1 - t2 / 72))))
        }
        let horizon = 0.62
        for y in 0..<height {
            let v = Double(y) / Double(height)
            for x in 0..<width {
                let u = Double(x) / Double(width)
                var color: UInt32
                // The sky, deep blue above, pale at the horizon.
                color = rgb(0.25 + 0.55 * v, 0.45 + 0.45 * v, 0.85 + 0.1 * v)
                // The sun.
                let dx = u - 0.74, dy = (v - 0.22) * Double(height) / Double(width)
                let d2 = dx * dx + dy * dy
                if d2 < 0.0036 {
                    color = rgb(1, 0.86, 0.35)
                } else if d2 < 0.0049 {
                    color = rgb(1, 0.93, 0.62)
                }
                // The far hills, blue-green, then the near ones, green, each edge a sum of sines.
                let far = horizon - 0.12 - 0.06 * sine(u * 7 + 1) - 0.03 * sine(u * 17)
                if v > far { color = rgb(0.30 + 0.1 * v, 0.52, 0.55) }
                let near = horizon - 0.04 - 0.05 * sine(u * 4 + 2.5) - 0.015 * sine(u * 23)
                if v > near { color = rgb(0.22 + 0.2 * (v - near), 0.55 - 0.2 * (v - near), 0.25) }
                // The lake, with ripples every few pixels.
                if v > 0.8 {
                    let ripple = (y / 3 + x / 40) % 5 == 0
                    color = ripple ? rgb(0.75, 0.85, 0.95) : rgb(0.2, 0.42 + 0.3 * (v - 0.8), 0.7)
                }
                pixels[y * width + x] = color
            }
        }
        return try? Image(width: width, height: height, pixels: pixels, scale: 2)
    }()
}
