/// A view that lays out a row or a column of views: UIKit's `UIStackView`, without Auto Layout
/// [LY-7].
///
/// Its ``arrangedSubviews`` (a subset of its subviews, in their own order) are placed at each layout
/// pass: along ``axis`` by ``distribution`` and ``spacing``, across it by ``alignment``. Each one's
/// natural size is its ``View/intrinsicContentSize``, or its current size on an axis where it has
/// none. A hidden arranged view takes no room and no spacing; hiding or showing one, resizing the
/// stack, or changing an arranged view's intrinsic size lays the stack out again. Like `UIStackView`
/// it draws nothing of its own but its background.
@MainActor
open class StackView: View {
    // Spelled out so the module interface says `isolated deinit` like the superclass's.
    isolated deinit {}

    /// How the arranged views share the stack's length (UIKit's `UIStackView.Distribution`).
    public enum Distribution: Sendable, Hashable {
        /// Natural lengths; extra room goes to the lowest content hugging priority (the first of
        /// equals), missing room comes from the lowest compression resistance (the last of equals).
        case fill
        /// Equal lengths filling the stack.
        case fillEqually
        /// Lengths in proportion to the natural ones, filling the stack.
        case fillProportionally
        /// Natural lengths with equal gaps filling the stack (at least ``StackView/spacing``).
        case equalSpacing
        /// Natural lengths with their centres equally spaced (the gaps at least
        /// ``StackView/spacing``; when that cannot be kept, as ``equalSpacing``).
        case equalCentering
    }

    /// Where the arranged views sit across the axis (UIKit's `UIStackView.Alignment`).
    public enum Alignment: Sendable, Hashable {
        /// As broad as the stack.
        case fill
        /// Natural breadth at the leading (left or top) edge.
        case leading
        /// Natural breadth, centred.
        case center
        /// Natural breadth at the trailing (right or bottom) edge.
        case trailing

        /// A vertical stack's `.leading` under UIKit's name for a horizontal one.
        public static let top = Alignment.leading
        /// `.trailing` under UIKit's name for a horizontal stack.
        public static let bottom = Alignment.trailing
    }

    /// The views the stack places, in order. Each is also a subview.
    public private(set) var arrangedSubviews: [View] = []

    /// Default ``LayoutAxis/horizontal``.
    public var axis: LayoutAxis = .horizontal {
        didSet { if oldValue != axis { setNeedsLayout(); invalidateIntrinsicContentSize() } }
    }

    /// Default ``Distribution/fill``.
    public var distribution: Distribution = .fill {
        didSet { if oldValue != distribution { setNeedsLayout() } }
    }

    /// Default ``Alignment/fill``.
    public var alignment: Alignment = .fill {
        didSet { if oldValue != alignment { setNeedsLayout() } }
    }

    /// Points between neighbouring arranged views (the least gap for the spacing distributions).
    /// Default 0; a negative or non-finite value counts as 0.
    public var spacing: Double = 0 {
        didSet { if oldValue != spacing { setNeedsLayout(); invalidateIntrinsicContentSize() } }
    }

    /// Whether the views are placed inside the ``View/layoutMarginsGuide`` rather than the bounds
    /// [LY-9]. Default false.
    public var isLayoutMarginsRelativeArrangement = false {
        didSet { if oldValue != isLayoutMarginsRelativeArrangement { setNeedsLayout(); invalidateIntrinsicContentSize() } }
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// A stack of `views`, in order.
    public convenience init(frame: Rect = .zero, arrangedSubviews views: [View]) {
        self.init(frame: frame)
        for view in views { addArrangedSubview(view) }
    }

    /// Appends `view` to the arranged views, adding it as the last subview first if it is not one.
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Puts `view` at `index` of the arranged views (clamped to their range; an arranged view moves
    /// there), adding it as the last subview if it is not one.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        guard view !== self else { return }
        if let old = arrangedSubviews.firstIndex(where: { $0 === view }) { arrangedSubviews.remove(at: old) }
        if view.superview !== self { addSubview(view) }
        arrangedSubviews.insert(view, at: Swift.min(Swift.max(0, index), arrangedSubviews.count))
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// Stops placing `view`; it stays a subview where it is (as in UIKit; remove it from its superview
    /// to take it out of the stack altogether, which also does this).
    public func removeArrangedSubview(_ view: View) {
        guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
        arrangedSubviews.remove(at: index)
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    override func subviewIntrinsicSizeDidChange(_ subview: View) {
        if arrangedSubviews.contains(where: { $0 === subview }) { invalidateIntrinsicContentSize() }
    }

    override func subviewVisibilityDidChange(_ subview: View) {
        guard arrangedSubviews.contains(where: { $0 === subview }) else { return }
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// Places the visible arranged views in the bounds [LY-7].
    open override func layoutSubviews() {
        super.layoutSubviews()
        let shown = arrangedSubviews.filter { !$0.isHidden }
        let horizontal = axis == .horizontal
        let area = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide.layoutFrame : bounds
        let size = area.size
        let breadth = horizontal ? size.height : size.width
        let slots = layout.slots(for: shown.map { item(for: $0, breadth: breadth) }, length: horizontal ? size.width : size.height, breadth: breadth)
        let origin = area.origin
        for (view, slot) in zip(shown, slots) {
            view.frame = horizontal
                ? Rect(x: origin.x + slot.position, y: origin.y + slot.offset, width: slot.length, height: slot.breadth)
                : Rect(x: origin.x + slot.offset, y: origin.y + slot.position, width: slot.breadth, height: slot.length)
        }
    }

    /// The visible arranged views' natural lengths and spacing along the axis, the broadest across
    /// it [LY-7].
    open override var intrinsicContentSize: Size {
        let natural = layout.naturalSize(of: arrangedSubviews.filter { !$0.isHidden }.map { item(for: $0) })
        let size = axis == .horizontal ? Size(width: natural.length, height: natural.breadth) : Size(width: natural.breadth, height: natural.length)
        guard isLayoutMarginsRelativeArrangement else { return size }
        let margins = layoutMargins
        return Size(width: size.width + margins.left + margins.right, height: size.height + margins.top + margins.bottom)
    }

    /// The natural size (``intrinsicContentSize``) [LY-6].
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    private var layout: StackLayout {
        StackLayout(distribution: distribution, alignment: alignment, spacing: spacing)
    }

    /// What the layout needs of `view`: its natural size (intrinsic, else current) on this stack's
    /// axes, and its priorities along the axis. In a vertical stack a multi-line label's natural
    /// height is that of its text wrapped at the width it gets (`breadth` with `fill`, else its
    /// natural width capped at it) [LY-7].
    private func item(for view: View, breadth: Double? = nil) -> StackLayout.Item {
        let natural = view.intrinsicOrCurrentSize
        var width = natural.width, height = natural.height
        if axis == .vertical, let breadth, let label = view as? Label, label.numberOfLines != 1 {
            let wrapWidth = alignment == .fill ? breadth : Swift.min(width, breadth)
            height = label.sizeThatFits(Size(width: wrapWidth, height: .greatestFiniteMagnitude)).height
            width = wrapWidth
        }
        let horizontal = axis == .horizontal
        return StackLayout.Item(
            length: horizontal ? width : height, breadth: horizontal ? height : width,
            hugging: view.contentHuggingPriority(for: axis),
            compressionResistance: view.contentCompressionResistancePriority(for: axis))
    }
}
