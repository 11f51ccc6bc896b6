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
/// `scrollViewDidEndScrollingAnimation`. Every method has an empty default.
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
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}
