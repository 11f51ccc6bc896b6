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
    /// (plugins depend on SceneCore only). Cheap to make, because the scene is built in the plugin's
    /// probe too, in a time limit, and in unoptimized builds: each colour is worked out once per row,
    /// each hill's edge once per column, and a pixel only picks among them.
    static let image: Image? = {
        let width = 700, height = 520
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
        // The hills' edges by column (rows from the top), each a sum of sines.
        var far: [Int] = [], near: [Int] = []
        for x in 0..<width {
            let u = Double(x) / Double(width)
            far.append(Int((0.50 - 0.06 * sine(u * 7 + 1) - 0.03 * sine(u * 17)) * Double(height)))
            near.append(Int((0.58 - 0.05 * sine(u * 4 + 2.5) - 0.015 * sine(u * 23)) * Double(height)))
        }
        let lake = height * 4 / 5
        let sun = rgb(1, 0.86, 0.35), halo = rgb(1, 0.93, 0.62), ripple = rgb(0.75, 0.85, 0.95)
        let sunX = 0.74 * Double(width), sunY = 0.22 * Double(height), radius = 0.06 * Double(width), haloRadius = 0.07 * Double(width)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let v = Double(y) / Double(height)
            // The sky, deep blue above, pale at the horizon; the far hills blue-green, the near ones green.
            let sky = rgb(0.25 + 0.55 * v, 0.45 + 0.45 * v, 0.85 + 0.1 * v)
            let farHill = rgb(0.30 + 0.1 * v, 0.52, 0.55), nearHill = rgb(0.12 + 0.2 * v, 0.62 - 0.2 * v, 0.25)
            let water = rgb(0.2, 0.42 + 0.3 * (v - 0.8), 0.7)
            let dy = Double(y) - sunY
            for x in 0..<width {
                let color: UInt32
                if y >= lake {
                    // The lake, with ripples every few pixels.
                    color = (y / 3 + x / 40) % 5 == 0 ? ripple : water
                } else if y > near[x] {
                    color = nearHill
                } else if y > far[x] {
                    color = farHill
                } else {
                    let dx = Double(x) - sunX, d2 = dx * dx + dy * dy
                    color = d2 < radius * radius ? sun : d2 < haloRadius * haloRadius ? halo : sky
                }
                pixels[y * width + x] = color
            }
        }
        return try? Image(width: width, height: height, pixels: pixels, scale: 2)
    }()
}
