extension Window {
    /// How many times one layout pass walks a window again when layout marked more views during it
    /// (a `layoutSubviews` that resizes its superview, say) before leaving the rest to the next pass.
    static let maximumLayoutWalks = 8

    /// The window's layout pass [LY-5]: lays out whatever is pending, from the window down into
    /// marked subtrees only (``View/layoutIfNeeded()``), and walks again while layout marked more, at
    /// most ``maximumLayoutWalks`` times. Does nothing, in one flag test, when nothing is pending.
    public func layoutPending() {
        var walks = 0
        while _flags.contains(.subtreeNeedsLayout) {
            guard walks < Self.maximumLayoutWalks else {
                _windowScene?._application?.diagnose(
                    .plugins, "window '\(title)': layout still pending after \(walks) walks in one pass; the rest waits for the next pass")
                return
            }
            layoutPendingSubtree()
            walks += 1
        }
    }

    /// The root view controller's view while it is the window's subview: it fills the window, and
    /// follows the window's size whatever its own mask [LY-10], as in UIKit.
    var installedRootView: View? {
        guard let root = rootViewController?.viewIfLoaded, root._superview === self else { return nil }
        return root
    }
}
