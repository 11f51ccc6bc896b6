/// Where and how a view is drawn at this moment [AN-2]: its model values, or, for the properties
/// that animate, the values their animations have reached (UIKit's `layer.presentation()`). Hit
/// testing never uses it [HT-10].
public struct ViewPresentation: Equatable, Sendable {
    public var bounds: Rect
    public var center: Point
    public var transform: AffineTransform
    public var alpha: Double
    public var backgroundColor: Color?

    /// The drawn rectangle in the superview's coordinates (the bounding box of the transformed
    /// bounds around ``center``).
    public var frame: Rect {
        let local = Rect(x: -bounds.size.width / 2, y: -bounds.size.height / 2, width: bounds.size.width, height: bounds.size.height)
        return local.applying(transform).offsetBy(dx: center.x, dy: center.y)
    }
}
