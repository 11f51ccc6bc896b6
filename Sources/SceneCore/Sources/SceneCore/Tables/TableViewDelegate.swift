/// What a ``TableView`` tells about highlighting and selecting rows, besides scrolling: UIKit's
/// `UITableViewDelegate` [TV-5 … TV-8]. Set it as the table's ``ScrollView/delegate``: a delegate that
/// conforms to this protocol hears both.
///
/// For a tap on a row, all on the main actor (after the content-touch delay for the first two, at the
/// lift for the rest; all at the lift for a tap shorter than the delay):
///
///     tableView(_:shouldHighlightRowAt:)   true: the row highlights
///     tableView(_:didHighlightRowAt:)
///     tableView(_:didUnhighlightRowAt:)    the finger lifted
///     tableView(_:willSelectRowAt:)        may return another row, or nil to select nothing
///     tableView(_:willDeselectRowAt:)      the row selected before (single selection), then
///     tableView(_:didDeselectRowAt:)
///     tableView(_:didSelectRowAt:)
///
/// Only user touches call them: ``TableView/selectRow(at:animated:scrollPosition:)`` and
/// ``TableView/deselectRow(at:animated:)`` do not [TV-8]. Every method has a default.
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
    /// Whether a touched row highlights (and so may be selected by the touch). Default true.
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath)
    /// The row a tap is about to select: return it, another row, or nil to select nothing. Default: the
    /// row itself.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// The row a tap is about to deselect: return it, another row, or nil to keep it selected.
    /// Default: the row itself.
    func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
}
