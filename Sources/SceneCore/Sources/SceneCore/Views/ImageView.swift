/// A view that shows an ``Image``, placed by its ``View/contentMode`` (default scale-to-fill): UIKit's
/// `UIImageView`. Like `UIImageView` it ignores touches by default (`isUserInteractionEnabled ==
/// false`, [HT-13]).
@MainActor
open class ImageView: View {
    // Spelled out so the module interface says `isolated deinit` like the superclass's (an implicit
    // one prints as a plain `deinit`, which the interface verifier then rejects).
    isolated deinit {}

    /// The image shown; nil shows nothing (only the background colour).
    public var image: Image? {
        didSet { if oldValue != image { setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    }

    /// A name for the image, for scripts and logs; informational.
    public var imageName: String?

    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// An image view showing `image`, sized to the image (in points) at the origin.
    public convenience init(image: Image?) {
        self.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    override var defaultAccessibilityRole: AccessibilityRole { .image }

    /// The image's size in points; none without an image [LY-6].
    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// The image's size in points; the current size without an image [LY-6].
    open override func sizeThatFits(_ size: Size) -> Size { image?.size ?? bounds.size }

    /// Where the image goes in the bounds.
    public var imageRect: Rect? {
        guard let image else { return nil }
        return contentMode.rect(for: image.size, in: bounds)
    }

    open override func draw(_ rect: Rect, in context: any GraphicsContext) {
        guard let image, let target = imageRect else { return }
        context.draw(image, in: target)
    }
}
