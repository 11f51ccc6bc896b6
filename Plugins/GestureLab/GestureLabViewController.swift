import SceneCore

/// GestureLab's one screen (390 × 844): seed 002's cyan background with its table, button and switch,
/// the taps view, the player and the canvas (see ``GestureLabSceneDelegate``). Main actor; it logs to
/// its scene, so every line is also a `Log` signal on D-Bus.
final class GestureLabViewController: ViewController, GestureRecognizerDelegate {
    /// The rows of seed 002's table: "Row 1" … "Row 1000".
    static let rowCount = 1_000

    let player = PlayerView(frame: Rect(x: 200, y: 380, width: 170, height: 120))
    private let canvas = View(frame: Rect(x: 20, y: 520, width: 350, height: 300))
    let table = TableView(frame: Rect(x: 20, y: 60, width: 350, height: 180))
    /// On: the background's tap recognizer refuses touches inside the table (seed 002's fix).
    let tableTakesTaps = Switch(frame: Rect(x: 319, y: 318, width: Switch.standardSize.width, height: Switch.standardSize.height))
    private(set) var backgroundTap: TapGestureRecognizer?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "root"
        view.backgroundColor = .systemGray6

        let background = View(frame: Rect(x: 0, y: 0, width: 390, height: 360))
        background.accessibilityIdentifier = "background"
        background.accessibilityLabel = "Background"
        // Seed 002: the cyan parent view with the table and the orange button.
        background.backgroundColor = .cyan
        let backgroundTap = TapGestureRecognizer(name: "background-tap") { [weak self] _ in self?.log("Background tap") }
        backgroundTap.delegate = self
        background.addGestureRecognizer(backgroundTap)
        self.backgroundTap = backgroundTap

        configureTable()

        let button = TouchLoggingButton(frame: Rect(x: 20, y: 260, width: 160, height: 50), title: "Button")
        button.accessibilityIdentifier = "button"
        button.backgroundColor = .orange
        button.setTitleColor(.white, for: .normal)
        button.font = .boldSystemFont(ofSize: 17)
        button.cornerRadius = 8
        button.addAction(named: "buttonTapped", for: .touchUpInside) { [weak self] _, _ in self?.log("Button tapped") }

        let switchLabel = Label(frame: Rect(x: 20, y: 318, width: 290, height: 31), text: "Let the table have its taps")
        switchLabel.accessibilityIdentifier = "table-taps-label"
        tableTakesTaps.accessibilityIdentifier = "table-taps"
        tableTakesTaps.accessibilityLabel = "Let the table have its taps"

        let taps = View(frame: Rect(x: 20, y: 380, width: 170, height: 120))
        taps.accessibilityIdentifier = "taps"
        taps.accessibilityLabel = "Taps"
        taps.backgroundColor = .systemTeal
        taps.cornerRadius = 12
        let single = TapGestureRecognizer(name: "single-tap") { [weak self] _ in self?.log("Single tap") }
        let double = TapGestureRecognizer(name: "double-tap") { [weak self] _ in self?.log("Double tap") }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        taps.addGestureRecognizer(single)
        taps.addGestureRecognizer(double)

        player.accessibilityIdentifier = "player"
        player.accessibilityLabel = "Player"
        player.backgroundColor = .systemIndigo
        player.cornerRadius = 12

        configureCanvas()

        background.addSubview(table)
        background.addSubview(button)
        background.addSubview(switchLabel)
        background.addSubview(tableTakesTaps)
        view.addSubview(background)
        view.addSubview(taps)
        view.addSubview(player)
        view.addSubview(canvas)
    }

    /// Seed 002's table: a real table view of ``rowCount`` rows, each cell logging its own touches.
    private func configureTable() {
        table.accessibilityIdentifier = "table"
        table.accessibilityLabel = "Table"
        table.backgroundColor = .white
        table.register({ GestureLabRowCell(reuseIdentifier: $0) }, forCellReuseIdentifier: GestureLabRowCell.reuseIdentifier)
        table.dataSource = self
        table.delegate = self
    }

    /// The canvas: pan, pinch and rotation, each logging its final value.
    private func configureCanvas() {
        canvas.accessibilityIdentifier = "canvas"
        canvas.accessibilityLabel = "Canvas"
        canvas.accessibilityRole = .canvas
        canvas.backgroundColor = .white
        canvas.borderColor = .systemGray3
        canvas.borderWidth = 1
        canvas.cornerRadius = 12
        canvas.isMultipleTouchEnabled = true
        let pan = PanGestureRecognizer(name: "pan") { [weak self] pan in
            guard pan.state == .ended, let self else { return }
            let translation = pan.translation(in: self.canvas)
            self.log("pan ended translation=(\(translation.x.compactDescription), \(translation.y.compactDescription))")
        }
        pan.maximumNumberOfTouches = 1
        let pinch = PinchGestureRecognizer(name: "pinch") { [weak self] pinch in
            guard pinch.state == .ended else { return }
            self?.log("pinch ended scale=\(GestureLabViewController.rounded(pinch.scale))")
        }
        let rotation = RotationGestureRecognizer(name: "rotation") { [weak self] rotation in
            guard rotation.state == .ended else { return }
            self?.log("rotation ended rotation=\(GestureLabViewController.rounded(rotation.rotation))")
        }
        for recognizer in [pan, pinch, rotation] as [GestureRecognizer] {
            recognizer.delegate = self
            canvas.addGestureRecognizer(recognizer)
        }
    }

    /// The canvas's pinch and rotation run together; the pan runs alone.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        !(gestureRecognizer is PanGestureRecognizer) && !(other is PanGestureRecognizer)
    }

    /// Seed 002's fix, while the switch is on: the background's tap recognizer does not receive
    /// touches that land in the table, so the table selects its rows. Every other touch, and every
    /// other recognizer, is received as usual.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        guard gestureRecognizer === backgroundTap, tableTakesTaps.isOn, let view = touch.view else { return true }
        return !view.isDescendant(of: table)
    }

    func log(_ line: String) {
        viewIfLoaded?.window?.windowScene?.log(line)
    }

    /// Four decimals, enough to read and stable across floating-point noise.
    static func rounded(_ value: Double) -> String {
        ((value * 10_000).rounded() / 10_000).compactDescription
    }
}
