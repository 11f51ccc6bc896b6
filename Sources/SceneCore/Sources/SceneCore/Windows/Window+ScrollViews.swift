/// The window's list of scroll views in motion or with fading indicators, for
/// ``Application/pendingWork()`` [SV-5, SV-9, SV-24].
extension Window {
    /// `scrollView` started a deceleration, an animation or a fade of its indicators.
    func scrollViewDidStartMoving(_ scrollView: ScrollView) {
        if !movingScrollViews.contains(where: { $0 === scrollView }) { movingScrollViews.append(scrollView) }
    }

    /// `scrollView` came to rest or was stopped (its indicators may still fade: it registers again);
    /// also drops scroll views that left this window or settled meanwhile.
    func scrollViewDidStopMoving(_ scrollView: ScrollView) {
        movingScrollViews.removeAll { $0 === scrollView || $0.settleTime == nil || $0.window !== self }
    }
}
