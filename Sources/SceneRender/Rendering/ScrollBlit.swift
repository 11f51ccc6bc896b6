import SceneCore

/// The decision to update a renderer's image for a frame's scroll move by moving pixels, and which
/// ones [SV-27]: the pixels wholly inside the move's visible area that stay inside it are moved by
/// the move's delta; the rest of the visible area (the strip that came into view, and pixels only
/// partly inside it) is left to be redrawn.
///
/// No decision (nil) when the delta is not a whole number of pixels at the scale in both directions
/// (a fractional shift of text or edges cannot be copied exactly) or when no pixel stays inside the
/// area (a jump of a screenful or more): the frame is redrawn as its damage says.
struct ScrollBlit: Hashable, Sendable {
    /// The pixels copied, where they were.
    let source: PixelRect
    /// How far they move, in pixels.
    let dx: Int
    let dy: Int
    /// The pixels of the visible area the copy does not fill: they must be redrawn.
    let exposed: [PixelRect]

    /// Where the copied pixels land.
    var destination: PixelRect { source.offsetBy(dx: dx, dy: dy) }

    /// The plan for `move` in an image whose pixel (0, 0) is the point `origin`, at `scale` pixels per
    /// point, `limit` large.
    init?(move: ScrollMove, origin: Point, scale: Double, limit: PixelRect) {
        let pixelsX = move.delta.x * scale, pixelsY = move.delta.y * scale
        guard pixelsX == pixelsX.rounded(), pixelsY == pixelsY.rounded(), abs(pixelsX) < 1e9, abs(pixelsY) < 1e9 else { return nil }
        let dx = Int(pixelsX), dy = Int(pixelsY)
        let outer = PixelRect(covering: move.visibleRect, origin: origin, scale: scale, limit: limit)
        let inner = PixelRect(inside: move.visibleRect, origin: origin, scale: scale, limit: limit)
        let destination = inner.intersection(inner.offsetBy(dx: dx, dy: dy))
        guard !destination.isEmpty else { return nil }
        source = destination.offsetBy(dx: -dx, dy: -dy)
        self.dx = dx
        self.dy = dy
        exposed = outer.subtracting(destination)
    }
}
