/// A pan that starts at the leading edge of the window and moves away from it: UIKit's
/// `UIScreenEdgePanGestureRecognizer`, the interactive pop's recognizer [NV-4 … NV-7].
///
/// It fails at once when the first finger lands more than ``edgeWidth`` from the window's leading
/// edge, on an enabled control, or in a scroll view that can still scroll towards its leading end
/// [NV-6, NV-7]; and when the finger's first movement past the hysteresis is not mostly away from
/// the edge [NV-5]. Otherwise it is a pan. Scroll views' own pans inside its view wait for it to
/// fail (``shouldBeRequiredToFail(by:)``), so a drag that starts at the edge is its to take.
@MainActor
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    isolated deinit {}

    /// How far from the window's leading edge a finger may land, in points (default 20).
    public var edgeWidth = 20.0

    /// Where the first finger landed, in window coordinates, while the gesture is undecided.
    private var start: Point?

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if state == .possible, start == nil, let touch = touches.first {
            let location = touch.location(in: nil)
            start = location
            if location.x > edgeWidth || landsOnSomethingThatWins(touch) {
                state = .failed
                return
            }
        }
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        if state == .possible, let start, let touch = touches.first {
            let location = touch.location(in: nil)
            let dx = location.x - start.x, dy = location.y - start.y
            if (dx * dx + dy * dy) >= hysteresis * hysteresis && (dx <= 0 || abs(dy) > dx) {
                state = .failed
                return
            }
        }
        super.touchesMoved(touches, with: event)
    }

    open override func reset() {
        start = nil
        super.reset()
    }

    /// A scroll view's pan inside this recognizer's view waits for it to fail [NV-5].
    open override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        guard let scrollView = other.view as? ScrollView, scrollView.panGestureRecognizer === other, let view else { return false }
        return scrollView.isDescendant(of: view)
    }

    /// An enabled control under the finger, or a scroll view under it that can scroll towards its
    /// leading end, takes the touch instead [NV-6, NV-7].
    private func landsOnSomethingThatWins(_ touch: Touch) -> Bool {
        var node = touch.view
        while let current = node, current !== view {
            if let control = current as? Control, control.isEnabled { return true }
            if let scrollView = current as? ScrollView, scrollView.canScrollTowardsLeadingEdge { return true }
            node = current.superview
        }
        return false
    }
}

extension ScrollView {
    /// True when the content can move right: the offset is past its leading end (a horizontal
    /// scroll view that is not at its start).
    fileprivate var canScrollTowardsLeadingEdge: Bool {
        contentOffset.x > -adjustedContentInset.left + 0.5
    }
}
