import SceneChannel
import SceneCore
import SceneRender

/// The picture in one of a stand-in's windows (``IsolatedScene``): the scene process's newest
/// frame, drawn from the shared buffer the board mapped for it — the slot the board holds — with no
/// copy of the frame on the board's main thread. A frame redraws only its damage: the renderer
/// clears and paints those pixels from the buffer (into its own image, which keeps the rest), so a
/// frame costs the board what changed in it, not the window's size.
///
/// The buffer shown is always the slot the board holds (``SceneProcessHost/shownBuffer(window:)``):
/// the host hands a slot back to the process only once this view shows the newer one, and every
/// renderer that later redraws part of the window reads the slot it then holds. That slot is a
/// whole picture (the process brings a slot up to date before it hands it over), so pixels drawn
/// from the slot before it and not damaged since are still right.
///
/// A context that cannot draw shared pixels in place (anything but SceneRender's), or a buffer it
/// cannot take as it is, gets the copy the board used to make for every frame: an ``Image`` of the
/// buffer's pixels with straight alpha. While ``ImageView/image`` is set (a snapshot at another
/// scale, ``IsolatedScene/showing(_:scale:while:)``), the view shows that image instead. Main actor.
@MainActor
final class StandInPicture: ImageView {
    /// The frame buffer shown, while there is one.
    private(set) var buffer: MappedFrameBuffer?

    /// Shows `buffer` (the slot the board now holds). `damage`: for a new frame, its damage
    /// rectangles, the pixels that changed since the frame before; nil when this is no new frame
    /// (the stand-in's windows were placed again), when the picture is redrawn whole unless it is
    /// the buffer already shown. The whole picture is redrawn too when there was none before or the
    /// new one has another size.
    func show(_ buffer: MappedFrameBuffer?, damage: [DamageRect]?) {
        let previous = self.buffer
        self.buffer = buffer
        guard let buffer else {
            if previous != nil { setNeedsDisplay() }
            return
        }
        guard let previous, previous.format.width == buffer.format.width, previous.format.height == buffer.format.height else {
            setNeedsDisplay()
            return
        }
        guard let damage else {
            if previous !== buffer { setNeedsDisplay() }
            return
        }
        // A picture drawn scaled (a window of a fractional size: the frame has whole pixels) is
        // redrawn whole: a filtered image redrawn in part can differ by a unit from the same image
        // redrawn whole (pixman steps through the source from where each span starts).
        guard Double(buffer.format.width) == bounds.width, Double(buffer.format.height) == bounds.height else {
            setNeedsDisplay()
            return
        }
        for rect in damage { setNeedsDisplay(pointRect(of: rect, in: buffer.format)) }
    }

    /// The view's rectangle that shows the pixels `rect` of a picture of `format` drawn unscaled
    /// (one pixel a point); empty outside the picture.
    private func pointRect(of rect: DamageRect, in format: FrameFormat) -> Rect {
        let width = Int64(format.width), height = Int64(format.height)
        let x0 = max(0, min(width, Int64(rect.x))), y0 = max(0, min(height, Int64(rect.y)))
        let x1 = max(x0, min(width, Int64(rect.x) + Int64(max(0, rect.width))))
        let y1 = max(y0, min(height, Int64(rect.y) + Int64(max(0, rect.height))))
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: bounds.minX + Double(x0), y: bounds.minY + Double(y0), width: Double(x1 - x0), height: Double(y1 - y0))
    }

    override func draw(_ rect: Rect, in context: any GraphicsContext) {
        if image != nil {
            super.draw(rect, in: context)
            return
        }
        guard let buffer, bounds.width > 0, bounds.height > 0 else { return }
        if let drawing = context as? any SharedPixelsDrawing, drawing.draw(FrameBufferPixels(buffer: buffer), in: bounds) { return }
        if let copy = Self.copy(of: buffer, fitting: bounds) { context.draw(copy, in: bounds) }
    }

    /// The buffer's pixels as an image of straight alpha, at the scale that makes it as wide as
    /// `bounds`: what the board made of every frame before it drew them in place.
    static func copy(of buffer: MappedFrameBuffer, fitting bounds: Rect) -> Image? {
        let width = Int(buffer.format.width), height = Int(buffer.format.height)
        let scale = bounds.width > 0 ? Double(width) / bounds.width : 1
        return try? Image(width: width, height: height, pixels: buffer.straightPixels(), scale: scale)
    }
}

/// A frame buffer as SceneRender draws it in place: Cairo's `ARGB32`, as the scene process's
/// renderer wrote it.
private struct FrameBufferPixels: SharedPixels {
    let buffer: MappedFrameBuffer

    var pixelWidth: Int { Int(buffer.format.width) }
    var pixelHeight: Int { Int(buffer.format.height) }
    var bytesPerRow: Int { Int(buffer.format.stride) }

    func withPixelBytes(_ body: (UnsafeRawBufferPointer) -> Void) {
        buffer.withUnsafeBytes(body)
    }
}
