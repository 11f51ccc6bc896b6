/// How a view places content that has a size of its own (an ``ImageView``'s image) in its bounds:
/// UIKit's `UIView.ContentMode`.
public enum ContentMode: Hashable, Sendable {
    /// Stretched to fill the bounds exactly; the aspect ratio may change.
    case scaleToFill
    /// Scaled, keeping its aspect ratio, to the largest size that fits; centered.
    case scaleAspectFit
    /// Scaled, keeping its aspect ratio, to the smallest size that covers the bounds; centered (the
    /// overflow is cut off only when the view clips to its bounds).
    case scaleAspectFill
    /// Its own size, centered.
    case center
    /// Its own size, at the top-left corner.
    case topLeft

    /// Where content of `size` goes in `bounds`.
    public func rect(for size: Size, in bounds: Rect) -> Rect {
        switch self {
        case .scaleToFill:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            guard size.width > 0, size.height > 0 else { return Rect(origin: bounds.center, size: .zero) }
            let sx = bounds.width / size.width
            let sy = bounds.height / size.height
            let factor = self == .scaleAspectFit ? Swift.min(sx, sy) : Swift.max(sx, sy)
            let width = size.width * factor
            let height = size.height * factor
            return Rect(x: bounds.midX - width / 2, y: bounds.midY - height / 2, width: width, height: height)
        case .center:
            return Rect(
                x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
        case .topLeft:
            return Rect(origin: Point(x: bounds.minX, y: bounds.minY), size: size)
        }
    }
}
