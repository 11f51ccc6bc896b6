public import SceneCore

/// Keeps one window's image at one scale up to date, redrawing only what was damaged since its
/// last rendering.
///
/// It observes the window's damage (``Window/addDamageObserver()``) from creation; each
/// ``render()`` resolves the damage, snaps it out to whole pixels, clears those pixels and draws the
/// views that paint there (``Window/drawHierarchy(in:region:)``), with the window's own Pango
/// context and text layouts. Frames handed out stay valid and unchanged: the next drawing goes to a
/// copy while an older frame is still held. Main actor only.
@MainActor
public final class WindowRenderer {
    public let scale: Double
    /// The window, while it exists.
    public var window: Window? { observer.isObserving ? target : nil }
    // Not weak: a weak reference would give the window a side table, and every retain of it during
    // touch delivery would take the slow path (SceneBench dispatch +17 % after one snapshot). Read
    // only through `window`, which checks first that the observer's tracking state is alive; the
    // window owns that state, so it is alive only while the window is (both on the main actor).
    private unowned(unsafe) let target: Window
    private let observer: DamageObserver
    private var backing: BackingImage
    private var origin: Point
    private let text: TextLayoutCache
    private let images = ImageSurfaceCache()
    private let masks = RoundedRectMasks()
    private let usesMasks: Bool
    private let skipsHiddenViews: Bool
    private let movesScrolledPixels: Bool
    /// Renderings that redrew something.
    public private(set) var frameNumber: UInt64 = 0
    /// The damage of the last frames, newest last, for compositors that skipped some.
    private var history: [(frame: UInt64, damage: [PixelRect])] = []
    private static let historyLength = 16

    /// A renderer for `window` at `scale` pixels per point.
    ///
    /// - Throws: ``RenderError`` when the scale is invalid or the image would be too large.
    public convenience init(window: Window, scale: Double) throws(RenderError) {
        try self.init(window: window, scale: scale, text: nil)
    }

    /// A renderer for `window` at `scale` that moves a scrolled area's pixels (the default) or, with
    /// `movesScrolledPixels` false, redraws it [SV-27]: for benchmarks comparing the two.
    ///
    /// - Throws: ``RenderError`` when the scale is invalid or the image would be too large.
    public convenience init(window: Window, scale: Double, movesScrolledPixels: Bool) throws(RenderError) {
        try self.init(window: window, scale: scale, text: nil, movesScrolledPixels: movesScrolledPixels)
    }

    /// `text`: the window's text layouts (and Pango context), shared by its renderers at other
    /// scales. The fast paths switched one by one, for the differential tests: `usesMasks` false
    /// fills every rounded rectangle as a path; `skipsHiddenViews` false draws the views hidden by
    /// opaque ones too; `movesScrolledPixels` false redraws a scrolled area instead of moving its
    /// pixels [SV-27].
    init(
        window: Window, scale: Double, text: TextLayoutCache? = nil, usesMasks: Bool = true, skipsHiddenViews: Bool = true,
        movesScrolledPixels: Bool = true
    ) throws(RenderError) {
        try Renderer.validate(scale: scale)
        self.text = text ?? TextLayoutCache()
        self.usesMasks = usesMasks
        self.skipsHiddenViews = skipsHiddenViews
        self.movesScrolledPixels = movesScrolledPixels
        let size = try Renderer.pixelSize(of: window.bounds.size, scale: scale, what: "window '\(window.title)'")
        self.scale = scale
        self.target = window
        self.observer = window.addDamageObserver()
        self.origin = window.bounds.origin
        self.backing = BackingImage(width: size.width, height: size.height, scale: scale)
    }

    isolated deinit {
        window?.removeDamageObserver(observer)
    }

    /// The window's text layouts and Pango context (shared with its renderers at other scales).
    var textCache: TextLayoutCache { text }

    /// Layouts built since creation (each text, font and width once).
    public var textLayoutsBuilt: Int { text.layoutsBuilt }

    /// True when the window changed since the last rendering.
    public var needsRendering: Bool {
        guard let window else { return false }
        return observer.hasDamage || window.hasPendingDamage
    }

    /// Redraws what changed and returns the whole image with the pixels changed.
    ///
    /// When the damage comes with a scroll move whose delta is a whole number of pixels
    /// (``ScrollBlit``), the moved pixels are copied within the image first and only the strip that
    /// came into view and the move's region are redrawn [SV-27]; the copied pixels count as changed in
    /// the frame's ``WindowFrame/damage``.
    public func render() -> WindowFrame {
        guard let window else {
            return WindowFrame(image: backing.image, damage: [], frameNumber: frameNumber, report: DisplayReport())
        }
        window.resolvePendingDamage()
        var (region, move) = observer.takeRegionAndMove()
        let bounds = window.bounds
        if let size = try? Renderer.pixelSize(of: bounds.size, scale: scale, what: "window"),
            size.width != backing.width || size.height != backing.height || bounds.origin != origin
        {
            backing = BackingImage(width: size.width, height: size.height, scale: scale)
            origin = bounds.origin
            region = DamageRegion(bounds)
            move = nil
        }
        let limit = backing.bounds
        var blit: ScrollBlit?
        if movesScrolledPixels, let move, let plan = ScrollBlit(move: move, origin: origin, scale: scale, limit: limit) {
            blit = plan
            region = move.region
            for rect in plan.exposed { region.add(rect.rect(origin: origin, scale: scale)) }
        }
        var pixels: [PixelRect] = []
        var snapped = DamageRegion()
        for rect in region.rects {
            let pixelRect = PixelRect(covering: rect, origin: origin, scale: scale, limit: limit)
            guard !pixelRect.isEmpty else { continue }
            pixels.append(pixelRect)
            snapped.add(pixelRect.rect(origin: origin, scale: scale))
        }
        guard !pixels.isEmpty || blit != nil else {
            return WindowFrame(image: backing.image, damage: [], frameNumber: frameNumber, report: DisplayReport())
        }
        let canvas = backing.prepareForDrawing()
        if let blit { canvas.move(blit.source, dx: blit.dx, dy: blit.dy) }
        var report = DisplayReport()
        if !pixels.isEmpty {
            canvas.clipAndClear(pixels)
            let context = CairoContext(cairo: canvas.cairo, text: text, images: images, masks: usesMasks ? masks : nil)
            context.scaleBy(x: scale, y: scale)
            context.translateBy(x: -origin.x, y: -origin.y)
            report = window.drawHierarchy(in: context, region: snapped, skippingHiddenViews: skipsHiddenViews)
            canvas.finish()
        }
        text.endFrame()
        images.endFrame()
        masks.endFrame()
        frameNumber += 1
        let damage = blit.map { pixels + [$0.destination] } ?? pixels
        history.append((frameNumber, damage))
        if history.count > WindowRenderer.historyLength { history.removeFirst() }
        return WindowFrame(image: backing.image, damage: damage, frameNumber: frameNumber, report: report, moved: blit?.destination)
    }

    /// The pixels redrawn by the frames after `frame` up to the current one; nil when they are no
    /// longer known (the caller then treats the whole image as changed).
    func damage(since frame: UInt64) -> [PixelRect]? {
        if frame == frameNumber { return [] }
        guard frame < frameNumber, let first = history.first, first.frame <= frame + 1 else { return nil }
        return history.filter { $0.frame > frame }.flatMap(\.damage)
    }

    /// The current image without rendering.
    var currentImage: PixelImage { backing.image }
}
