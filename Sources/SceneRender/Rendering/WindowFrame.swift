public import SceneCore

/// One rendering of a window: its whole current image and what changed in it.
public struct WindowFrame: Sendable {
    /// The window's pixels: its bounds at the renderer's scale.
    public let image: PixelImage
    /// The pixel rectangles redrawn by this rendering (empty when nothing had changed).
    public let damage: [PixelRect]
    /// Counts renderings that redrew something, from 1.
    public let frameNumber: UInt64
    /// The views visited and drawn.
    public let report: DisplayReport

    /// The bounding box of ``damage`` (empty when nothing was redrawn).
    public var damagedBox: PixelRect {
        damage.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
    }

    /// Pixels redrawn.
    public var damagedArea: Int {
        damage.reduce(0) { $0 + $1.area }
    }
}
