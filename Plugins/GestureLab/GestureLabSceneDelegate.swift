import SceneCore

/// Builds the GestureLab scene (seeds 002 and 004, plus gestures and media control):
///
///     root ┬ background (tap → "Background tap") ┬ table (logs "touches began|moved|ended|cancelled"; row labels)
///          │                                     └ button ("Button tapped")
///          ├ taps   (single "Single tap" waits for double "Double tap")
///          ├ player (first responder: "remote: play", "shake began", …)
///          └ canvas (pan, pinch, rotation together; log their final values)
final class GestureLabSceneDelegate: SceneDelegate {
    private var window: Window?

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let window = Window(windowScene: scene)
        window.title = "GestureLab"
        let controller = GestureLabViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        controller.player.becomeFirstResponder()
        scene.application?.beginReceivingRemoteControlEvents()
        self.window = window
    }
}

final class GestureLabViewController: ViewController, GestureRecognizerDelegate {
    let player = PlayerView(frame: Rect(x: 200, y: 380, width: 170, height: 120))
    private let canvas = View(frame: Rect(x: 20, y: 520, width: 350, height: 300))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "root"
        view.backgroundColor = .systemGray6

        let background = View(frame: Rect(x: 0, y: 0, width: 390, height: 360))
        background.accessibilityIdentifier = "background"
        background.accessibilityLabel = "Background"
        // Seed 002: the cyan parent view with the table and the orange button.
        background.backgroundColor = .cyan
        background.addGestureRecognizer(TapGestureRecognizer(name: "background-tap") { [weak self] _ in self?.log("Background tap") })

        let table = TableLikeView(frame: Rect(x: 20, y: 60, width: 350, height: 180))
        table.accessibilityIdentifier = "table"
        table.accessibilityLabel = "Table"
        table.accessibilityRole = .table
        table.backgroundColor = .white

        let button = Button(frame: Rect(x: 20, y: 260, width: 160, height: 50), title: "Button")
        button.accessibilityIdentifier = "button"
        button.backgroundColor = .orange
        button.setTitleColor(.white, for: .normal)
        button.font = .boldSystemFont(ofSize: 17)
        button.cornerRadius = 8
        button.addAction(named: "buttonTapped", for: .touchUpInside) { [weak self] _, _ in self?.log("Button tapped") }

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

        background.addSubview(table)
        background.addSubview(button)
        view.addSubview(background)
        view.addSubview(taps)
        view.addSubview(player)
        view.addSubview(canvas)
    }

    /// The canvas's pinch and rotation run together; the pan runs alone.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        !(gestureRecognizer is PanGestureRecognizer) && !(other is PanGestureRecognizer)
    }

    private func log(_ line: String) {
        viewIfLoaded?.window?.windowScene?.log(line)
    }

    /// Four decimals, enough to read and stable across floating-point noise.
    static func rounded(_ value: Double) -> String {
        ((value * 10_000).rounded() / 10_000).compactDescription
    }
}

/// A table-like view (seed 002) that overrides the four touch methods and logs them, and draws rows
/// of 44 points with separators, as a plain `UITableView` looks.
final class TableLikeView: View {
    static let rowHeight = 44.0

    /// One label per row that fits ("Row 1" …): the rows assistive technologies read as the table's
    /// cells. Labels take no touches, so touches still land on the table (seed 002).
    override init(frame: Rect) {
        super.init(frame: frame)
        for row in 0..<Int(frame.height / TableLikeView.rowHeight) {
            let cell = Label(
                frame: Rect(x: 16, y: Double(row) * TableLikeView.rowHeight, width: frame.width - 32, height: TableLikeView.rowHeight),
                text: "Row \(row + 1)")
            cell.accessibilityIdentifier = "row-\(row + 1)"
            cell.accessibilityRole = .tableCell
            addSubview(cell)
        }
    }

    /// The separator under each row.
    override func draw(_ rect: Rect, in context: any GraphicsContext) {
        var row = 0
        while Double(row) * TableLikeView.rowHeight < bounds.height {
            let bottom = Double(row + 1) * TableLikeView.rowHeight
            context.fill(Rect(x: 16, y: bottom - 0.5, width: bounds.width - 16, height: 0.5), with: .separator)
            row += 1
        }
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) { log("touches began") }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { log("touches moved") }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { log("touches ended") }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { log("touches cancelled") }

    private func log(_ line: String) {
        window?.windowScene?.log(line)
    }
}

/// A media player surface: takes first-responder status when tapped and handles remote-control and
/// shake events, logging each (`remote: play`, `shake began`, …). Draws a play symbol and its name.
final class PlayerView: View {
    override func draw(_ rect: Rect, in context: any GraphicsContext) {
        var triangle = Path()
        let mid = Point(x: bounds.midX, y: bounds.midY - 12)
        triangle.move(to: Point(x: mid.x - 12, y: mid.y - 16))
        triangle.addLine(to: Point(x: mid.x + 16, y: mid.y))
        triangle.addLine(to: Point(x: mid.x - 12, y: mid.y + 16))
        triangle.closeSubpath()
        context.fill(triangle, with: .white)
        context.drawText(
            "Player", in: Rect(x: 0, y: bounds.maxY - 34, width: bounds.width, height: 24),
            style: TextStyle(font: .boldSystemFont(ofSize: 15), color: .white, alignment: .center))
    }

    override var canBecomeFirstResponder: Bool { true }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        if becomeFirstResponder() { log("player is first responder") }
    }

    override func remoteControlReceived(with event: Event?) {
        guard let event else { return }
        log("remote: \(event.subtype.wireName)")
    }

    override func motionBegan(_ motion: Event.EventSubtype, with event: Event?) { log("shake began") }
    override func motionEnded(_ motion: Event.EventSubtype, with event: Event?) { log("shake ended") }
    override func motionCancelled(_ motion: Event.EventSubtype, with event: Event?) { log("shake cancelled") }

    private func log(_ line: String) {
        window?.windowScene?.log(line)
    }
}
