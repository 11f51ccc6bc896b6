import SceneCore

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
