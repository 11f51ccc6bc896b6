/// A stack of view controllers, the top one shown below a ``NavigationBar``: UIKit's
/// `UINavigationController` [NV-1 … NV-8].
///
///     push(c)   c slides in from the trailing edge over the old top, which moves a third of the
///               width left (NV-2); the stack holds c at once
///     pop       the top slides out to the trailing edge and the one below comes back (NV-2)
///     swipe     from the leading edge: a PropertyAnimator runs the pop under the finger and then
///               completes or cancels by position and velocity (NV-3 … NV-7)
///
/// Each transition sends the appearance calls in UIKit's order (LY-8): the `will` calls when it
/// starts, the `did` calls when its animation ends (at once without animation); an interactive pop
/// that is cancelled sends the reverse pair to each. A push or pop asked for while a transition
/// runs first ends that transition where it was going. Main actor.
@MainActor
open class NavigationController: ViewController {
    /// The duration of a push or pop (UIKit's is about 0.35 s; our figure, NV-2).
    public static let transitionDuration = 0.35
    /// How far the controller below moves left while the top one covers it, as a share of the width.
    public static let parallax = 0.3

    /// The stack, root first. It changes when a push or pop is asked for, before its animation;
    /// an interactive pop changes it when it completes.
    public private(set) var viewControllers: [ViewController] = []
    public let navigationBar = NavigationBar(frame: Rect(x: 0, y: 0, width: 390, height: NavigationBar.height))
    /// The swipe from the leading edge that pops interactively [NV-3].
    public let interactivePopGestureRecognizer = ScreenEdgePanGestureRecognizer()

    private var transition: Transition?

    /// The identity of one animated transition: its completion ends it only while it is the
    /// current one (an interrupted transition's completion comes later, with `false`).
    private final class TransitionToken {}

    private enum Transition {
        /// An animated push or pop, told apart by its `token`; `finish` ends it where it was going.
        case animated(token: TransitionToken, finish: () -> Void)
        /// The swipe's animator, popping `top` to show `below`.
        case interactive(PropertyAnimator, top: ViewController, below: ViewController)
    }

    /// A stack with `rootViewController` at its root.
    public init(rootViewController: ViewController) {
        super.init()
        viewControllers = [rootViewController]
        addChild(rootViewController)
    }

    isolated deinit {}

    /// The top of the stack.
    public var topViewController: ViewController? { viewControllers.last }

    /// What is shown: the top controller's presented controller, if any, else the top.
    public var visibleViewController: ViewController? {
        topViewController?.presentedViewController ?? topViewController
    }

    /// True while a push or pop animates or the swipe is in progress.
    public var isTransitioning: Bool { transition != nil }

    open override func loadView() {
        let container = View(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        container.backgroundColor = .systemBackground
        container.clipsToBounds = true
        navigationBar.autoresizingMask = [.flexibleWidth]
        container.addSubview(navigationBar)
        interactivePopGestureRecognizer.name = "interactive-pop"
        interactivePopGestureRecognizer.addAction { [weak self] recognizer in
            self?.handlePopSwipe(recognizer as! ScreenEdgePanGestureRecognizer)
        }
        container.addGestureRecognizer(interactivePopGestureRecognizer)
        navigationBar.backButton.addAction(named: "popViewController", for: .touchUpInside) { [weak self] _, _ in
            self?.popViewController(animated: true)
        }
        view = container
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        if let top = topViewController { show(top, at: 0) }
        updateBar()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        let barHeight = view.safeAreaInsets.top + NavigationBar.height
        let bar = Rect(x: 0, y: 0, width: bounds.size.width, height: barHeight)
        if navigationBar.frame != bar { navigationBar.frame = bar }  // an unchanged frame damages nothing
        guard transition == nil, let top = topViewController?.viewIfLoaded else { return }
        let content = contentFrame(offset: 0)
        if top.frame != content { top.frame = content }
    }

    // MARK: Push and pop [NV-1, NV-2]

    /// Pushes `controller` on the stack and shows it, sliding in when `animated` and shown in a
    /// window. Pushing a controller already in the stack does nothing.
    public func pushViewController(_ controller: ViewController, animated: Bool) {
        guard !viewControllers.contains(where: { $0 === controller }) else { return }
        finishTransition()
        let old = topViewController
        viewControllers.append(controller)
        addChild(controller)
        guard isViewLoaded else { return }
        updateBar()
        let animates = animated && view.window != nil
        old?.beginAppearanceTransition(false, animated: animates)
        controller.beginAppearanceTransition(true, animated: animates)
        let width = view.bounds.size.width
        show(controller, at: animates ? width : 0)
        let done = { [weak self] in
            guard let self else { return }
            self.transition = nil
            old?.viewIfLoaded?.removeFromSuperview()
            old?.viewIfLoaded?.frame = self.contentFrame(offset: 0)
            old?.endAppearanceTransition()
            controller.endAppearanceTransition()
            controller.didMove(toParent: self)
        }
        runTransition(animated: animates, done: done) {
            controller.view.frame = self.contentFrame(offset: 0)
            old?.viewIfLoaded?.frame = self.contentFrame(offset: -width * Self.parallax)
        }
    }

    /// Pops the top controller and shows the one below, sliding when `animated`; returns the popped
    /// controller, or nil at the root.
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        finishTransition()
        guard viewControllers.count > 1 else { return nil }
        return pop(to: viewControllers.count - 2, animated: animated).first
    }

    /// Pops every controller above the root; returns them, top first (nil when the root is the top).
    @discardableResult
    public func popToRootViewController(animated: Bool) -> [ViewController]? {
        finishTransition()
        guard viewControllers.count > 1 else { return nil }
        return pop(to: 0, animated: animated)
    }

    /// Pops down to the controller at `index`; only the top and the new top animate.
    private func pop(to index: Int, animated: Bool) -> [ViewController] {
        let popped = Array(viewControllers[(index + 1)...].reversed())
        let top = popped[0]
        let below = viewControllers[index]
        viewControllers.removeSubrange((index + 1)...)
        for controller in popped.dropFirst() {
            controller.willMove(toParent: nil)
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        guard isViewLoaded else {
            top.willMove(toParent: nil)
            top.removeFromParent()
            return popped
        }
        updateBar()
        let animates = animated && view.window != nil
        top.willMove(toParent: nil)
        top.beginAppearanceTransition(false, animated: animates)
        below.beginAppearanceTransition(true, animated: animates)
        let width = view.bounds.size.width
        show(below, at: animates ? -width * Self.parallax : 0, under: top)
        let done = { [weak self] in
            guard let self else { return }
            self.transition = nil
            top.viewIfLoaded?.removeFromSuperview()
            top.removeFromParent()
            top.endAppearanceTransition()
            below.endAppearanceTransition()
        }
        runTransition(animated: animates, done: done) {
            top.view.frame = self.contentFrame(offset: width)
            below.view.frame = self.contentFrame(offset: 0)
        }
        return popped
    }

    /// Ends a push or pop: `done` at once when not `animated`; otherwise after `slide` has moved the
    /// views over ``transitionDuration``, or earlier when the next transition calls
    /// `finishTransition()` (the animation's own completion is then ignored by its token).
    private func runTransition(animated: Bool, done: @escaping () -> Void, slide: () -> Void) {
        guard animated else {
            done()
            return
        }
        let token = TransitionToken()
        transition = .animated(token: token, finish: done)
        View.animate(
            withDuration: Self.transitionDuration, options: .curveEaseOut, animations: slide,
            completion: { [weak self] _ in self?.transitionAnimationEnded(token) })
    }

    // MARK: The interactive pop [NV-3 … NV-7]

    private func handlePopSwipe(_ recognizer: ScreenEdgePanGestureRecognizer) {
        let width = Swift.max(1, view.bounds.size.width)
        switch recognizer.state {
        case .began:
            guard transition == nil, viewControllers.count > 1 else { return }
            let top = viewControllers[viewControllers.count - 1]
            let below = viewControllers[viewControllers.count - 2]
            top.beginAppearanceTransition(false, animated: true)
            below.beginAppearanceTransition(true, animated: true)
            show(below, at: -width * Self.parallax, under: top)
            let animator = PropertyAnimator(duration: Self.transitionDuration, curve: .linear) {
                top.view.frame = self.contentFrame(offset: width)
                below.view.frame = self.contentFrame(offset: 0)
            }
            animator.isUserInteractionEnabled = false
            animator.addCompletion { [weak self] position in
                self?.interactivePopEnded(at: position, top: top, below: below)
            }
            animator.pauseAnimation()
            transition = .interactive(animator, top: top, below: below)
        case .changed:
            guard case .interactive(let animator, _, _) = transition else { return }
            animator.fractionComplete = recognizer.translation(in: view).x / width
        case .ended, .cancelled, .failed:
            guard case .interactive(let animator, _, _) = transition else { return }
            let velocity = recognizer.state == .ended ? recognizer.velocity(in: view).x : -1
            let completes = Self.interactivePopCompletes(fraction: animator.fractionComplete, velocity: velocity)
            animator.isReversed = !completes
            animator.continueAnimation(withTimingParameters: .easeOut, durationFactor: 1)
        default:
            break
        }
    }

    /// Whether a swipe released at `fraction` of the width, moving at `velocity` points per second
    /// (positive: away from the edge), completes the pop [NV-4]: a flick away from the edge faster
    /// than 300 pt/s completes it and one back faster than 300 pt/s cancels it; otherwise it
    /// completes past half the width.
    public static func interactivePopCompletes(fraction: Double, velocity: Double) -> Bool {
        if velocity > 300 { return true }
        if velocity < -300 { return false }
        return fraction > 0.5
    }

    private func interactivePopEnded(at position: PropertyAnimator.Position, top: ViewController, below: ViewController) {
        transition = nil
        if position == .start {
            // Cancelled: the top stays; each controller's transition is reversed [NV-4, LY-8].
            below.viewIfLoaded?.removeFromSuperview()
            below.viewIfLoaded?.frame = contentFrame(offset: 0)
            top.beginAppearanceTransition(true, animated: true)
            below.beginAppearanceTransition(false, animated: true)
            top.endAppearanceTransition()
            below.endAppearanceTransition()
            return
        }
        viewControllers.removeAll { $0 === top }
        top.willMove(toParent: nil)
        top.viewIfLoaded?.removeFromSuperview()
        top.removeFromParent()
        top.endAppearanceTransition()
        below.endAppearanceTransition()
        updateBar()
    }

    // MARK: Helpers

    /// The animation of the transition `token` names ended: the transition ends if it is still the
    /// current one.
    private func transitionAnimationEnded(_ token: TransitionToken) {
        guard case .animated(let current, let finish) = transition, current === token else { return }
        finish()
    }

    /// Ends a running push or pop where it was going (its views in place, its calls sent).
    private func finishTransition() {
        guard let transition else { return }
        switch transition {
        case .animated(_, let finish):
            finish()
            for controller in viewControllers.suffix(2) {
                controller.viewIfLoaded?.frame = contentFrame(offset: 0)
            }
        case .interactive(let animator, _, _):
            animator.stopAnimation(false)
            animator.finishAnimation(at: .start)
        }
    }

    /// The content area below the bar, moved `offset` points along x.
    private func contentFrame(offset: Double) -> Rect {
        let bounds = view.bounds
        let top = view.safeAreaInsets.top + NavigationBar.height
        return Rect(x: offset, y: top, width: bounds.size.width, height: Swift.max(0, bounds.size.height - top))
    }

    /// Puts `controller`'s view in the content area at `offset`, below `other`'s view or under the bar.
    private func show(_ controller: ViewController, at offset: Double, under other: ViewController? = nil) {
        let content = controller.view
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        View.performWithoutAnimation { content.frame = contentFrame(offset: offset) }
        if let below = other?.viewIfLoaded, below.superview === view {
            view.insertSubview(content, belowSubview: below)
        } else {
            view.insertSubview(content, belowSubview: navigationBar)
        }
    }

    private func updateBar() {
        guard isViewLoaded else { return }
        let top = topViewController
        let back: String?? = viewControllers.count > 1 ? .some(viewControllers[viewControllers.count - 2].title) : .none
        navigationBar.show(title: top?.title, backTitle: back)
    }
}

extension ViewController {
    /// The nearest navigation controller among this controller's parents [NV-1].
    public var navigationController: NavigationController? {
        var node = parent
        while let current = node {
            if let navigation = current as? NavigationController { return navigation }
            node = current.parent
        }
        return nil
    }
}
