/// The bar at the top of a ``NavigationController``: the top controller's title in the middle and,
/// below the root, a back button titled with the previous controller's title ("Back" without one)
/// [NV-1]. UIKit's `UINavigationBar`, reduced to what the stack shows.
@MainActor
public final class NavigationBar: View {
    /// Its height below the safe area's top, in points.
    public static let height = 44.0

    /// Shows the top controller's title.
    public let titleLabel = Label(frame: .zero, text: nil)
    /// Pops the top controller; hidden at the root.
    public let backButton = Button(frame: .zero, title: nil)

    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = .systemGray6
        titleLabel.font = .boldSystemFont(ofSize: 17)
        titleLabel.textAlignment = .center
        backButton.accessibilityIdentifier = "back"
        // Named while hidden too: assistive tools list hidden views (as not showing), and a button
        // without a name is an error to them.
        backButton.accessibilityLabel = "Back"
        backButton.isHidden = true
        addSubview(titleLabel)
        addSubview(backButton)
    }

    isolated deinit {}

    /// Shows `title`, and a back button titled `backTitle` when there is somewhere to go back to.
    func show(title: String?, backTitle: String??) {
        titleLabel.text = title
        if let backTitle {
            backButton.title = "‹ " + (backTitle ?? "Back")
            backButton.accessibilityLabel = backTitle ?? "Back"
            backButton.isHidden = false
        } else {
            backButton.isHidden = true
        }
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        let top = safeAreaInsets.top
        let width = bounds.size.width
        let back = backButton.isHidden ? 0 : Swift.min(120, Swift.max(70, backButton.intrinsicContentSize.width + 16))
        backButton.frame = Rect(x: 0, y: top, width: back, height: Self.height)
        let side = Swift.max(back, 8)
        titleLabel.frame = Rect(x: side, y: top, width: Swift.max(0, width - 2 * side), height: Self.height)
    }
}
