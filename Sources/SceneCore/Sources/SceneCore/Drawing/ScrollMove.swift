/// A scroll view's content moved since an observer last took its damage, and how a renderer may
/// update its image by moving pixels instead of redrawing them ([SV-27] in docs/behaviour.md).
///
/// When a renderer moves the pixels of ``visibleRect`` by ``delta`` (those that stay inside it), then
/// redraws ``region`` and every part of ``visibleRect`` the move left without a copied pixel (the strip
/// that came into view), its image is the image a full redraw of the observer's damage would give.
/// The copy is exact only when ``delta`` is a whole number of pixels at the renderer's scale; otherwise
/// the renderer redraws the region ``DamageObserver/takeRegionAndMove()`` gives besides the move.
public struct ScrollMove: Hashable, Sendable {
    /// The scroll view's visible area in window coordinates (its bounds cut by its clipping
    /// ancestors and the window), unchanged by the move.
    public var visibleRect: Rect
    /// How far the content moved on screen, in points (window coordinates): the opposite of the
    /// change of the content offset.
    public var delta: Point
    /// What must be redrawn after the move besides the strip that came into view: the other damage
    /// (where it is now and where the move carried its old pixels) and, inside ``visibleRect``, what
    /// is drawn above the content (views in front of the scroll view, its indicators, borders).
    public var region: DamageRegion

    // A public member-wise initializer, spelled out as Swift requires (`duplicates` pairs it, by shape
    // only, with other public value types').
    public init(visibleRect: Rect, delta: Point, region: DamageRegion) {
        self.visibleRect = visibleRect
        self.delta = delta
        self.region = region
    }
}
