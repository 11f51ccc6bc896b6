extension Application {
    /// The layout pass of every window [LY-5] (``Window/layoutPending()``). SceneCore runs it before
    /// delivering new fingers and before a window's damage is measured for drawing; a host runs it
    /// before reading frames for someone else (tree dumps, selectors). Main actor.
    public func layoutIfNeeded() {
        for window in windowsFrontToBack where window._flags.contains(.subtreeNeedsLayout) {
            window.layoutPending()
        }
    }
}
