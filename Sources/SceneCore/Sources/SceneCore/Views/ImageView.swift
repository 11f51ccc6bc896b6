/// A view that shows an image (named, since nothing is drawn here). Like `UIImageView` it ignores
/// touches by default (`isUserInteractionEnabled == false`, [HT-13]).
@MainActor
open class ImageView: View {
    /// The name of the image shown; informational.
    public var imageName: String?

    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    override var defaultAccessibilityRole: AccessibilityRole { .image }
}
