/// Scrolling a row into view [TV-9].
extension TableView {
    /// Scrolls so that the row at `indexPath` is at `position` of the visible area (the bounds minus
    /// the adjusted inset): its top at the top, its middle in the middle, its bottom at the bottom, or
    /// (`.none`) as little as shows it whole. The offset stays within the content's range, so the first
    /// and last rows cannot be moved past the ends. Animated as ``ScrollView/setContentOffset(_:animated:)``.
    /// Throws ``TableViewError/Code/indexPathOutOfRange`` for a row the table does not have.
    public func scrollToRow(at indexPath: IndexPath, at position: TableViewScrollPosition, animated: Bool) throws(TableViewError) {
        layoutIfStale()
        try checkRow(indexPath)
        let rect = geometry.rect(for: indexPath, width: bounds.width)
        let inset = adjustedContentInset
        let visibleHeight = bounds.height - inset.top - inset.bottom
        let target: Double
        switch position {
        case .none:
            scrollRectToVisible(rect, animated: animated)
            return
        case .top: target = rect.minY - inset.top
        case .middle: target = rect.midY - inset.top - visibleHeight / 2
        case .bottom: target = rect.maxY - inset.top - visibleHeight
        }
        let range = offsetRange(.vertical)
        let y = Swift.min(range.upper, Swift.max(range.lower, target))
        guard y != contentOffset.y else { return }
        setContentOffset(Point(x: contentOffset.x, y: y), animated: animated)
    }
}
