// Intrinsic sizes, fitting and layout priorities [LY-6, LY-7].

extension View {
    /// The value of an ``intrinsicContentSize`` axis on which the view needs no particular length
    /// (UIKit's `UIView.noIntrinsicMetric`).
    public nonisolated static let noIntrinsicMetric: Double = -1

    /// Resizes the view to ``sizeThatFits(_:)`` its current size, keeping its frame's origin [LY-6].
    public func sizeToFit() {
        let origin = frame.origin
        frame = Rect(origin: origin, size: sizeThatFits(bounds.size))
    }

    /// The intrinsic size changed [LY-6]: the superview lays out again at the next pass, and a stack
    /// whose natural size this changes tells its own superview in turn.
    public func invalidateIntrinsicContentSize() {
        guard let superview = _superview else { return }
        superview.setNeedsLayout()
        superview.subviewIntrinsicSizeDidChange(self)
    }

    /// How strongly the view resists growing beyond its intrinsic length along `axis` [LY-7].
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        let hugging = (_layoutPriorities ?? LayoutPriorities()).hugging
        return axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        var priorities = _layoutPriorities ?? LayoutPriorities()
        if axis == .horizontal { priorities.hugging.horizontal = priority } else { priorities.hugging.vertical = priority }
        _layoutPriorities = priorities
        _superview?.setNeedsLayout()
    }

    /// How strongly the view resists shrinking below its intrinsic length along `axis` [LY-7].
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        let resistance = (_layoutPriorities ?? LayoutPriorities()).compressionResistance
        return axis == .horizontal ? resistance.horizontal : resistance.vertical
    }

    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        var priorities = _layoutPriorities ?? LayoutPriorities()
        if axis == .horizontal { priorities.compressionResistance.horizontal = priority } else { priorities.compressionResistance.vertical = priority }
        _layoutPriorities = priorities
        _superview?.setNeedsLayout()
    }

    /// The text measurer of the application the view's window belongs to (nil outside a window, or
    /// when the host gave none).
    var textMeasurer: (any TextMeasuring)? {
        window?._windowScene?._application?.textMeasurer
    }

    /// ``intrinsicContentSize`` on each axis where there is one, the current size on the others: the
    /// natural size a stack arranges by and a control fits to [LY-6, LY-7].
    var intrinsicOrCurrentSize: Size {
        let intrinsic = intrinsicContentSize
        return Size(
            width: intrinsic.width >= 0 ? intrinsic.width : bounds.width,
            height: intrinsic.height >= 0 ? intrinsic.height : bounds.height)
    }

    /// `size` rounded up to whole points on each axis, as UIKit rounds intrinsic sizes up.
    static func roundedUp(_ size: Size) -> Size {
        Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }
}
