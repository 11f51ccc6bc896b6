public import SceneCore

/// One rendering of an area of the screen (a scene, or every scene): its whole image and the pixel
/// rectangles that changed since the compositor's previous rendering.
public struct CompositeFrame: Sendable {
    /// The area's pixels, at the compositor's scale; pixel (0, 0) is the area's top-left corner.
    public let image: PixelImage
    /// The area, in screen points.
    public let area: Rect
    /// Pixel rectangles redrawn (empty when nothing changed).
    public let damage: [PixelRect]

    /// The bounding box of ``damage``.
    public var damagedBox: PixelRect {
        damage.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
    }
}
