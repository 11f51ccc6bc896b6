internal import CCairo
internal import CPango
import SceneCore

/// ``GraphicsContext`` over a Cairo context: what views draw with, on one window's backing image.
///
/// Alpha is kept here (Cairo has no global alpha) and multiplied into every colour; it is saved and
/// restored with Cairo's state. A transparency layer is a Cairo group composited with
/// `paint_with_alpha`. Text goes through the window's ``TextLayoutCache`` and Pango; images through
/// the window's ``ImageSurfaceCache``.
@MainActor
final class CairoContext: @MainActor GraphicsContext {
    let cairo: OpaquePointer
    private let text: TextLayoutCache
    private let images: ImageSurfaceCache
    private let masks: RoundedRectMasks?
    private var alphaStack: [Double] = []
    private var layerStack: [(alpha: Double, outerAlpha: Double)] = []
    var alpha: Double = 1

    /// `masks`: where rounded rectangles' coverage is kept (nil: every rounded fill is a path fill).
    init(cairo: OpaquePointer, text: TextLayoutCache, images: ImageSurfaceCache, masks: RoundedRectMasks?) {
        self.cairo = cairo
        self.text = text
        self.images = images
        self.masks = masks
    }

    func saveGState() {
        cairo_save(cairo)
        alphaStack.append(alpha)
    }

    func restoreGState() {
        cairo_restore(cairo)
        alpha = alphaStack.removeLast()
    }

    func concatenate(_ transform: AffineTransform) {
        if transform.a == 1 && transform.b == 0 && transform.c == 0 && transform.d == 1 {
            if transform.tx != 0 || transform.ty != 0 { cairo_translate(cairo, transform.tx, transform.ty) }
            return
        }
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        cairo_transform(cairo, &matrix)
    }

    func clip(to rect: Rect) {
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cairo)
    }

    func clip(to path: Path) {
        append(path)
        cairo_clip(cairo)
    }

    var clipBoundingBox: Rect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cairo, &x0, &y0, &x1, &y1)
        guard x1 > x0, y1 > y0 else { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    func beginTransparencyLayer(alpha layerAlpha: Double) {
        cairo_push_group(cairo)
        layerStack.append((layerAlpha, alpha))
        alpha = 1
    }

    func endTransparencyLayer() {
        let layer = layerStack.removeLast()
        cairo_pop_group_to_source(cairo)
        cairo_paint_with_alpha(cairo, clamp(layer.alpha * layer.outerAlpha))
        alpha = layer.outerAlpha
    }

    func fill(_ rect: Rect, with color: Color) {
        guard setSource(color) else { return }
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(cairo)
    }

    func fill(_ path: Path, with color: Color) {
        guard setSource(color) else { return }
        append(path)
        cairo_fill(cairo)
    }

    func fill(_ rect: Rect, cornerRadius: Double, with color: Color) {
        let radius = Swift.min(Swift.max(0, cornerRadius), rect.width / 2, rect.height / 2)
        guard radius > 0 else { return fill(rect, with: color) }
        guard setSource(color) else { return }
        if let masks, masks.fill(rect, radius: radius, on: cairo) { return }
        append(Path(roundedRect: rect, cornerRadius: radius))
        cairo_fill(cairo)
    }

    func stroke(_ path: Path, with color: Color, lineWidth: Double) {
        guard lineWidth > 0, setSource(color) else { return }
        append(path)
        cairo_set_line_width(cairo, lineWidth)
        cairo_stroke(cairo)
    }

    func draw(_ image: Image, in rect: Rect) {
        guard alpha > 0, rect.width > 0, rect.height > 0, let surface = images.surface(for: image) else { return }
        paint(surface, width: image.pixelWidth, height: image.pixelHeight, in: rect)
    }

    /// Paints an image surface of `width` × `height` pixels scaled to fill `rect`.
    private func paint(_ surface: OpaquePointer, width: Int, height: Int, in rect: Rect) {
        cairo_save(cairo)
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cairo)
        cairo_translate(cairo, rect.minX, rect.minY)
        cairo_scale(cairo, rect.width / Double(width), rect.height / Double(height))
        cairo_set_source_surface(cairo, surface, 0, 0)
        let pattern = cairo_get_source(cairo)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_paint_with_alpha(cairo, clamp(alpha))
        cairo_restore(cairo)
    }

    func drawText(_ string: String, in rect: Rect, style: TextStyle) {
        guard !string.isEmpty, setSource(style.color) else { return }
        let entry = text.entry(for: string, style: style, width: rect.width, height: rect.height)
        if entry.clipsToHeight {
            cairo_save(cairo)
            cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, entry.size.height)
            cairo_clip(cairo)
        }
        cairo_move_to(cairo, rect.minX, rect.minY)
        pango_cairo_show_layout(cairo, entry.layout)
        if entry.clipsToHeight { cairo_restore(cairo) }
    }

    func measureText(_ string: String, style: TextStyle, width: Double?, height: Double?) -> Size {
        guard !string.isEmpty else { return .zero }
        return text.entry(for: string, style: style, width: width, height: height).size
    }

    /// Sets the colour (times ``alpha``) as the source; false when it would draw nothing.
    private func setSource(_ color: Color) -> Bool {
        let effective = clamp(color.alpha) * alpha
        guard effective > 0 else { return false }
        if effective >= 1 {
            cairo_set_source_rgb(cairo, clamp(color.red), clamp(color.green), clamp(color.blue))
        } else {
            cairo_set_source_rgba(cairo, clamp(color.red), clamp(color.green), clamp(color.blue), effective)
        }
        return true
    }

    private func append(_ path: Path) {
        CairoPath.append(path, to: cairo)
    }

    private func clamp(_ value: Double) -> Double {
        Swift.min(1, Swift.max(0, value))
    }
}

extension CairoContext: SharedPixelsDrawing {
    /// Wraps the pixels' memory in a Cairo image surface for the one paint (no copy: Cairo and
    /// pixman read the source where it is, and only inside the clip), then drops the surface before
    /// the memory's lifetime ends.
    func draw(_ pixels: some SharedPixels, in rect: Rect) -> Bool {
        guard alpha > 0, rect.width > 0, rect.height > 0 else { return true }
        let width = pixels.pixelWidth, height = pixels.pixelHeight, stride = pixels.bytesPerRow
        guard width > 0, height > 0, width <= Renderer.maximumSide, height <= Renderer.maximumSide, stride >= width * 4,
            stride % 4 == 0, stride <= Int(Int32.max) / height
        else { return false }
        var drawn = false
        pixels.withPixelBytes { bytes in
            guard bytes.count >= stride * height, let base = bytes.baseAddress else { return }
            // Cairo takes a mutable pointer for every image surface, but never writes to one that is
            // only a source, as this one is (made, painted from and destroyed here); the memory may
            // well be mapped read-only, where a write would fault instead of changing anything.
            let data = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
            guard let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
            else { return }
            defer { cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return }
            paint(surface, width: width, height: height, in: rect)
            // The paint's state is restored (the pattern that referenced the surface is gone), and a
            // finished surface no longer reaches the memory, whoever still holds a reference.
            cairo_surface_finish(surface)
            drawn = true
        }
        return drawn
    }
}
