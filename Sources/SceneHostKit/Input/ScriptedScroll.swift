public import SceneCore

/// Scripted scrolling: one wheel step, or one trackpad gesture, at a window point [SV-17 … SV-20].
/// The path for `Window1.Scroll` and the WebDriver wheel source.
@MainActor
public enum ScriptedScroll {
    /// The largest delta, in points along each axis, a script may scroll by at once.
    public nonisolated static let maximumDelta = 1_000_000.0

    /// The delta (dx, dy) when both are finite and within ±``maximumDelta``; else the message naming
    /// the bad value and the range, for the caller's error.
    public nonisolated static func checkDelta(_ dx: Double, _ dy: Double, what: String) -> Result<Point, ScrollDeltaError> {
        for (value, axis) in [(dx, "dx"), (dy, "dy")] where !(value.isFinite && abs(value) <= maximumDelta) {
            return .failure(ScrollDeltaError(message: "\(what) \(axis) \(value) must be a finite number of points within ±\(Int(maximumDelta))"))
        }
        return .success(Point(x: dx, y: dy))
    }

    /// Scrolls by `delta` at `point` (window coordinates) in `window`'s scene: a wheel step for
    /// `.discrete`; for `.continuous` a trackpad gesture that begins, moves by `delta` and lifts at
    /// rest, all at the clock's present (so the content moves by exactly `delta` and does not coast).
    /// Returns the view whose pan recognizer took it, nil when nothing under the point scrolls that
    /// way.
    @discardableResult
    public static func scroll(_ type: ScrollType, by delta: Point, at point: Point, in window: Window, application: Application) -> View? {
        let screen = window.convertToScreen(point)
        let scene = window.windowScene
        guard type == .continuous else {
            return application.scroll(.discrete(delta: delta), at: screen, in: scene)?.view
        }
        application.scroll(.continuous(.began, delta: .zero), at: screen, in: scene)
        let target = application.scroll(.continuous(.changed, delta: delta), at: screen, in: scene)
        application.scroll(.continuous(.ended, delta: .zero), at: screen, in: scene)
        return target?.view
    }
}

/// A scripted scroll's delta out of range; `message` names the value and the range.
public struct ScrollDeltaError: Error, Sendable, Equatable {
    public let message: String
}
