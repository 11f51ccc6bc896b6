// The naive reference of BENCHMARKS.md: a straightforward clone of the UIKit model, written the
// way a first implementation would be. It is the baseline of every benchmark ratio, so it is kept
// deliberately plain:
//
// - `open class View: Responder` with `open` hitTest / point(inside:) / touches methods and `open`
//   `next` (this is a separate module, so these are real vtable calls);
// - stored `public var` properties on classes, so every read pays Swift's dynamic exclusivity check
//   (the module is built with default settings, never with -enforce-exclusivity=unchecked);
// - `weak var superview`, so every container gets a weak-reference side table;
// - recursive hitTest over `subviews.reversed()`, converting with `p − (frame.origin − bounds.origin)`
//   (bit-identical to SceneCore's conversion for the identity transform);
// - a fresh `Set<Touch>` per delivery, forwarded along `next` to an `Application` terminal.
//
// Nothing here is used outside the benchmarks.
//
// Its small value types (Point, Size, Rect) are spelled out one by one like SceneCore's, deliberately
// plain: `duplicates` pairs their member-wise initializers.

/// A point; the same arithmetic as SceneCore's `Point`.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)
}

/// A size.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle with half-open containment, standardized exactly like SceneCore's `Rect` (CGRect rules).
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }

    /// Half-open: min edges inside, max edges outside.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
}

/// One touch sequence's event object (reused for the whole sequence, as UIKit does).
public final class Event {
    public var timestamp: Double

    public init(timestamp: Double) {
        self.timestamp = timestamp
    }
}

/// A finger; equal and hashed by identity.
public final class Touch: Hashable {
    public enum Phase: Sendable {
        case began, moved, stationary, ended, cancelled
    }

    public var phase: Phase = .began
    public var timestamp: Double
    public var locationInWindow: Point
    public var previousLocationInWindow: Point
    public var view: View?
    public var window: Window?

    public init(location: Point, timestamp: Double, view: View?, window: Window?) {
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self.timestamp = timestamp
        self.view = view
        self.window = window
    }

    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The location in `view`'s coordinates, through window space.
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }
}

/// Anything that takes part in the responder chain. Every touch method forwards to `next` by default.
open class Responder {
    public init() {}

    open var next: Responder? { nil }

    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesBegan(touches, with: event)
    }

    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesMoved(touches, with: event)
    }

    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesEnded(touches, with: event)
    }

    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesCancelled(touches, with: event)
    }
}

/// The classic `UIView`.
open class View: Responder {
    public var frame: Rect
    public var boundsOrigin: Point = .zero
    public var isHidden = false
    public var alpha: Double = 1
    public var isUserInteractionEnabled = true
    public var subviews: [View] = []
    public weak var superview: View?
    public var tag = 0

    public init(frame: Rect) {
        self.frame = frame
        super.init()
    }

    /// `(boundsOrigin, frame.size)`.
    public var bounds: Rect { Rect(origin: boundsOrigin, size: frame.size) }

    open override var next: Responder? { superview }

    /// The window this view is in (walking up the superviews).
    public var window: Window? {
        var node: View? = self
        while let current = node {
            if let window = current as? Window { return window }
            node = current.superview
        }
        return nil
    }

    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        if let index = parent.subviews.firstIndex(where: { $0 === self }) {
            parent.subviews.remove(at: index)
        }
        superview = nil
    }

    /// The classic recursive algorithm [HT-2].
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        if isHidden || !isUserInteractionEnabled || alpha <= 0.01 { return nil }
        if !self.point(inside: point, with: event) { return nil }
        for subview in subviews.reversed() {
            let converted = Point(
                x: point.x - (subview.frame.origin.x - subview.boundsOrigin.x),
                y: point.y - (subview.frame.origin.y - subview.boundsOrigin.y))
            if let hit = subview.hitTest(converted, with: event) { return hit }
        }
        return self
    }

    open func point(inside point: Point, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    /// Converts `point` from `view`'s coordinates (window coordinates for nil) into this view's, via
    /// window space (O(depth) per call; hit testing uses the direct parent→child step instead).
    public func convert(_ point: Point, from view: View?) -> Point {
        var inWindow = point
        var node: View? = view
        while let current = node, !(current is Window) {
            inWindow = Point(
                x: inWindow.x + (current.frame.origin.x - current.boundsOrigin.x),
                y: inWindow.y + (current.frame.origin.y - current.boundsOrigin.y))
            node = current.superview
        }
        var chain: [View] = []
        node = self
        while let current = node, !(current is Window) {
            chain.append(current)
            node = current.superview
        }
        var result = inWindow
        for current in chain.reversed() {
            result = Point(
                x: result.x - (current.frame.origin.x - current.boundsOrigin.x),
                y: result.y - (current.frame.origin.y - current.boundsOrigin.y))
        }
        return result
    }
}

/// The root of a tree; its next responder is the application.
open class Window: View {
    public weak var application: Application?

    open override var next: Responder? { application }
}

/// The terminal responder: counts what reaches it.
open class Application: Responder {
    public private(set) var began = 0
    public private(set) var moved = 0
    public private(set) var ended = 0
    public private(set) var cancelled = 0

    public override init() {}

    open override var next: Responder? { nil }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += touches.count }
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { moved += touches.count }
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { ended += touches.count }
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { cancelled += touches.count }

    public func resetCounts() {
        began = 0
        moved = 0
        ended = 0
        cancelled = 0
    }
}

/// Delivers one window's touches: hit test at touch-down, then each phase to the touch's view with a
/// fresh `Set<Touch>`, which forwards up the chain.
public final class TouchDispatcher {
    public let window: Window
    public let event = Event(timestamp: 0)

    public init(window: Window) {
        self.window = window
    }

    /// A finger goes down at `location` (window coordinates); nil when nothing is hit.
    public func touchDown(at location: Point, timestamp: Double) -> Touch? {
        guard let view = window.hitTest(location, with: event) else { return nil }
        let touch = Touch(location: location, timestamp: timestamp, view: view, window: window)
        event.timestamp = timestamp
        view.touchesBegan([touch], with: event)
        return touch
    }

    public func touchMoved(_ touch: Touch, to location: Point, timestamp: Double) {
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = location
        touch.timestamp = timestamp
        touch.phase = .moved
        event.timestamp = timestamp
        touch.view?.touchesMoved([touch], with: event)
    }

    public func touchUp(_ touch: Touch, at location: Point, timestamp: Double) {
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = location
        touch.timestamp = timestamp
        touch.phase = .ended
        event.timestamp = timestamp
        touch.view?.touchesEnded([touch], with: event)
    }
}
