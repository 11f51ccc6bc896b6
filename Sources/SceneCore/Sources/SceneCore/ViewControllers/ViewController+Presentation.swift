// Animated presentation [NV-8]: a sheet slides up from the bottom edge over a dimming view, and
// slides back down when dismissed.
extension ViewController {
    /// The gap a sheet leaves above it, below the safe area's top, in points.
    public static let sheetTopInset = 40.0
    /// How long a presentation or dismissal slides (UIKit's is about 0.3–0.5 s; our figure).
    public static let presentationDuration = 0.4
    /// The dimming's alpha under a sheet.
    public static let dimmingAlpha = 0.4

    /// Presents `controller` over this controller's window in its ``modalPresentationStyle``:
    /// sliding up from the bottom when `animated`. ``presentedViewController`` and
    /// `controller`'s ``presentingViewController`` are set at once; `completion` runs when it is in
    /// place (from the clock when animated). Does nothing when this controller's view is not in a
    /// window or `controller` is already presented.
    public func present(_ controller: ViewController, animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        guard let window = viewIfLoaded?.window, controller.presentingViewController == nil, controller !== self else { return }
        presentedViewController?.dismiss(animated: false)
        presentedViewController = controller
        controller.presentingViewController = self
        let bounds = window.bounds
        let presented = controller.view
        let final: Rect
        switch controller.modalPresentationStyle {
        case .fullScreen:
            final = bounds
            presented.cornerRadius = 0
        case .pageSheet:
            let top = window.safeAreaInsets.top + Self.sheetTopInset
            final = Rect(x: bounds.minX, y: bounds.minY + top, width: bounds.size.width, height: Swift.max(0, bounds.size.height - top))
            presented.cornerRadius = 10
            presented.clipsToBounds = true
            let dimming = View(frame: bounds)
            dimming.backgroundColor = .black
            dimming.alpha = animated ? 0 : Self.dimmingAlpha
            dimming.accessibilityIdentifier = "dimming"
            dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            controller.presentationDimmingView = dimming
            window.addSubview(dimming)
        }
        presented.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        View.performWithoutAnimation {
            presented.frame = animated ? final.offsetBy(dx: 0, dy: bounds.size.height - final.minY) : final
        }
        window.addSubview(presented)
        guard animated else {
            completion?()
            return
        }
        View.animate(
            withDuration: Self.presentationDuration, options: .curveEaseOut,
            animations: {
                presented.frame = final
                controller.presentationDimmingView?.alpha = Self.dimmingAlpha
            },
            completion: { _ in completion?() })
    }

    /// Dismisses this controller if it was presented, or the controller it presented: it slides
    /// down out of the window when `animated`, then leaves it. The presenting and presented links
    /// are cleared at once; `completion` runs when it is gone.
    public func dismiss(animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        if let presented = presentedViewController {
            presented.dismiss(animated: animated, completion: completion)
            return
        }
        guard let presenter = presentingViewController else {
            completion?()
            return
        }
        presenter.presentedViewController = nil
        presentingViewController = nil
        let dimming = presentationDimmingView
        presentationDimmingView = nil
        guard animated, let view = viewIfLoaded, let window = view.window else {
            viewIfLoaded?.removeFromSuperview()
            dimming?.removeFromSuperview()
            completion?()
            return
        }
        let below = view.frame.offsetBy(dx: 0, dy: window.bounds.maxY - view.frame.minY)
        View.animate(
            withDuration: Self.presentationDuration, options: .curveEaseIn,
            animations: {
                view.frame = below
                dimming?.alpha = 0
            },
            completion: { _ in
                view.removeFromSuperview()
                dimming?.removeFromSuperview()
                completion?()
            })
    }
}
