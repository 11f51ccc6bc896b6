public import SceneCore

/// A scripted gesture of the `mobile:` extensions, in window coordinates.
public enum WebDriverGesture: Sendable, Equatable {
    case tap(Point, count: Int)
    case longPress(Point, seconds: Double)
    case swipe(from: Point, to: Point, seconds: Double)
    case pinch(center: Point, startDistance: Double, endDistance: Double, seconds: Double)
}
