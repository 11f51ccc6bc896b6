public import SceneCore
public import SceneErrors

/// Pixels for an application's windows, scenes and screen: the entry point of SceneRender.
///
/// It keeps one ``WindowRenderer`` per window and scale (at most ``scalesPerWindow`` scales per
/// window, the least recently used one is dropped), one ``Compositor`` per scene and scale and one
/// per screen scale (as many scales per scene, and for the screen, as per window: a client asking
/// at ever new scales cannot make it keep images without bound), so that asking again after a small
/// change redraws only what changed. Nothing
/// is drawn until someone asks. Main actor only; one renderer per host (the Pango font map is per
/// thread).
///
///     renderWindow ─▶ WindowRenderer (window, scale) ─▶ damaged views ─▶ Cairo/Pango ─▶ PixelImage
///     renderScene  ─▶ Compositor (scene, scale)  ─┬─▶ WindowRenderer of each visible window
///     renderScreen ─▶ Compositor (screen, scale) ─┘    composed back to front
@MainActor
public final class Renderer {
    /// The largest scale accepted.
    public static let maximumScale = 8.0
    /// The largest image accepted, in pixels (64 MiB of memory).
    public static let maximumPixelCount = 16 * 1024 * 1024
    /// The largest width or height accepted, in pixels (Cairo's limit).
    public static let maximumSide = 32_767
    /// Scales kept per window.
    public static let scalesPerWindow = 2

    private struct WindowKey: Hashable {
        let window: ObjectIdentifier
        let scale: Double
    }

    /// A scene by identity and connection number (a new scene at a gone one's address has another
    /// number), never by reference: a weak one would slow every retain of the scene.
    private struct SceneKey: Hashable {
        let scene: ObjectIdentifier
        let connection: UInt64

        init(_ scene: WindowScene) {
            self.scene = ObjectIdentifier(scene)
            connection = scene.connectionNumber
        }
    }

    private struct AreaKey: Hashable {
        /// Nil for the whole screen.
        let scene: SceneKey?
        let scale: Double
    }

    private var windowRenderers: [WindowKey: WindowRenderer] = [:]
    private var lastUse: [WindowKey: UInt64] = [:]
    private var compositors: [AreaKey: Compositor] = [:]
    private var areaLastUse: [AreaKey: UInt64] = [:]
    private var uses: UInt64 = 0

    /// Compositors kept (for scenes and the screen, all scales).
    var compositorCount: Int { compositors.count }

    public init() {}

    /// Checks a scale.
    ///
    /// - Throws: ``RenderError`` `.invalidScale` naming the value unless it is finite and in
    ///   0 < scale ≤ ``maximumScale``.
    public static func validate(scale: Double) throws(RenderError) {
        guard scale.isFinite, scale > 0, scale <= maximumScale else {
            throw RenderError(
                code: .invalidScale,
                message: "scale \(scale.compactDescription) must be a finite number above 0 and at most \(maximumScale.compactDescription) (pixels per point)")
        }
    }

    /// The pixel size of `size` points at `scale` (at least 1 × 1).
    static func pixelSize(of size: Size, scale: Double, what: String) throws(RenderError) -> (width: Int, height: Int) {
        let width = (size.width * scale).rounded(.up)
        let height = (size.height * scale).rounded(.up)
        guard width.isFinite, height.isFinite, width <= Double(maximumSide), height <= Double(maximumSide),
            width * height <= Double(maximumPixelCount)
        else {
            throw RenderError(
                code: .imageTooLarge,
                message: "\(what) at scale \(scale.compactDescription) would be \(width.compactDescription)×\(height.compactDescription) pixels; the limit is \(maximumPixelCount) pixels and \(maximumSide) on a side: use a smaller scale")
        }
        return (Swift.max(1, Int(width)), Swift.max(1, Int(height)))
    }

    /// The renderer of `window` at `scale`, made on first use.
    public func windowRenderer(for window: Window, scale: Double) throws(RenderError) -> WindowRenderer {
        let key = WindowKey(window: ObjectIdentifier(window), scale: scale)
        uses += 1
        if let renderer = windowRenderers[key], renderer.window === window {
            lastUse[key] = uses
            return renderer
        }
        pruneWindows()
        let text = windowRenderers.first { $0.key.window == key.window && $0.value.window === window }?.value.textCache ?? TextLayoutCache()
        let renderer = try WindowRenderer(window: window, scale: scale, text: text)
        windowRenderers[key] = renderer
        lastUse[key] = uses
        let sameWindow = windowRenderers.keys.filter { $0.window == key.window }
        if sameWindow.count > Renderer.scalesPerWindow, let oldest = sameWindow.min(by: { lastUse[$0, default: 0] < lastUse[$1, default: 0] }) {
            windowRenderers[oldest] = nil
            lastUse[oldest] = nil
        }
        return renderer
    }

    /// The window's current image at `scale`, redrawing only what changed since the last time.
    public func renderWindow(_ window: Window, scale: Double) throws(RenderError) -> WindowFrame {
        try windowRenderer(for: window, scale: scale).render()
    }

    /// The scene's area of the screen (``WindowScene/screenFrame``) with its visible windows by level.
    public func renderScene(_ scene: WindowScene, scale: Double) throws(RenderError) -> CompositeFrame {
        try Renderer.validate(scale: scale)
        let layers = scene.windows.map { Compositor.Layer(window: $0, clip: scene.screenFrame) }
        return try compose(
            key: AreaKey(scene: SceneKey(scene), scale: scale), application: scene.application, area: scene.screenFrame, layers: layers)
    }

    /// Every connected scene as laid out on the screen: the smallest rectangle holding all their
    /// areas, each window (in the application's window order) cut to its scene's area.
    public func renderScreen(_ application: Application, scale: Double) throws(RenderError) -> CompositeFrame {
        try Renderer.validate(scale: scale)
        let scenes = application.connectedScenes
        let area = scenes.reduce(Rect.null) { $0.union($1.screenFrame) }
        let layers = application.windows.compactMap { window in
            window.windowScene.map { Compositor.Layer(window: window, clip: $0.screenFrame) }
        }
        return try compose(
            key: AreaKey(scene: nil, scale: scale), application: application, area: area.isNull ? Rect(x: 0, y: 0, width: 1, height: 1) : area,
            layers: layers)
    }

    private func compose(key: AreaKey, application: Application?, area: Rect, layers: [Compositor.Layer]) throws(RenderError) -> CompositeFrame {
        // Forget the compositors of scenes no longer connected.
        if let application {
            let live = Set(application.connectedScenes.map(SceneKey.init))
            compositors = compositors.filter { $0.key.scene.map(live.contains) ?? true }
            areaLastUse = areaLastUse.filter { compositors[$0.key] != nil }
        }
        uses += 1
        let compositor: Compositor
        if let existing = compositors[key] {
            compositor = existing
        } else {
            compositor = try Compositor(area: area, scale: key.scale)
            compositors[key] = compositor
            // At most as many scales per scene (and for the screen) as per window.
            let sameArea = compositors.keys.filter { $0.scene == key.scene && $0 != key }
            if sameArea.count >= Renderer.scalesPerWindow,
                let oldest = sameArea.min(by: { areaLastUse[$0, default: 0] < areaLastUse[$1, default: 0] })
            {
                compositors[oldest] = nil
                areaLastUse[oldest] = nil
            }
        }
        areaLastUse[key] = uses
        _ = try Renderer.pixelSize(of: area.size, scale: key.scale, what: "screen area \(area)")
        return compositor.render(area: area, layers: layers) { window in
            try? self.windowRenderer(for: window, scale: key.scale)
        }
    }

    /// The windows (and scales) whose kept pixels are out of date: each was rendered before and has
    /// changed since. Nothing is redrawn by asking.
    public var redrawsOwed: [(window: Window, scale: Double)] {
        windowRenderers.values.compactMap { renderer in
            guard let window = renderer.window, renderer.needsRendering else { return nil }
            return (window, renderer.scale)
        }.sorted { ($0.window.title, $0.scale) < ($1.window.title, $1.scale) }
    }

    /// Brings every kept window image up to date (what a display does once per frame), so that the
    /// next snapshot returns at once. Returns how many images were redrawn.
    @discardableResult
    public func performRedrawsOwed() -> Int {
        var count = 0
        for renderer in windowRenderers.values where renderer.window != nil && renderer.needsRendering {
            _ = renderer.render()
            count += 1
        }
        return count
    }

    /// Drops the renderers of windows that no longer exist.
    private func pruneWindows() {
        for (key, renderer) in windowRenderers where renderer.window == nil {
            windowRenderers[key] = nil
            lastUse[key] = nil
        }
    }
}
