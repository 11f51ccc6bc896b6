import SceneCore

/// A seed 000 view: filled with its seed colour, it logs `<colorName>, <ClassName>.<method>` for hit
/// testing and the four touch methods, then calls `super` (so touches bubble to the superview and
/// the view controller).
// The four logging touch overrides stand again in FindViewViewController, deliberately (`duplicates`
// pairs them): the seed's point is that each responder, view and view controller, logs its own calls.
class ColorView: View {
    /// The colour the seed's `initWithFrame:` gives the view.
    class var seedColor: Color { .white }

    override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = Self.seedColor
    }

    /// The seed's `bgColorString` (its `UIView+Color` category): named after the background colour.
    var colorName: String {
        switch backgroundColor {
        case Color.red?: "redColorView"
        case Color.blue?: "blueColorView"
        case Color.yellow?: "yellowColorView"
        case Color.lightGray?: "lightGrayColorView"
        default: "otherColorView"
        }
    }

    override func hitTest(_ point: Point, with event: Event?) -> View? {
        log("hitTest(_:with:)")
        return super.hitTest(point, with: event)
    }

    override func point(inside point: Point, with event: Event?) -> Bool {
        log("point(inside:with:)")
        return super.point(inside: point, with: event)
    }

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
        window?.windowScene?.log("\(colorName), \(String(describing: type(of: self))).\(method)")
    }
}

final class GrayView: ColorView {
    override class var seedColor: Color { .lightGray }
}

final class RedView: ColorView {
    override class var seedColor: Color { .red }
}

final class BlueView: ColorView {
    override class var seedColor: Color { .blue }
}

final class YellowView: ColorView {
    override class var seedColor: Color { .yellow }
}
