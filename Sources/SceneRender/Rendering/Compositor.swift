internal import CCairo
public import SceneCore

/// Composes windows' images into one image of an area of the screen, back to front, each window
/// at its frame, with its alpha and transform, cut to its clip (its scene's area); areas no window
/// covers are ``background``.
///
/// Between renderings it compares where each window is (frame, transform, alpha, clip, order,
/// visibility) and which frames its ``WindowRenderer`` drew, and recomposes only the pixels that
/// changed: a window shown, hidden, moved or reordered damages its old and new places, a redraw
/// inside a window damages the same pixels on the screen. Main actor only.
@MainActor
public final class Compositor {
    /// One window to compose: the window and the screen rectangle it is cut to.
    public struct Layer {
        public let window: Window
        public let clip: Rect

        public init(window: Window, clip: Rect) {
            self.window = window
            self.clip = clip
        }
    }

    /// What a window looked like on the screen at the last rendering.
    private struct Placement: Equatable {
        let frame: Rect
        let bounds: Rect
        let transform: AffineTransform
        let alpha: Double
        let clip: Rect
        let order: Int
        let renderer: ObjectIdentifier
        var frameNumber: UInt64
        /// Screen pixels the window covered.
        let box: PixelRect

        func samePlace(as other: Placement) -> Bool {
            frame == other.frame && bounds == other.bounds && transform == other.transform && alpha == other.alpha
                && clip == other.clip && order == other.order && renderer == other.renderer
        }
    }

    /// The colour of screen areas no window covers (opaque black).
    public static let background = Color.black

    public let scale: Double
    private(set) var area: Rect
    private var backing: BackingImage
    private var placements: [ObjectIdentifier: Placement] = [:]
    private var needsFullRedraw = true

    init(area: Rect, scale: Double) throws(RenderError) {
        let size = try Renderer.pixelSize(of: area.size, scale: scale, what: "screen area \(area)")
        self.scale = scale
        self.area = area
        backing = BackingImage(width: size.width, height: size.height, scale: scale)
    }

    /// Renders the windows that changed (through `renderer(for:)`) and recomposes the changed pixels.
    func render(area newArea: Rect, layers: [Layer], renderer: (Window) -> WindowRenderer?) -> CompositeFrame {
        if newArea != area, let size = try? Renderer.pixelSize(of: newArea.size, scale: scale, what: "screen area") {
            area = newArea
            backing = BackingImage(width: size.width, height: size.height, scale: scale)
            needsFullRedraw = true
        }
        let limit = backing.bounds
        var damage = DamageRegion()
        var current: [ObjectIdentifier: Placement] = [:]
        var drawList: [(Layer, WindowFrame, Placement)] = []
        for (order, layer) in layers.enumerated() {
            let window = layer.window
            guard !window.isHidden, window.alpha > 0, let windowRenderer = renderer(window) else { continue }
            let previousFrame = windowRenderer.frameNumber
            let frame = windowRenderer.render()
            let box = PixelRect(covering: window.frame.intersection(layer.clip), origin: area.origin, scale: scale, limit: limit)
            let placement = Placement(
                frame: window.frame, bounds: window.bounds, transform: window.transform, alpha: window.alpha, clip: layer.clip,
                order: order, renderer: ObjectIdentifier(windowRenderer), frameNumber: frame.frameNumber, box: box)
            let key = ObjectIdentifier(window)
            current[key] = placement
            drawList.append((layer, frame, placement))
            guard !needsFullRedraw else { continue }
            if let old = placements[key], old.samePlace(as: placement) {
                let since = old.frameNumber
                let changed = since == previousFrame ? frame.damage : windowRenderer.damage(since: since)
                guard let changed else {
                    damage.add(box.rect(origin: area.origin, scale: scale))
                    continue
                }
                for rect in changed {
                    damage.add(screenRect(ofWindowPixels: rect, window: window, frame: frame).intersection(layer.clip))
                }
            } else {
                if let old = placements[key] { damage.add(old.box.rect(origin: area.origin, scale: scale)) }
                damage.add(box.rect(origin: area.origin, scale: scale))
            }
        }
        if !needsFullRedraw {
            for (key, old) in placements where current[key] == nil {
                damage.add(old.box.rect(origin: area.origin, scale: scale))
            }
        }
        placements = current
        var pixels: [PixelRect] = []
        if needsFullRedraw {
            pixels = [limit]
            needsFullRedraw = false
        } else {
            for rect in damage.rects {
                let pixelRect = PixelRect(covering: rect, origin: area.origin, scale: scale, limit: limit)
                if !pixelRect.isEmpty { pixels.append(pixelRect) }
            }
        }
        guard !pixels.isEmpty else { return CompositeFrame(image: backing.image, area: area, damage: []) }
        let canvas = backing.prepareForDrawing()
        canvas.clipAndClear(pixels)
        let cairo = canvas.cairo
        let background = Compositor.background
        cairo_set_source_rgba(cairo, background.red, background.green, background.blue, background.alpha)
        cairo_paint(cairo)
        for (layer, frame, placement) in drawList where !placement.box.isEmpty {
            compose(frame.image, of: layer.window, clip: layer.clip, on: cairo)
        }
        canvas.finish()
        return CompositeFrame(image: backing.image, area: area, damage: pixels)
    }

    /// Screen points covered by `rect` (pixels of the window's image).
    private func screenRect(ofWindowPixels rect: PixelRect, window: Window, frame: WindowFrame) -> Rect {
        let local = rect.rect(origin: window.bounds.origin, scale: frame.image.scale)
        let corners = [
            Point(x: local.minX, y: local.minY), Point(x: local.maxX, y: local.minY),
            Point(x: local.minX, y: local.maxY), Point(x: local.maxX, y: local.maxY),
        ].map(window.convertToScreen)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }

    /// Paints `image` (the window's bounds at its scale) where the window is on the screen.
    private func compose(_ image: PixelImage, of window: Window, clip: Rect, on cairo: OpaquePointer) {
        let surface = CairoSurface(storage: image.storage, width: image.width, height: image.height, bytesPerRow: image.bytesPerRow)
        cairo_save(cairo)
        // Device = scale · (screen − area.origin); clip first, in screen points.
        cairo_scale(cairo, scale, scale)
        cairo_translate(cairo, -area.origin.x, -area.origin.y)
        cairo_rectangle(cairo, clip.minX, clip.minY, clip.width, clip.height)
        cairo_clip(cairo)
        // Screen = window's placement · (window point); window point = pixel / image scale + bounds origin.
        let origin = window.convertToScreen(window.bounds.origin)
        let unit = window.convertToScreen(Point(x: window.bounds.origin.x + 1, y: window.bounds.origin.y))
        let down = window.convertToScreen(Point(x: window.bounds.origin.x, y: window.bounds.origin.y + 1))
        var matrix = cairo_matrix_t(
            xx: unit.x - origin.x, yx: unit.y - origin.y, xy: down.x - origin.x, yy: down.y - origin.y, x0: origin.x, y0: origin.y)
        cairo_transform(cairo, &matrix)
        cairo_scale(cairo, 1 / image.scale, 1 / image.scale)
        cairo_set_source_surface(cairo, surface.surface, 0, 0)
        if matrix.xy != 0 || matrix.yx != 0 || image.scale != scale {
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        } else {
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_NEAREST)
        }
        cairo_paint_with_alpha(cairo, Swift.min(1, window.alpha))
        cairo_restore(cairo)
        withExtendedLifetime(surface) {}
    }
}
