/// What a ``ScrollView`` tells about its scrolling: UIKit's `UIScrollViewDelegate` [SV-10].
///
/// For a drag released with a flick the calls come in this order, all on the main actor:
///
///     scrollViewWillBeginDragging
///     scrollViewDidScroll                      once per change of the offset while dragging
///     scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)   the target may be changed
///     scrollViewDidEndDragging(_:willDecelerate: true)
///     scrollViewWillBeginDecelerating
///     scrollViewDidScroll                      once per frame while decelerating
///     scrollViewDidEndDecelerating
///
/// Released at rest, `willDecelerate` is false and neither decelerating call comes. An animated
/// `setContentOffset` calls `scrollViewDidScroll` per frame and ends with
/// `scrollViewDidEndScrollingAnimation`.
///
/// Zooming [SV-25] asks ``viewForZooming(in:)`` for the view to scale; a pinch then calls
///
///     scrollViewWillBeginZooming(_:with:)
///     scrollViewDidScroll, scrollViewDidZoom   per change of the pinch (didScroll when the offset moved)
///     scrollViewDidZoom …                      per frame while the scale bounces back within its limits
///     scrollViewDidEndZooming(_:with:atScale:) once it rests
///
/// An animated `setZoomScale` or `zoom(to:)` calls the same three; an immediate one only
/// `scrollViewDidZoom`. Every method has a default: nothing, or no view for zooming.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
    /// The offset changed (by a drag, a deceleration, an animation, or code).
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// A drag is about to move the content.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The finger lifted. `velocity` is in points per millisecond, as UIKit gives it; `targetContentOffset`
    /// is where the content will come to rest, and the deceleration ends exactly where this method
    /// leaves it [SV-10].
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point)
    /// The drag ended; `decelerate` says whether the content goes on moving.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// The content starts moving by itself after a drag.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// The content came to rest after a drag.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animated `setContentOffset` or `scrollRectToVisible` finished.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    /// The subview of `scrollView` that zooming scales; nil (the default) turns zooming off. Asked
    /// whenever the scroll view zooms or reads its ``ScrollView/zoomScale``: keep the answer stable.
    func viewForZooming(in scrollView: ScrollView) -> View?
    /// A pinch, or an animated zoom from code, is about to scale `view`.
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?)
    /// The zoom scale changed (by a pinch, a bounce, an animation, or code).
    func scrollViewDidZoom(_ scrollView: ScrollView)
    /// A pinch ended and its bounce (if any) came to rest, or an animated zoom finished; `scale` is
    /// the zoom scale now.
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    public func viewForZooming(in scrollView: ScrollView) -> View? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {}
    public func scrollViewDidZoom(_ scrollView: ScrollView) {}
    public func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {}
}
