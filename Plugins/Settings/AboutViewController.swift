import SceneCore

/// The About sheet: a title, a paragraph that wraps, and a Done button that dismisses it, in a
/// vertical stack that fills the sheet inside its margins (autoresizing).
final class AboutViewController: ViewController {
    private let log: @MainActor (String) -> Void

    init(log: @escaping @MainActor (String) -> Void) {
        self.log = log
        super.init()
        title = "About"
    }

    override func loadView() {
        let sheet = View(frame: Rect(x: 0, y: 0, width: 390, height: 800))
        sheet.backgroundColor = .systemBackground
        sheet.accessibilityIdentifier = "about-sheet"
        let heading = Label(frame: .zero, text: "About SceneHost")
        heading.font = .boldSystemFont(ofSize: 22)
        heading.accessibilityIdentifier = "about-title"
        let body = Label(
            frame: .zero,
            text: "SceneHost hosts app scenes on the Linux desktop with UIKit's event model: touches, gestures, "
                + "controls and the responder chain, published on D-Bus and seen by accessibility tools.")
        body.numberOfLines = 0
        body.textColor = .secondaryLabel
        body.accessibilityIdentifier = "about-body"
        let done = Button(frame: .zero, title: "Done")
        done.accessibilityIdentifier = "about-done"
        done.addAction(named: "doneTapped", for: .touchUpInside) { [weak self] _, _ in
            self?.log("Dismissed About")
            self?.dismiss(animated: true)
        }
        let spacer = View(frame: .zero)
        spacer.setContentHuggingPriority(.fittingSizeLevel, for: .vertical)
        let stack = StackView(arrangedSubviews: [heading, body, done, spacer])
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 16
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 24, left: 20, bottom: 24, right: 20)
        stack.frame = sheet.bounds
        stack.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        sheet.addSubview(stack)
        view = sheet
    }
}
