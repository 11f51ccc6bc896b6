import SceneCore

/// Seed 000's `FindViewViewController`: builds the gray/red/blue/yellow tree and logs its own touch
/// methods as `vc, FindViewViewController.<method>` before passing them on.
final class FindViewViewController: ViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let gray = GrayView(frame: Rect(x: 50, y: 100, width: 260, height: 200))
        let red = RedView(frame: Rect(x: 0, y: 0, width: 120, height: 100))
        let blue = BlueView(frame: Rect(x: 140, y: 100, width: 100, height: 100))
        let yellow = YellowView(frame: Rect(x: 50, y: 360, width: 200, height: 200))
        gray.accessibilityIdentifier = "gray"
        red.accessibilityIdentifier = "red"
        blue.accessibilityIdentifier = "blue"
        yellow.accessibilityIdentifier = "yellow"
        view.addSubview(gray)
        gray.addSubview(red)
        gray.addSubview(blue)
        view.addSubview(yellow)
    }

    // The same logging overrides as ColorView's, deliberately: a view controller is not a View, and the
    // seed shows each responder logging its own calls.
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        log("touchesBegan(_:with:)")
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        log("touchesMoved(_:with:)")
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        log("touchesEnded(_:with:)")
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        log("touchesCancelled(_:with:)")
        super.touchesCancelled(touches, with: event)
    }

    private func log(_ method: String) {
        viewIfLoaded?.window?.windowScene?.log("vc, FindViewViewController.\(method)")
    }
}
