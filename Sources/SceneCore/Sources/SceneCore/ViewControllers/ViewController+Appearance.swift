// Appearance callbacks [LY-8]: a controller appears when its root view becomes visible in a shown
// window, and disappears when it stops being, each as a will/did pair in UIKit's order.

extension ViewController {
    /// Begins an appearance transition, as a container controller does around its own transition
    /// (UIKit's `beginAppearanceTransition(_:animated:)`): `viewWillAppear` or `viewWillDisappear`
    /// now, the `did` call at ``endAppearanceTransition()``. A call that changes nothing (appearing
    /// while already appearing or appeared) does nothing. While it is in flight, moving the root view
    /// in or out of a window sends nothing on its own. Main actor.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if beginTransition(isAppearing, animated: animated) { appearanceIsManaged = true }
    }

    /// Ends the transition begun by ``beginAppearanceTransition(_:animated:)``: `viewDidAppear` or
    /// `viewDidDisappear`. Does nothing when no transition is in flight.
    public func endAppearanceTransition() {
        appearanceIsManaged = false
        endTransition()
    }

    /// The automatic transitions (a view's move, a window shown or hidden), skipped while a container
    /// manages this controller's.
    func automaticAppearanceBegin(_ isAppearing: Bool) {
        guard !appearanceIsManaged else { return }
        _ = beginTransition(isAppearing, animated: false)
    }

    func automaticAppearanceEnd() {
        guard !appearanceIsManaged else { return }
        endTransition()
    }

    /// Sends the `will` call if the state changes; true when it did.
    private func beginTransition(_ isAppearing: Bool, animated: Bool) -> Bool {
        switch (isAppearing, appearanceState) {
        case (true, .disappeared), (true, .disappearing):
            appearanceState = .appearing
            appearanceAnimated = animated
            viewWillAppear(animated)
            return true
        case (false, .appeared), (false, .appearing):
            appearanceState = .disappearing
            appearanceAnimated = animated
            viewWillDisappear(animated)
            return true
        default:
            return false
        }
    }

    private func endTransition() {
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(appearanceAnimated)
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(appearanceAnimated)
        case .appeared, .disappeared:
            return
        }
    }
}

extension View {
    /// Whether the view's controller counts as visible in `window`: the window is shown.
    static func showsControllers(_ window: Window?) -> Bool {
        guard let window else { return false }
        return !window.isHidden
    }

    /// The controllers whose root views are in this subtree, each before those inside its view.
    func appendControllers(to list: inout [ViewController]) {
        if let controller = _viewController { list.append(controller) }
        for subview in _subviews { subview.appendControllers(to: &list) }
    }
}

extension Window {
    /// The window was shown or hidden: every controller in it appears or disappears, the `will`
    /// calls first (outer controllers before inner ones), then the `did` calls [LY-8].
    func controllersDidChangeVisibility(shown: Bool) {
        var controllers: [ViewController] = []
        appendControllers(to: &controllers)
        for controller in controllers { controller.automaticAppearanceBegin(shown) }
        for controller in controllers { controller.automaticAppearanceEnd() }
    }
}
