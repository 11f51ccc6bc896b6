import SceneCore

/// The detail page General pushes: facts about the device in a vertical stack of rows, each a
/// horizontal stack of a name and a value, and an automatic-updates switch. The stack fills the
/// page inside its margins (autoresizing); nothing is placed by hand.
final class GeneralViewController: ViewController {
    private let log: @MainActor (String) -> Void

    init(log: @escaping @MainActor (String) -> Void) {
        self.log = log
        super.init()
        title = "General"
    }

    override func loadView() {
        let page = View(frame: Rect(x: 0, y: 0, width: 390, height: 800))
        page.backgroundColor = .secondarySystemBackground
        let updates = Switch(frame: .zero)
        updates.isOn = true
        updates.accessibilityIdentifier = "automatic-updates"
        updates.accessibilityLabel = "Automatic Updates"
        updates.addAction(named: "updatesChanged", for: .valueChanged) { [log] control, _ in
            log("Automatic Updates \(control.isOn ? "on" : "off")")
        }
        let rows: [View] = [
            row("Name", value: Label(frame: .zero, text: "SceneHost")),
            row("Software Version", value: Label(frame: .zero, text: "1.0")),
            row("Model", value: Label(frame: .zero, text: "Linux desktop")),
            row("Automatic Updates", value: updates),
        ]
        let list = StackView(arrangedSubviews: rows)
        list.axis = .vertical
        list.spacing = 1
        list.alignment = .fill
        list.distribution = .fillEqually
        list.accessibilityIdentifier = "general-list"
        // The list is four 44-point rows at the top of the page, as wide as the page.
        list.frame = Rect(x: 0, y: 20, width: page.bounds.size.width, height: 4 * 44 + 3)
        list.autoresizingMask = [.flexibleWidth]
        page.addSubview(list)
        view = page
    }

    private func row(_ name: String, value: View) -> View {
        if let label = value as? Label { label.textColor = .secondaryLabel }
        let stack = StackView.settingsRow(title: Label(frame: .zero, text: name), accessory: value)
        stack.backgroundColor = .systemBackground
        stack.accessibilityIdentifier = "general-" + name.lowercased().replacingSpaces()
        return stack
    }
}

extension String {
    /// "Software Version" → "software-version".
    fileprivate func replacingSpaces() -> String {
        String(map { $0 == " " ? "-" : $0 })
    }
}
