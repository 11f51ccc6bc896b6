public import SceneCore

/// Pixels someone else owns, drawn where they are instead of being copied into an ``Image`` first:
/// a scene process's frame in the shared buffer the board mapped (docs/scene-processes.md). Each
/// pixel is a premultiplied `0xAARRGGBB` word in native byte order (Cairo's `ARGB32`, what a
/// ``WindowRenderer`` draws and a ``PixelImage`` holds), rows ``bytesPerRow`` apart.
///
/// The owner keeps the bytes unchanged while they are drawn (for a scene process's frame, the slot
/// protocol: the board draws only from a slot it holds). They are only ever read: bytes that change
/// meanwhile spoil the picture, never the renderer's memory.
public protocol SharedPixels {
    var pixelWidth: Int { get }
    var pixelHeight: Int { get }
    var bytesPerRow: Int { get }
    /// Calls `body` with the pixel memory, at least `bytesPerRow × pixelHeight` bytes, valid during
    /// the call only.
    func withPixelBytes(_ body: (UnsafeRawBufferPointer) -> Void)
}

/// A graphics context that draws ``SharedPixels`` in place, without copying them: a
/// ``WindowRenderer``'s. A view showing shared pixels asks for it (`context as? any
/// SharedPixelsDrawing`) and draws a copy as an ``Image`` in any other context.
@MainActor
public protocol SharedPixelsDrawing {
    /// Draws `pixels` scaled to fill `rect`, as ``GraphicsContext/draw(_:in:)`` draws an image of
    /// the same pixels (its straight-alpha copy) in `rect`, and only where the context's clip lets
    /// it: drawing only the damaged part of a picture costs only that part. False, with nothing
    /// drawn, when the pixels cannot be drawn in place (a row stride Cairo does not take, a size
    /// past its limits, too few bytes): the caller then draws a copy.
    func draw(_ pixels: some SharedPixels, in rect: Rect) -> Bool
}
