/// A shape made of straight lines and cubic Bézier curves, in the coordinates of whoever draws it:
/// the part of UIKit's `UIBezierPath` / `CGPath` that drawing needs.
///
/// Arcs, ellipses and rounded corners are stored as cubic curves (four per full turn), so every
/// renderer draws exactly the same outline.
public struct Path: Hashable, Sendable {
    /// One step of the outline.
    @frozen
    public enum Element: Hashable, Sendable {
        case move(to: Point)
        case line(to: Point)
        case curve(to: Point, control1: Point, control2: Point)
        case closeSubpath
    }

    public private(set) var elements: [Element] = []
    private var current: Point?
    private var subpathStart: Point?

    /// An empty path.
    public init() {}

    /// A closed rectangle, clockwise from its top-left corner.
    public init(_ rect: Rect) {
        addRect(rect)
    }

    /// A rectangle with quarter-circle corners of `cornerRadius` (clamped to half the shorter side).
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        addRoundedRect(rect, cornerRadius: cornerRadius)
    }

    /// The ellipse inscribed in `rect`.
    public init(ellipseIn rect: Rect) {
        addEllipse(in: rect)
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) {
        elements.append(.move(to: point))
        current = point
        subpathStart = point
    }

    /// A straight line from the current point (a move when there is none).
    public mutating func addLine(to point: Point) {
        guard current != nil else { return move(to: point) }
        elements.append(.line(to: point))
        current = point
    }

    /// A cubic Bézier curve from the current point.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        if current == nil { move(to: control1) }
        elements.append(.curve(to: point, control1: control1, control2: control2))
        current = point
    }

    /// A quadratic Bézier curve from the current point (stored as the equivalent cubic).
    public mutating func addQuadCurve(to point: Point, control: Point) {
        let start = current ?? control
        let c1 = Point(x: start.x + 2.0 / 3 * (control.x - start.x), y: start.y + 2.0 / 3 * (control.y - start.y))
        let c2 = Point(x: point.x + 2.0 / 3 * (control.x - point.x), y: point.y + 2.0 / 3 * (control.y - point.y))
        addCurve(to: point, control1: c1, control2: c2)
    }

    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() {
        guard current != nil else { return }
        elements.append(.closeSubpath)
        current = subpathStart
    }

    /// Adds a closed rectangle as a subpath.
    public mutating func addRect(_ rect: Rect) {
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// Adds a closed rounded rectangle as a subpath (a plain rectangle when the radius is ≤ 0).
    public mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        let radius = Swift.min(Swift.max(0, cornerRadius), rect.width / 2, rect.height / 2)
        guard radius > 0 else { return addRect(rect) }
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        move(to: Point(x: x0 + radius, y: y0))
        addLine(to: Point(x: x1 - radius, y: y0))
        addArc(center: Point(x: x1 - radius, y: y0 + radius), radius: radius, startAngle: -Double.pi / 2, endAngle: 0)
        addLine(to: Point(x: x1, y: y1 - radius))
        addArc(center: Point(x: x1 - radius, y: y1 - radius), radius: radius, startAngle: 0, endAngle: Double.pi / 2)
        addLine(to: Point(x: x0 + radius, y: y1))
        addArc(center: Point(x: x0 + radius, y: y1 - radius), radius: radius, startAngle: Double.pi / 2, endAngle: Double.pi)
        addLine(to: Point(x: x0, y: y0 + radius))
        addArc(center: Point(x: x0 + radius, y: y0 + radius), radius: radius, startAngle: Double.pi, endAngle: 1.5 * Double.pi)
        closeSubpath()
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath.
    public mutating func addEllipse(in rect: Rect) {
        let rx = rect.width / 2, ry = rect.height / 2
        let cx = rect.midX, cy = rect.midY
        let kx = rx * Path.kappa, ky = ry * Path.kappa
        move(to: Point(x: cx + rx, y: cy))
        addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry))
        addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky))
        addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry))
        addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky))
        closeSubpath()
    }

    /// Adds a circular arc around `center`, from `startAngle` to `endAngle` (radians; 0 points along
    /// +x and angles grow towards +y, i.e. clockwise on screen). With `clockwise` false the arc runs
    /// the other way. A line joins the current point to the arc's start.
    public mutating func addArc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true
    ) {
        var sweep = endAngle - startAngle
        let turn = 2 * Double.pi
        if clockwise {
            while sweep < 0 { sweep += turn }
        } else {
            while sweep > 0 { sweep -= turn }
        }
        let start = Path.point(on: center, radius: radius, angle: startAngle)
        if current == nil { move(to: start) } else { addLine(to: start) }
        let segments = Swift.max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(segments)
        // Control-point distance for a circular arc of `step` radians: 4/3·tan(step/4).
        let (s, c) = sinCos(step / 4)
        let handle = 4.0 / 3.0 * s / c * radius
        var angle = startAngle
        for _ in 0..<segments {
            let next = angle + step
            let (s0, c0) = sinCos(angle)
            let (s1, c1) = sinCos(next)
            let p0 = Point(x: center.x + radius * c0, y: center.y + radius * s0)
            let p1 = Point(x: center.x + radius * c1, y: center.y + radius * s1)
            addCurve(
                to: p1, control1: Point(x: p0.x - handle * s0, y: p0.y + handle * c0),
                control2: Point(x: p1.x + handle * s1, y: p1.y - handle * c1))
            angle = next
        }
    }

    /// The smallest rectangle containing every point and control point (``Rect/null`` when empty).
    public var boundingBox: Rect {
        var box = Rect.null
        func include(_ point: Point) { box = box.union(Rect(origin: point, size: .zero)) }
        for element in elements {
            switch element {
            case .move(let point), .line(let point): include(point)
            case .curve(let point, let c1, let c2):
                include(point)
                include(c1)
                include(c2)
            case .closeSubpath: break
            }
        }
        return box
    }

    /// The path with `transform` applied to every point.
    public func applying(_ transform: AffineTransform) -> Path {
        var copy = Path()
        copy.elements = elements.map { element in
            switch element {
            case .move(let point): .move(to: point.applying(transform))
            case .line(let point): .line(to: point.applying(transform))
            case .curve(let point, let c1, let c2):
                .curve(to: point.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .closeSubpath: .closeSubpath
            }
        }
        copy.current = current?.applying(transform)
        copy.subpathStart = subpathStart?.applying(transform)
        return copy
    }

    /// 4/3·(√2 − 1): the control-point distance, per unit radius, of a quarter circle.
    static let kappa = 0.5522847498307936

    private static func point(on center: Point, radius: Double, angle: Double) -> Point {
        let (s, c) = sinCos(angle)
        return Point(x: center.x + radius * c, y: center.y + radius * s)
    }
}
