public import SceneCore

/// One rendering of a window: its whole current image and what changed in it.
public struct WindowFrame: Sendable {
    /// The window's pixels: its bounds at the renderer's scale.
    public let image: PixelImage
    /// The pixel rectangles this rendering changed, redrawn or moved (empty when nothing had
    /// changed): what a compositor must copy again.
    public let damage: [PixelRect]
    /// The pixels cleared and drawn again (those of ``damage`` less any moved by a scroll [SV-27]).
    public let redrawnArea: Int
    /// Where pixels moved by a scroll landed [SV-27]; nil when none were moved.
    public let moved: PixelRect?
    /// Counts renderings that redrew something, from 1.
    public let frameNumber: UInt64
    /// The views visited and drawn.
    public let report: DisplayReport

    init(image: PixelImage, damage: [PixelRect], frameNumber: UInt64, report: DisplayReport, moved: PixelRect? = nil) {
        self.image = image
        self.damage = damage
        self.frameNumber = frameNumber
        self.report = report
        self.moved = moved
        redrawnArea = damage.reduce(0) { $0 + $1.area } - (moved?.area ?? 0)
    }

    /// The bounding box of ``damage`` (empty when nothing was redrawn).
    public var damagedBox: PixelRect {
        damage.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
    }

    /// Pixels changed (redrawn or moved).
    public var damagedArea: Int {
        damage.reduce(0) { $0 + $1.area }
    }
}
