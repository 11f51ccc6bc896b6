import SceneCore
import Testing

/// Pointer motion with no button down, as hover recognizers see it [SV-21].
///
/// A 100 × 100 card at (50, 50) of the 400 × 800 window holds a 40 × 40 badge at (10, 10) (window
/// (60, 60)…(100, 100)); each has a hover recognizer that logs its transitions with the pointer in
/// its own view.
@MainActor
@Suite("Hover gesture recognizer")
struct HoverGestureRecognizerTests {
    let harness = Harness()
    let card = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
    let badge = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
    let log = HoverLog()
    let cardHover: HoverGestureRecognizer
    let badgeHover: HoverGestureRecognizer

    init() {
        harness.root.addSubview(card)
        card.addSubview(badge)
        cardHover = log.recognizer("card")
        badgeHover = log.recognizer("badge")
        card.addGestureRecognizer(cardHover)
        badge.addGestureRecognizer(badgeHover)
    }

    private func point(_ x: Double, _ y: Double) {
        harness.application.pointerMoved(to: Point(x: x, y: y))
    }

    @Test("SV-21: a hover recognizer begins when the pointer enters its view, changes as it moves and ends when it leaves")
    func entersMovesLeaves() {
        point(120, 130)
        point(125, 135)
        point(300, 300)
        #expect(log.lines == ["card began (70, 80)", "card changed (75, 85)", "card ended"])
        #expect(cardHover.state == .possible, "it resets after ending")
    }

    @Test("SV-21: the view's and its ancestors' hover recognizers hover together; leaving the inner view ends only its own")
    func nestedHovers() {
        point(70, 70)
        #expect(log.lines == ["badge began (10, 10)", "card began (20, 20)"])
        log.lines.removeAll()
        point(120, 120)
        #expect(log.lines == ["badge ended", "card changed (70, 70)"])
    }

    @Test("SV-21: the pointer leaving the windows ends every hover, and a recognizer disabled while hovering is cancelled")
    func exitAndDisable() {
        point(70, 70)
        log.lines.removeAll()
        badgeHover.isEnabled = false
        point(72, 72)
        #expect(log.lines == ["badge cancelled", "card changed (22, 22)"])
        log.lines.removeAll()
        harness.application.pointerExited()
        #expect(log.lines == ["card ended"])
        point(Double.nan, 0)
        #expect(log.lines == ["card ended"], "a point that is not finite hovers nothing")
    }

    @Test("SV-21: hover does not touch: no touch recognizer or touch method hears the pointer")
    func hoverIsNotATouch() {
        var tapped = false
        card.addGestureRecognizer(TapGestureRecognizer { _ in tapped = true })
        point(120, 130)
        #expect(harness.application.activeTouches.isEmpty)
        #expect(!tapped)
        #expect(cardHover.state == .began)
    }
}

/// Hover transitions as lines: `card began (70, 80)` with the pointer in the recognizer's view.
@MainActor
final class HoverLog {
    var lines: [String] = []

    func recognizer(_ name: String) -> HoverGestureRecognizer {
        HoverGestureRecognizer(name: name) { [unowned self] hover in
            if hover.state == .began || hover.state == .changed {
                let p = hover.location(in: hover.view)
                lines.append("\(name) \(hover.state.wireName) (\(Int(p.x)), \(Int(p.y)))")
            } else {
                lines.append("\(name) \(hover.state.wireName)")
            }
        }
    }
}
