import SceneCore

/// A settings row: its title on the leading side and its accessory (a control, or a "›") on the
/// trailing side, arranged by a horizontal stack that fills the cell (autoresizing) inside its
/// layout margins. No frame is computed by hand.
final class SettingsCell: TableViewCell {
    let title = Label(frame: .zero, text: nil)
    let stack: StackView

    /// `expands`: the accessory takes the width the title leaves (a slider, a text field); otherwise
    /// the title does and the accessory keeps its natural width.
    init(row: SettingsRow, accessory: View, expands: Bool = false) {
        stack = StackView(arrangedSubviews: [title, accessory])
        super.init(reuseIdentifier: row.rawValue)
        title.text = row.title
        textLabel.isHidden = true
        stack.axis = .horizontal
        stack.alignment = .center
        stack.spacing = 12
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 0, left: TableViewCell.horizontalMargin, bottom: 0, right: TableViewCell.horizontalMargin)
        stack.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let (loose, tight) = expands ? (accessory, title as View) : (title as View, accessory)
        loose.setContentHuggingPriority(.defaultLow, for: .horizontal)
        tight.setContentHuggingPriority(.required, for: .horizontal)
        tight.setContentCompressionResistancePriority(.required, for: .horizontal)
        addSubview(stack)
        accessibilityIdentifier = "row-" + row.rawValue
        accessibilityLabel = row.title
    }

    isolated deinit {}
}
