import SceneCore

// The reference for the hit-test differential tests: the classic recursive walk of docs/behaviour.md
// (HT-2 … HT-5), written from the rules over a plain snapshot of the tree, and the plugin-style view
// classes whose overrides it models. Each override records its calls, so a test compares not only
// the view a hit test returns but every call SceneCore made into code outside it, in order.

/// The overrides' calls, in order.
@MainActor
final class HitCallLog {
    enum Call: Equatable, CustomStringConvertible {
        case hitTest(view: Int, at: LoggedPoint)
        case pointInside(view: Int, at: LoggedPoint)

        var description: String {
            switch self {
            case .hitTest(let view, let point): "\(view).hitTest\(point)"
            case .pointInside(let view, let point): "\(view).pointInside\(point)"
            }
        }
    }

    var calls: [Call] = []
}

/// A point as an override saw it; NaN equals NaN (what matters is that both walks passed "no point").
struct LoggedPoint: Equatable, CustomStringConvertible {
    let x: Double
    let y: Double

    init(_ point: Point) {
        x = point.x
        y = point.y
    }

    static func == (a: LoggedPoint, b: LoggedPoint) -> Bool {
        (a.x == b.x || (a.x.isNaN && b.x.isNaN)) && (a.y == b.y || (a.y.isNaN && b.y.isNaN))
    }

    var description: String { "(\(x), \(y))" }
}

/// What a plugin's `hitTest(_:with:)` override does after recording the call.
enum HitRule {
    /// Calls `super` and answers what it answers.
    case callsSuper
    /// Calls `super`; answers nil where that answer would be the view itself [HT-9].
    case passThrough
    /// Calls `super`; answers the target where `super` answers any view, nil otherwise.
    case redirectWhenHit
    /// Answers the target without looking at the point (nor calling `super`).
    case redirectAlways
    /// Answers nil without calling `super`: the whole subtree is transparent.
    case transparent
}

/// A plugin-style view whose `point(inside:with:)` records the call and accepts its bounds grown by
/// `growth` (shrunk when negative) [HT-9].
@MainActor
protocol RecordsPointInside: View {
    var log: HitCallLog { get }
    var growth: Double { get }
}

extension RecordsPointInside {
    func recordedPointInside(_ point: Point) -> Bool {
        log.calls.append(.pointInside(view: tag, at: LoggedPoint(point)))
        return bounds.insetBy(dx: -growth, dy: -growth).contains(point)
    }
}

/// A plugin-style view that overrides both `hitTest(_:with:)` and `point(inside:with:)`, recording
/// each call before doing what its rules say.
final class OverridingView: View, RecordsPointInside {
    let log: HitCallLog
    var rule: HitRule = .callsSuper
    /// `point(inside:)` accepts the bounds grown by this (shrunk when negative).
    var growth: Double = 0
    weak var target: View?

    init(frame: Rect, log: HitCallLog) {
        self.log = log
        super.init(frame: frame)
    }

    override func hitTest(_ point: Point, with event: Event?) -> View? {
        log.calls.append(.hitTest(view: tag, at: LoggedPoint(point)))
        switch rule {
        case .callsSuper:
            return super.hitTest(point, with: event)
        case .passThrough:
            let hit = super.hitTest(point, with: event)
            return hit === self ? nil : hit
        case .redirectWhenHit:
            return super.hitTest(point, with: event) == nil ? nil : target
        case .redirectAlways:
            return target
        case .transparent:
            return nil
        }
    }

    override func point(inside point: Point, with event: Event?) -> Bool { recordedPointInside(point) }
}

/// A plugin-style view that overrides only `point(inside:with:)` (a grown or shrunk hit area [HT-9]).
final class GrownView: View, RecordsPointInside {
    let log: HitCallLog
    var growth: Double = 0

    init(frame: Rect, log: HitCallLog) {
        self.log = log
        super.init(frame: frame)
    }

    override func point(inside point: Point, with event: Event?) -> Bool { recordedPointInside(point) }
}

/// A plugin's button with a grown hit area: a subclass of a SceneCore control is a plugin class too.
final class GrownButton: Button, RecordsPointInside {
    let log: HitCallLog
    var growth: Double = 0

    init(frame: Rect, log: HitCallLog) {
        self.log = log
        super.init(frame: frame)
    }

    override func point(inside point: Point, with event: Event?) -> Bool { recordedPointInside(point) }
}

/// One view of the snapshot the reference walks: what the rules read, taken from public properties.
@MainActor
final class HitReferenceNode {
    unowned let view: View
    let id: Int
    /// HT-2 step 1: not hidden, interaction on, alpha above `HIT_MIN_ALPHA` (0.01).
    let passesStepOne: Bool
    let bounds: Rect
    let frameOrigin: Point
    /// The inverse transform; nil for the identity.
    let transform: AffineTransform?
    let center: Point
    /// The growth of an overridden `point(inside:)`; nil when the class keeps the default.
    let pointOverride: Double?
    /// The rule of an overridden `hitTest`; nil when the class keeps the default.
    let hitOverride: HitRule?
    weak var target: View?
    let children: [HitReferenceNode]

    init(_ view: View) {
        self.view = view
        id = view.tag
        passesStepOne = !view.isHidden && view.isUserInteractionEnabled && view.alpha > 0.01
        bounds = view.bounds
        frameOrigin = view.frame.origin
        transform = view.transform.isIdentity ? nil : view.transform
        center = view.center
        switch view {
        case let overriding as OverridingView:
            pointOverride = overriding.growth
            hitOverride = overriding.rule
            target = overriding.target
        case let grown as GrownView:
            pointOverride = grown.growth
            hitOverride = nil
        case let button as GrownButton:
            pointOverride = button.growth
            hitOverride = nil
        default:
            pointOverride = nil
            hitOverride = nil
        }
        children = view.subviews.map(HitReferenceNode.init)
    }

    /// What `view.hitTest(p, with: nil)` must do: the override's rule, else the default [HT-2].
    func hitTest(_ p: Point, log: inout [HitCallLog.Call]) -> View? {
        guard let rule = hitOverride else { return defaultHitTest(p, log: &log) }
        log.append(.hitTest(view: id, at: LoggedPoint(p)))
        switch rule {
        case .callsSuper:
            return defaultHitTest(p, log: &log)
        case .passThrough:
            let hit = defaultHitTest(p, log: &log)
            return hit === view ? nil : hit
        case .redirectWhenHit:
            return defaultHitTest(p, log: &log) == nil ? nil : target
        case .redirectAlways:
            return target
        case .transparent:
            return nil
        }
    }

    /// HT-2: (1) hidden, interaction off or alpha ≤ 0.01 answer nil without asking `point(inside:)`;
    /// (2) nil when the point is outside; (3) the subviews, frontmost first, each with the point
    /// converted into it, the first non-nil answer wins; (4) otherwise the view itself.
    private func defaultHitTest(_ p: Point, log: inout [HitCallLog.Call]) -> View? {
        guard passesStepOne else { return nil }
        guard pointInside(p, log: &log) else { return nil }
        for child in children.reversed() {
            if let hit = child.hitTest(child.fromSuperview(p), log: &log) { return hit }
        }
        return view
    }

    /// HT-4: inside the bounds, half-open (or the override's grown bounds, HT-9).
    private func pointInside(_ p: Point, log: inout [HitCallLog.Call]) -> Bool {
        var area = bounds
        if let growth = pointOverride {
            log.append(.pointInside(view: id, at: LoggedPoint(p)))
            area = bounds.insetBy(dx: -growth, dy: -growth)
        }
        return p.x >= area.minX && p.x < area.maxX && p.y >= area.minY && p.y < area.maxY
    }

    /// HT-5: `p − (frame.origin − bounds.origin)` without a transform; `T⁻¹·(p − center) +
    /// bounds.origin + bounds.size / 2` with one; (NaN, NaN) when T cannot be inverted.
    private func fromSuperview(_ p: Point) -> Point {
        guard let transform else {
            return Point(x: p.x - (frameOrigin.x - bounds.origin.x), y: p.y - (frameOrigin.y - bounds.origin.y))
        }
        guard let inverse = transform.inverted() else { return Point(x: .nan, y: .nan) }
        let local = Point(x: p.x - center.x, y: p.y - center.y).applying(inverse)
        return Point(x: local.x + bounds.origin.x + bounds.size.width / 2, y: local.y + bounds.origin.y + bounds.size.height / 2)
    }
}
