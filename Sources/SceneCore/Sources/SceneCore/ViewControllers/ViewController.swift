/// Manages one root view and its subtree: UIKit's `UIViewController`.
///
/// The root view is created lazily by ``loadView()`` the first time ``view`` is read, followed by
/// ``viewDidLoad()``. In the responder chain the controller sits between its root view and the
/// root view's superview (or its window) [RC-1]: root view → controller → window (when the root view
/// is the window's root view) or presenting controller (when presented) or the root view's superview.
@MainActor
open class ViewController: Responder {
    private var _view: View?
    private var _children: [ViewController] = []
    /// The controller this one is a child of. Weak: parents own their children.
    public private(set) weak var parent: ViewController?
    /// The controller that presented this one with ``present(_:)``, while presented.
    public internal(set) weak var presentingViewController: ViewController?
    /// The controller this one presented, while presented.
    public internal(set) var presentedViewController: ViewController?

    /// How ``present(_:animated:completion:)`` shows this controller (default a sheet, as UIKit's
    /// automatic style) [NV-8].
    public var modalPresentationStyle = ModalPresentationStyle.pageSheet
    /// The view that dims what lies under this controller while it is presented as a sheet.
    var presentationDimmingView: View?

    /// A human-readable title (also the default accessibility name of a window's root).
    public var title: String?

    public override init() {
        super.init()
    }

    isolated deinit {
        if let view = _view, view._viewController === self {
            view._viewController = nil
        }
    }

    // MARK: View

    /// The root view, loaded on first access with ``loadView()`` then ``viewDidLoad()``.
    /// Setting it replaces the root view (the old one stops pointing at this controller).
    public var view: View {
        get {
            if let view = _view { return view }
            loadView()
            if _view == nil { _view = View(frame: .zero) }
            _view!._viewController = self
            viewDidLoad()
            return _view!
        }
        set {
            if let old = _view, old._viewController === self { old._viewController = nil }
            _view = newValue
            newValue._viewController?._view = nil
            newValue._viewController = self
        }
    }

    /// True once the root view exists.
    public var isViewLoaded: Bool { _view != nil }

    /// The root view if it is loaded, without loading it.
    public var viewIfLoaded: View? { _view }

    /// Creates the root view. The default creates a plain ``View``; override to build a custom one
    /// and assign it to ``view`` (do not call `super` then).
    open func loadView() {
        view = View(frame: .zero)
    }

    /// Called once after the root view was loaded; build the rest of the view tree here.
    open func viewDidLoad() {}

    // MARK: Appearance [LY-8]

    /// Where the controller is in its appearance transitions (``AppearanceState``).
    public internal(set) var appearanceState = AppearanceState.disappeared
    /// Whether the transition in flight was begun by ``beginAppearanceTransition(_:animated:)`` (a
    /// container's, ended by its ``endAppearanceTransition()``) rather than by the view's move.
    var appearanceIsManaged = false
    /// The `animated` of the transition in flight.
    var appearanceAnimated = false

    /// The root view is about to appear: it is entering a visible window, or its window is being
    /// shown [LY-8]. The default does nothing.
    open func viewWillAppear(_ animated: Bool) {}

    /// The root view appeared [LY-8]. The default does nothing.
    open func viewDidAppear(_ animated: Bool) {}

    /// The root view is about to disappear: it is leaving its window, or its window is being hidden
    /// [LY-8]. The default does nothing.
    open func viewWillDisappear(_ animated: Bool) {}

    /// The root view disappeared [LY-8]. The default does nothing.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Insets added to the root view's safe area [LY-9] (a container's bars over its content, say);
    /// negative values count as 0. Setting it marks the root view's subtree for layout.
    public var additionalSafeAreaInsets: EdgeInsets = .zero {
        didSet { if oldValue != additionalSafeAreaInsets { viewIfLoaded?.setNeedsLayoutInSubtree() } }
    }

    /// Called by the layout pass just before the root view's ``View/layoutSubviews()`` [LY-4]. The
    /// default does nothing.
    open func viewWillLayoutSubviews() {}

    /// Called by the layout pass just after the root view's ``View/layoutSubviews()`` [LY-4]. The
    /// default does nothing.
    open func viewDidLayoutSubviews() {}

    // MARK: Children

    /// Child controllers, in the order they were added.
    public var children: [ViewController] { _children }

    /// Adds a child controller (its view is not added; do that yourself, as in UIKit).
    public func addChild(_ child: ViewController) {
        precondition(child !== self, "addChild: a view controller cannot be its own child")
        child.removeFromParent()
        child.willMove(toParent: self)
        _children.append(child)
        child.parent = self
    }

    /// Removes this controller from its parent's children.
    public func removeFromParent() {
        guard let parent else { return }
        parent._children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to or removed from a parent.
    open func willMove(toParent parent: ViewController?) {}
    /// Called after the controller was added to or removed from a parent.
    open func didMove(toParent parent: ViewController?) {}

    // MARK: Presentation

    /// Presents `controller` over this controller's window: its view is added as the frontmost
    /// subview of the window, filling it. The presented controller's `next` is this controller [RC-1].
    /// Does nothing when this controller's view is not in a window.
    public func present(_ controller: ViewController) {
        guard let window = viewIfLoaded?.window else { return }
        presentedViewController?.dismiss()
        presentedViewController = controller
        controller.presentingViewController = self
        let presentedView = controller.view
        presentedView.frame = window.bounds
        window.addSubview(presentedView)
    }

    /// Dismisses this controller if it was presented, or the controller it presented.
    public func dismiss() {
        if let presented = presentedViewController {
            presented.dismiss()
            return
        }
        guard let presenter = presentingViewController else { return }
        viewIfLoaded?.removeFromSuperview()
        presentationDimmingView?.removeFromSuperview()
        presentationDimmingView = nil
        presenter.presentedViewController = nil
        presentingViewController = nil
    }

    // MARK: Responder

    /// The window when the root view is the window's root view; else the presenting controller when
    /// presented; else the root view's superview [RC-1].
    open override var next: Responder? {
        guard let view = _view else { return presentingViewController }
        if let superview = view._superview {
            if superview._flags.contains(.isWindow),
                unsafeDowncast(superview, to: Window.self).rootViewController === self
            {
                return superview
            }
            if let presenting = presentingViewController { return presenting }
            return superview
        }
        return presentingViewController
    }

    override var responderWindow: Window? { _view?.window }
}
