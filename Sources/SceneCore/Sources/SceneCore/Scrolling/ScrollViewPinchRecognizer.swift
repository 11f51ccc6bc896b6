/// The pinch of a zooming scroll view [SV-25]: UIKit's scroll view pinch, a
/// ``PinchGestureRecognizer`` that recognizes together with its scroll view's own pan (neither
/// prevents the other), so two fingers that first dragged can go on to zoom.
@MainActor
final class ScrollViewPinchRecognizer: PinchGestureRecognizer {
    isolated deinit {}

    /// The scroll view whose pan this pinch leaves alone; not kept alive (it keeps the pinch).
    weak var scrollView: ScrollView?

    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        other !== scrollView?.panGestureRecognizer && super.canPrevent(other)
    }

    override func canBePrevented(by other: GestureRecognizer) -> Bool {
        other !== scrollView?.panGestureRecognizer && super.canBePrevented(by: other)
    }
}
