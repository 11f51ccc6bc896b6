import SceneCore

/// The test toolkit's proving ground (`WaitForIdle`, selectors, `TapMatching`, the virtual clock and
/// the race test): a window whose views wait on timers, move, repeat, hide, disable and cover each
/// other. Every view has an identifier; every outcome is logged (`Log` signals).
///
///     window "Toolkit" ┬ press    long-press recognizer ("long press began" / "long press ended")
///                      ├ taps     single tap waits for double tap ("single tap" / "double tap")
///                      ├ shuffle  button: moves target to its next place at once ("shuffled to N")
///                      ├ later    button: moves target 0.3 s later, on the clock ("moved later to N")
///                      ├ target   button "Target" ("target tapped"), at one of four places
///                      ├ twin-1, twin-2   labels with the same text "Twin"
///                      ├ disabled button "Disabled", not enabled
///                      ├ covered  button "Covered" under cover (a plain view on top of it)
///                      ├ ghost    button "Ghost", hidden
///                      ├ beacon   a 40 × 40 view at (210, 320) or (330, 320); a tap moves it to the
///                      │          other place, animated over 0.5 s, linear ("pulse finished true")
///                      ├ list ─ row-1 … row-3 (labels "Row 1" …, inside a container); a hover
///                      │        recognizer ("hover began 20, 30", "hover changed …", "hover ended")
///                      └ scroller scroll view, 160 × 200, content 160 × 600 ("scrolled to X, Y")
final class ToolkitSceneDelegate: SceneDelegate {
    private var window: Window?
    private var place = 0
    private let scrollLog = ScrollLog()
    private let target = Button(frame: ToolkitSceneDelegate.places[0], title: "Target")

    /// Where the target can be (window points); it visits them in order.
    static let places = [
        Rect(x: 20, y: 400, width: 120, height: 44), Rect(x: 250, y: 400, width: 120, height: 44),
        Rect(x: 250, y: 700, width: 120, height: 44), Rect(x: 20, y: 700, width: 120, height: 44),
    ]

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let window = Window(windowScene: scene)
        window.title = "Toolkit"
        window.backgroundColor = .white

        let press = View(frame: Rect(x: 20, y: 20, width: 160, height: 100))
        press.accessibilityIdentifier = "press"
        press.accessibilityLabel = "Press"
        press.backgroundColor = .systemIndigo
        press.addGestureRecognizer(LongPressGestureRecognizer(name: "long-press") { [weak scene] recognizer in
            switch recognizer.state {
            case .began: scene?.log("long press began")
            case .ended: scene?.log("long press ended")
            default: break
            }
        })

        let taps = View(frame: Rect(x: 210, y: 20, width: 160, height: 100))
        taps.accessibilityIdentifier = "taps"
        taps.accessibilityLabel = "Taps"
        taps.backgroundColor = .systemTeal
        let single = TapGestureRecognizer(name: "single-tap") { [weak scene] _ in scene?.log("single tap") }
        let double = TapGestureRecognizer(name: "double-tap") { [weak scene] _ in scene?.log("double tap") }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        taps.addGestureRecognizer(single)
        taps.addGestureRecognizer(double)

        let shuffle = button("shuffle", "Shuffle", Rect(x: 20, y: 140, width: 160, height: 44)) { [weak self, weak scene] in
            guard let self else { return }
            self.moveTarget()
            scene?.log("shuffled to \(self.place)")
        }
        let later = button("later", "Later", Rect(x: 210, y: 140, width: 160, height: 44)) { [weak self, weak scene] in
            guard let clock = scene?.application?.clock else { return }
            _ = clock.schedule(after: 0.3) { [weak self, weak scene] in
                guard let self else { return }
                self.moveTarget()
                scene?.log("moved later to \(self.place)")
            }
        }
        target.accessibilityIdentifier = "target"
        target.backgroundColor = .systemGreen
        target.setTitleColor(.white, for: .normal)
        target.addAction(named: "targetTapped", for: .touchUpInside) { [weak scene] _, _ in scene?.log("target tapped") }

        let twins = [1, 2].map { index in
            let twin = Label(frame: Rect(x: 20 + Double(index - 1) * 190, y: 200, width: 160, height: 30), text: "Twin")
            twin.accessibilityIdentifier = "twin-\(index)"
            return twin
        }
        let disabled = button("disabled", "Disabled", Rect(x: 20, y: 250, width: 160, height: 44)) {}
        disabled.isEnabled = false
        let covered = button("covered", "Covered", Rect(x: 210, y: 250, width: 160, height: 44)) {}
        let cover = View(frame: Rect(x: 200, y: 240, width: 180, height: 64))
        cover.accessibilityIdentifier = "cover"
        cover.backgroundColor = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)
        let ghost = button("ghost", "Ghost", Rect(x: 20, y: 320, width: 160, height: 44)) {}
        ghost.isHidden = true

        let beacon = View(frame: Rect(x: 210, y: 320, width: 40, height: 40))
        beacon.accessibilityIdentifier = "beacon"
        beacon.backgroundColor = .systemOrange
        beacon.addGestureRecognizer(TapGestureRecognizer(name: "pulse") { [weak scene] recognizer in
            guard let beacon = recognizer.view else { return }
            let x = beacon.center.x < 290 ? 350.0 : 230.0
            View.animate(
                withDuration: 0.5, options: .curveLinear, animations: { beacon.center = Point(x: x, y: 340) },
                completion: { finished in scene?.log("pulse finished \(finished)") })
        })

        let list = View(frame: Rect(x: 200, y: 480, width: 180, height: 132))
        list.accessibilityIdentifier = "list"
        for row in 1...3 {
            let label = Label(frame: Rect(x: 0, y: Double(row - 1) * 44, width: 180, height: 44), text: "Row \(row)")
            label.accessibilityIdentifier = "row-\(row)"
            list.addSubview(label)
        }

        list.addGestureRecognizer(HoverGestureRecognizer(name: "list-hover") { [weak scene] recognizer in
            let point = recognizer.location(in: recognizer.view)
            switch recognizer.state {
            case .began, .changed:
                scene?.log("hover \(recognizer.state.wireName) \(point.x.compactDescription), \(point.y.compactDescription)")
            default:
                scene?.log("hover \(recognizer.state.wireName)")
            }
        })

        let scroller = ScrollView(frame: Rect(x: 20, y: 470, width: 160, height: 200))
        scroller.accessibilityIdentifier = "scroller"
        scroller.backgroundColor = .systemYellow
        scroller.contentSize = Size(width: 160, height: 600)
        scrollLog.scene = scene
        scroller.delegate = scrollLog

        for view in [press, taps, shuffle, later, target] + twins + [disabled, covered, cover, ghost, beacon, list, scroller] as [View] {
            window.addSubview(view)
        }
        window.makeKeyAndVisible()
        self.window = window
    }

    private func button(_ identifier: String, _ title: String, _ frame: Rect, action: @escaping @MainActor () -> Void) -> Button {
        let button = Button(frame: frame, title: title)
        button.accessibilityIdentifier = identifier
        button.backgroundColor = .systemBlue
        button.setTitleColor(.white, for: .normal)
        button.addAction(named: Selector(identifier + "Tapped"), for: .touchUpInside) { _, _ in action() }
        return button
    }

    private func moveTarget() {
        place = (place + 1) % Self.places.count
        target.frame = Self.places[place]
    }
}

/// Logs each offset the toolkit's scroll view scrolls to: "scrolled to 0, 120".
@MainActor
private final class ScrollLog: ScrollViewDelegate {
    weak var scene: WindowScene?

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        let offset = scrollView.contentOffset
        scene?.log("scrolled to \(offset.x.compactDescription), \(offset.y.compactDescription)")
    }
}
