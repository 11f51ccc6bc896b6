/// One row's view in a ``TableView``: UIKit's `UITableViewCell` [TV-3, TV-5].
///
/// A cell shows ``textLabel`` (inset ``TableViewCell/horizontalMargin`` from its sides), a separator
/// along its bottom, and a grey background while ``isHighlighted`` or ``isSelected``. The table sets
/// both flags; an app reads them. Its touch methods report the touch to the table, which highlights and
/// selects the row [TV-5, TV-6]: a subclass that overrides them must call `super` for the row to be
/// selectable, as in UIKit. Main actor, like every view.
@MainActor
open class TableViewCell: View {
    isolated deinit {}

    /// The points between the cell's sides and its label (UIKit's default layout margin).
    public static let horizontalMargin = 16.0

    /// The identifier the cell is reused under, or nil for a cell that is never reused [TV-3].
    public let reuseIdentifier: String?

    /// The row's text.
    public let textLabel: Label

    /// The row the cell shows while the table has it on screen; nil in the reuse queue.
    var indexPath: IndexPath?

    /// True while the row is selected [TV-6]; set by the table.
    public var isSelected = false {
        didSet { if oldValue != isSelected { setNeedsDisplay() } }
    }

    /// True while a finger holds the row, after the content-touch delay [TV-5]; set by the table.
    public var isHighlighted = false {
        didSet { if oldValue != isHighlighted { setNeedsDisplay() } }
    }

    /// A cell reused under `reuseIdentifier` (nil: never reused).
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        textLabel = Label(frame: .zero)
        super.init(frame: .zero)
        backgroundColor = .systemBackground
        addSubview(textLabel)
    }

    /// Called just before ``TableView/dequeueReusableCell(withIdentifier:for:)`` returns the cell for
    /// another row. The default clears the highlight and the selection; the table then shows the
    /// selection of the new row [TV-3, TV-7]. Reset state that is not content here; set the content in
    /// the data source.
    open func prepareForReuse() {
        isHighlighted = false
        isSelected = false
    }

    /// The label spans the cell, inset by the margin on both sides.
    override func boundsDidChange(from oldBounds: Rect) {
        guard bounds.size != oldBounds.size else { return }
        let margin = Self.horizontalMargin
        textLabel.frame = Rect(x: margin, y: 0, width: Swift.max(0, bounds.width - 2 * margin), height: bounds.height)
    }

    /// The selection background while highlighted or selected, and the separator under the row.
    open override func draw(_ rect: Rect, in context: any GraphicsContext) {
        if isHighlighted || isSelected {
            context.fill(bounds, with: .systemGray4)
        }
        context.fill(
            Rect(x: bounds.minX + Self.horizontalMargin, y: bounds.maxY - 0.5, width: bounds.width - Self.horizontalMargin, height: 0.5),
            with: .separator)
    }

    // MARK: Touches [TV-5, TV-6]

    /// The table view showing the cell; nil in the reuse queue.
    private var tableView: TableView? { superview as? TableView }

    open override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        tableView?.cellTouchBegan(self)
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event?) {}

    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        let inside = touches.first.map { point(inside: $0.location(in: self), with: event) } ?? false
        tableView?.cellTouchEnded(self, inside: inside)
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        tableView?.cellTouchCancelled(self)
    }

    // MARK: Keyboard [TV-11]

    /// A cell on screen in a table that allows selection can take the keyboard focus [TV-11], so the
    /// arrows can move it and Space or Return select its row; otherwise as any view (FO-2).
    open override var canBecomeFocused: Bool {
        (tableView?.allowsSelection ?? false) || super.canBecomeFocused
    }

    /// Moves the keyboard focus from this cell through its table's rows [TV-11]; false when the cell
    /// is in no table or the focus stays.
    func moveFocus(by move: TableRowMove) -> Bool {
        tableView?.moveFocus(from: self, by: move) ?? false
    }

    // MARK: Accessibility

    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? textLabel.text }
        set { super.accessibilityLabel = newValue }
    }

    override var defaultAccessibilityRole: AccessibilityRole { .tableCell }
}
