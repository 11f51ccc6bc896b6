/// What a finger is doing to a table's rows [TV-5, TV-6]: the state of the table's row-touch machine.
///
///     none ──a cell's touchesBegan, the row may highlight──▶ holding(row): highlighted
///     holding ──touchesEnded inside the cell──▶ none: unhighlighted, then selected
///     holding ──touchesEnded outside, touchesCancelled, or the cell leaves──▶ none: unhighlighted
///
/// A cell's `touchesBegan` comes after the scroll view's content-touch delay (SV-12), so the row
/// highlights only once the touch is known not to be a scroll; a drag that scrolls cancels it (SV-13).
enum TableRowTouch: Hashable, Sendable {
    case none
    /// A finger holds this row, which is highlighted.
    case holding(IndexPath)
}
