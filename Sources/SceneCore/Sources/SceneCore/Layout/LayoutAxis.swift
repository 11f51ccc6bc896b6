/// A layout axis: UIKit's `NSLayoutConstraint.Axis`.
public enum LayoutAxis: Sendable, Hashable {
    case horizontal
    case vertical
}
