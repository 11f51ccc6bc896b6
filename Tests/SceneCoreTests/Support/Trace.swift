import SceneCore

/// An ordered list of what happened, shared by the tracing views, controllers and recognizers of a test.
@MainActor
final class Trace {
    private(set) var lines: [String] = []

    func log(_ line: String) {
        lines.append(line)
    }

    func clear() {
        lines.removeAll()
    }

    /// The lines that start with `prefix`.
    func lines(startingWith prefix: String) -> [String] {
        lines.filter { $0.hasPrefix(prefix) }
    }

    /// The lines that contain `fragment`.
    func lines(containing fragment: String) -> [String] {
        lines.filter { $0.contains(fragment) }
    }
}

/// A view that logs `name.method` for hit testing and the four touch methods, then calls `super`,
/// like the views of seed 000.
@MainActor
class TracingView: View {
    let name: String
    let trace: Trace
    /// Extra points around the bounds that `point(inside:)` accepts (negative insets) [HT-9].
    var hitSlop: Double = 0
    var logsHitTesting = true
    /// When false the view handles its touches: nothing goes up the responder chain.
    var forwardsTouches = true

    init(_ name: String, frame: Rect, trace: Trace) {
        self.name = name
        self.trace = trace
        super.init(frame: frame)
    }

    override func hitTest(_ point: Point, with event: Event?) -> View? {
        if logsHitTesting { trace.log("\(name).hitTest") }
        return super.hitTest(point, with: event)
    }

    override func point(inside point: Point, with event: Event?) -> Bool {
        let inside = bounds.insetBy(dx: -hitSlop, dy: -hitSlop).contains(point)
        if logsHitTesting { trace.log("\(name).pointInside=\(inside)") }
        return inside
    }

    // The four touch overrides, here and in TracingViewController and TracingResponder, are alike on
    // purpose (`duplicates` pairs them): each overrides its own method of its own class, and logs it.
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        trace.log("\(name).touchesBegan\(ids(touches))")
        if forwardsTouches { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        trace.log("\(name).touchesMoved\(ids(touches))")
        if forwardsTouches { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        trace.log("\(name).touchesEnded\(ids(touches))")
        if forwardsTouches { super.touchesEnded(touches, with: event) }
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        trace.log("\(name).touchesCancelled\(ids(touches))")
        if forwardsTouches { super.touchesCancelled(touches, with: event) }
    }

    private func ids(_ touches: TouchSet) -> String {
        touches.count == 1 ? "" : "(" + touches.map { String($0.identifier) }.joined(separator: ",") + ")"
    }
}

/// A view controller that logs its touch methods (and forwards, like seed 000's controller).
@MainActor
final class TracingViewController: ViewController {
    let name: String
    let trace: Trace
    var rootViewFactory: (() -> View)?

    init(_ name: String = "VC", trace: Trace) {
        self.name = name
        self.trace = trace
        super.init()
    }

    override func loadView() {
        view = rootViewFactory?() ?? View(frame: .zero)
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        trace.log("\(name).touchesBegan")
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        trace.log("\(name).touchesMoved")
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        trace.log("\(name).touchesEnded")
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        trace.log("\(name).touchesCancelled")
        super.touchesCancelled(touches, with: event)
    }
}

/// A plain responder that logs what reaches the end of the chain.
@MainActor
final class TracingResponder: Responder, ApplicationDelegate {
    let name: String
    let trace: Trace

    init(_ name: String, trace: Trace) {
        self.name = name
        self.trace = trace
        super.init()
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        trace.log("\(name).touchesBegan")
        super.touchesBegan(touches, with: event)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        trace.log("\(name).touchesEnded")
        super.touchesEnded(touches, with: event)
    }
}
