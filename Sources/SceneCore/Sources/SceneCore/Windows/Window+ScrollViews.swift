/// The window's list of scroll views in motion, for ``Application/pendingWork()`` [SV-5, SV-9].
extension Window {
    /// `scrollView` started a deceleration or an animation.
    func scrollViewDidStartMoving(_ scrollView: ScrollView) {
        if !movingScrollViews.contains(where: { $0 === scrollView }) { movingScrollViews.append(scrollView) }
    }

    /// `scrollView` came to rest or was stopped; also drops scroll views that left this window or
    /// stopped meanwhile.
    func scrollViewDidStopMoving(_ scrollView: ScrollView) {
        movingScrollViews.removeAll { $0 === scrollView || $0.motionEndTime == nil || $0.window !== self }
    }
}
