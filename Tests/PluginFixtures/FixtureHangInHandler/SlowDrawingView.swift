import Glibc
import SceneCore

/// A view that takes `seconds` to draw itself while a finger is on it: what a plugin whose drawing is
/// slow looks like. The scene process must answer the touch before it draws (the board hears of the
/// touch while the picture is drawn, not after).
final class SlowDrawingView: View {
    private let seconds: UInt32
    private var pressed = false {
        didSet { setNeedsDisplay() }
    }

    init(frame: Rect, seconds: UInt32) {
        self.seconds = seconds
        super.init(frame: frame)
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        pressed = true
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        pressed = false
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        pressed = false
    }

    override func draw(_ rect: Rect, in context: any GraphicsContext) {
        guard pressed else { return }
        // A real sleep: the drawing of a heavy picture, which the optimizer cannot remove.
        sleep(seconds)
        context.fill(bounds, with: Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))
    }
}
