/// A rectangle of a view that layout code places subviews in [LY-9]: UIKit's `UILayoutGuide`, read
/// only (there are no constraints to pin to it). A value: read it again after a change.
public struct LayoutGuide: Hashable, Sendable {
    /// The rectangle, in the owning view's coordinates.
    public let layoutFrame: Rect

    public init(layoutFrame: Rect) { self.layoutFrame = layoutFrame }
}
