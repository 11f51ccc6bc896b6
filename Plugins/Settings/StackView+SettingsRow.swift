import SceneCore

extension StackView {
    /// A settings row's content: `title` on the leading side, `accessory` (a control, a value label,
    /// a "›") on the trailing side, centred vertically inside the table's 16-point horizontal margins.
    /// One of the two takes the width the other leaves: the title, unless `expands` gives it to the
    /// accessory (a slider, a text field); the other keeps its natural width and is never compressed.
    static func settingsRow(title: Label, accessory: View, expands: Bool = false) -> StackView {
        let stack = StackView(arrangedSubviews: [title, accessory])
        stack.axis = .horizontal
        stack.alignment = .center
        stack.spacing = 12
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 0, left: TableViewCell.horizontalMargin, bottom: 0, right: TableViewCell.horizontalMargin)
        let (loose, tight) = expands ? (accessory, title as View) : (title as View, accessory)
        loose.setContentHuggingPriority(.defaultLow, for: .horizontal)
        tight.setContentHuggingPriority(.required, for: .horizontal)
        tight.setContentCompressionResistancePriority(.required, for: .horizontal)
        return stack
    }
}
