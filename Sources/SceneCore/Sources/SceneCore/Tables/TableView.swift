/// A scrolling list of rows in sections, each shown by a reusable cell: UIKit's `UITableView`
/// [TV-1 … TV-11].
///
/// **Data [TV-1].** The ``dataSource`` gives the counts and a cell for each row. Rows have the fixed
/// height ``rowHeight``; each section starts with ``sectionHeaderHeight`` and ends with
/// ``sectionFooterHeight`` of empty space (0 by default). `contentSize` follows from the counts.
///
/// **Cells [TV-2, TV-3].** On every change of the bounds (every scrolled frame) exactly the rows whose
/// rectangles intersect the bounds have cells, placed at their rows. A cell that leaves is queued under
/// its reuse identifier and handed out again by ``dequeueReusableCell(withIdentifier:for:)``, so the
/// cells alive stay about the number of rows visible, whatever the row count; the first visible row is
/// found by division, so a jump to any offset costs the same.
///
/// **Selection [TV-5 … TV-8].** A finger on a row highlights it once the content-touch delay has
/// passed (SV-12); lifting it without scrolling selects the row and tells the delegate (a
/// ``ScrollView/delegate`` that is a ``TableViewDelegate``). ``selectRow(at:animated:scrollPosition:)``
/// and ``deselectRow(at:animated:)`` change the selection without telling it.
///
/// **Keyboard [TV-11].** A focused cell moves with the arrows, Page Up, Page Down, Home and End, and
/// Tab stops at the table once.
///
/// Main actor, like every view.
@MainActor
open class TableView: ScrollView {
    isolated deinit {}

    /// UIKit's default row height, in points.
    public static let defaultRowHeight = 44.0

    // MARK: Data [TV-1]

    /// Gives the counts and the cells; not kept alive. Setting it reloads the data: at once in a
    /// window, else when the table enters one or is asked about its rows.
    public weak var dataSource: (any TableViewDataSource)? {
        didSet { dataDidChange() }
    }

    /// The height of every row. Default ``defaultRowHeight`` (44). Negative values count as 0.
    public var rowHeight = TableView.defaultRowHeight {
        didSet { if oldValue != rowHeight { dataDidChange() } }
    }

    /// The empty space at the top of each section. Default 0.
    public var sectionHeaderHeight = 0.0 {
        didSet { if oldValue != sectionHeaderHeight { dataDidChange() } }
    }

    /// The empty space at the bottom of each section. Default 0.
    public var sectionFooterHeight = 0.0 {
        didSet { if oldValue != sectionFooterHeight { dataDidChange() } }
    }

    // MARK: Selection settings [TV-6]

    /// When false, touches neither highlight nor select rows. Default true.
    public var allowsSelection = true

    /// When true, a tap on a row adds it to the selection, and a tap on a selected row deselects it.
    /// Default false: a tap selects its row only.
    public var allowsMultipleSelection = false

    // MARK: State

    /// Whether the counts are the data source's current ones.
    enum DataState: Hashable, Sendable {
        /// Not loaded, or changed since: the next layout asks the data source again.
        case stale
        case current
    }

    var dataState = DataState.stale
    /// Where the rows are, from the last loaded counts.
    var geometry = TableGeometry.empty
    /// The rows laid out at the last layout, in order (those intersecting the bounds).
    var laidOutRows: [IndexPath] = []
    /// The width the laid-out cells have.
    var laidOutWidth = 0.0
    /// The cells on screen, by row (a row whose cell the data source failed to give has none).
    var cellsByRow: [IndexPath: TableViewCell] = [:]
    /// Cells waiting to be reused, by reuse identifier.
    var reuseQueues: [String: [TableViewCell]] = [:]
    /// How to make a cell for each registered identifier.
    var cellFactories: [String: @MainActor (String) -> TableViewCell] = [:]
    /// The selected rows.
    var selectedRows: Set<IndexPath> = []
    /// What a finger is doing to the rows.
    var rowTouch = TableRowTouch.none
    /// True while a layout runs: a data source that asks the table about its rows from
    /// `cellForRowAt` gets the rows as they are, not a second layout.
    var isLayingOut = false

    /// The table's delegate when it is a ``TableViewDelegate``.
    var tableDelegate: (any TableViewDelegate)? { delegate as? any TableViewDelegate }

    // MARK: Life

    /// An empty table (no data source yet) that always bounces vertically, as UIKit's does.
    public override init(frame: Rect) {
        super.init(frame: frame)
        alwaysBounceVertical = true
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { layoutRows() }
    }

    override func boundsDidChange(from oldBounds: Rect) {
        super.boundsDidChange(from: oldBounds)
        if window != nil || dataState == .current { layoutRows() }
    }

    override var defaultAccessibilityRole: AccessibilityRole { .table }

    // MARK: Cells [TV-3]

    /// Makes cells for `identifier`: ``dequeueReusableCell(withIdentifier:for:)`` calls `makeCell`
    /// (with the identifier) when no cell of that identifier waits to be reused. Registering again
    /// replaces the factory.
    public func register(
        _ makeCell: @escaping @MainActor (_ reuseIdentifier: String) -> TableViewCell, forCellReuseIdentifier identifier: String
    ) {
        cellFactories[identifier] = makeCell
    }

    /// A cell for the row at `indexPath`, for the data source's `cellForRowAt`: one that left the
    /// screen under `identifier`, after its ``TableViewCell/prepareForReuse()``, else a new one from the
    /// registered factory. Throws ``TableViewError/Code/unregisteredReuseIdentifier`` when nothing is
    /// registered for `identifier`.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) throws(TableViewError) -> TableViewCell {
        if let cell = reuseQueues[identifier]?.popLast() {
            cell.prepareForReuse()
            return cell
        }
        guard let makeCell = cellFactories[identifier] else {
            let registered = cellFactories.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            throw TableViewError(
                code: .unregisteredReuseIdentifier,
                message: "no cell is registered for reuse identifier \"\(identifier)\" (asked for row \(indexPath)); "
                    + "registered: \(registered.isEmpty ? "none" : registered). Call register(_:forCellReuseIdentifier:) first")
        }
        return makeCell(identifier)
    }

    /// Asks the data source for the counts again, clears the selection, and lays out the rows now: the
    /// cells on screen are queued for reuse and asked for again [TV-10].
    public func reloadData() {
        selectedRows.removeAll()
        dataState = .stale
        layoutRows()
    }

    // MARK: Rows

    /// The number of sections, as last loaded.
    public var numberOfSections: Int {
        layoutIfStale()
        return geometry.numberOfSections
    }

    /// The number of rows in `section` as last loaded; 0 for a section the table does not have.
    public func numberOfRows(inSection section: Int) -> Int {
        layoutIfStale()
        guard section >= 0, section < geometry.numberOfSections else { return 0 }
        return geometry.rowCounts[section]
    }

    /// The rectangle of the row at `indexPath` in the table's content coordinates; `.zero` for a row
    /// the table does not have [TV-1].
    public func rectForRow(at indexPath: IndexPath) -> Rect {
        layoutIfStale()
        guard geometry.contains(indexPath) else { return .zero }
        return geometry.rect(for: indexPath, width: bounds.width)
    }

    /// The row at `point` (the table's content coordinates: `bounds` coordinates), visible or not; nil
    /// over a section's header or footer space, or past the rows. Rows span the table's width, so only
    /// `point.y` matters. O(log sections) [TV-2].
    public func indexPathForRow(at point: Point) -> IndexPath? {
        layoutIfStale()
        return geometry.indexPath(atY: point.y)
    }

    /// The cell showing the row at `indexPath`; nil when the row is not on screen [TV-2].
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        layoutIfStale()
        return cellsByRow[indexPath]
    }

    /// The row `cell` shows, while the table has it on screen; else nil.
    public func indexPath(for cell: TableViewCell) -> IndexPath? {
        cell.superview === self ? cell.indexPath : nil
    }

    /// The cells on screen, in row order [TV-2].
    public var visibleCells: [TableViewCell] {
        layoutIfStale()
        return laidOutRows.compactMap { cellsByRow[$0] }
    }

    /// The rows on screen (those intersecting the bounds), in order [TV-2].
    public var indexPathsForVisibleRows: [IndexPath] {
        layoutIfStale()
        return laidOutRows
    }

    /// Lays out now when the data changed since the last layout.
    func layoutIfStale() {
        if dataState == .stale, !isLayingOut { layoutRows() }
    }

    /// The counts, or the heights, changed: lay out again now in a window, else at the next need.
    private func dataDidChange() {
        dataState = .stale
        if window != nil { layoutRows() }
    }
}
