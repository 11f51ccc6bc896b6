/// Where ``TableView/scrollToRow(at:at:animated:)`` and
/// ``TableView/selectRow(at:animated:scrollPosition:)`` put a row: UIKit's
/// `UITableView.ScrollPosition` [TV-9].
public enum TableViewScrollPosition: Hashable, Sendable {
    /// Scrolling to the row: as little as shows it whole (nothing when it is visible). Selecting a
    /// row: no scrolling.
    case none
    /// The row's top at the top of the visible area.
    case top
    /// The row's middle at the middle of the visible area.
    case middle
    /// The row's bottom at the bottom of the visible area.
    case bottom
}
