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
        stack = .settingsRow(title: title, accessory: accessory, expands: expands)
        super.init(reuseIdentifier: row.rawValue)
        title.text = row.title
        // The title shows in the stack; the cell's own label, unused and unnamed, is kept out of the
        // accessible tree as well as out of sight.
        textLabel.isHidden = true
        textLabel.accessibilityElementsHidden = true
        stack.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(stack)
        accessibilityIdentifier = "row-" + row.rawValue
        accessibilityLabel = row.title
    }

    isolated deinit {}
}
