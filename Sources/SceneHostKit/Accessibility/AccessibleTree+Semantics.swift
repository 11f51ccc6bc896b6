import DBusKit
import SceneCore

/// What each node is: role, name, description, states, attributes and interfaces, all read from the
/// model at the time of the call.
extension AccessibleTree {
    /// The AT-SPI role: application for the root, otherwise from the view's ``SceneCore/View/accessibilityRole``.
    func role(of node: AccessibleNode) -> AtspiRole {
        switch node {
        case .application: .application
        case .view(let view): AtspiRole(view.accessibilityRole)
        }
    }

    /// The accessible name: the application's name; a window's label, else its title; a view's
    /// ``SceneCore/View/accessibilityLabel`` (a ``SceneCore/Label``'s text, a ``SceneCore/Button``'s
    /// title), else its ``SceneCore/View/accessibilityIdentifier``, else the title of the view
    /// controller it is the root view of; "" when it has none of these.
    func name(of node: AccessibleNode) -> String {
        guard case .view(let view) = node else { return AtspiNames.applicationName }
        if let label = view.accessibilityLabel, !label.isEmpty { return label }
        if let window = view as? Window, !window.title.isEmpty { return window.title }
        if let identifier = view.accessibilityIdentifier, !identifier.isEmpty { return identifier }
        if let controller = view.next as? ViewController, controller.viewIfLoaded === view, let title = controller.title {
            return title
        }
        return ""
    }

    /// The accessible description: the view's ``SceneCore/View/accessibilityHint``, or "".
    func description(of node: AccessibleNode) -> String {
        node.view?.accessibilityHint ?? ""
    }

    /// `AccessibleId`: the view's reference on the host's own bus API (its identifier, or
    /// `Type#i.j.k`), so a test can name the same view on both buses; "" for the application.
    func accessibleID(of node: AccessibleNode) -> String {
        node.view.map(ViewReference.reference(for:)) ?? ""
    }

    /// The states of `node`, read from the model:
    ///
    /// | state | when |
    /// |---|---|
    /// | visible | not hidden and alpha above ``SceneCore/InteractionDefaults/hitMinimumAlpha`` |
    /// | showing | visible, every ancestor visible, and the scene in the foreground |
    /// | enabled, sensitive | not a disabled ``SceneCore/Control`` |
    /// | focusable | ``SceneCore/Responder/canBecomeFirstResponder`` |
    /// | focused | the first responder of its window (or the root view of the controller that is) |
    /// | active | a window that is the application's key window |
    /// | checkable, checked | a ``SceneCore/Switch``, checked when on |
    /// | selected | a selected ``SceneCore/Control`` |
    /// | horizontal | a ``SceneCore/Slider`` |
    ///
    /// The application root has no states (as GTK's).
    func states(of node: AccessibleNode) -> AtspiStateSet {
        guard case .view(let view) = node else { return [] }
        var states = AtspiStateSet()
        let visible = Self.isVisible(view)
        states.insert(.visible, if: visible)
        states.insert(.showing, if: visible && isShowing(view))
        let enabled = (view as? Control)?.isEnabled ?? true
        states.insert(.enabled, if: enabled)
        states.insert(.sensitive, if: enabled)
        states.insert(.focusable, if: view.canBecomeFirstResponder || controller(of: view)?.canBecomeFirstResponder == true)
        states.insert(.focused, if: focusedView(in: view.window) === view)
        if let window = node.topLevelWindow {
            states.insert(.active, if: application.keyWindow === window)
        }
        if let toggle = view as? Switch {
            states.insert(.checkable, if: true)
            states.insert(.checked, if: toggle.isOn)
        }
        if let control = view as? Control {
            states.insert(.selected, if: control.isSelected)
        }
        states.insert(.horizontal, if: view is Slider)
        return states
    }

    /// The view that carries `focused` in `window`: its first responder when that is a view, or the
    /// root view of the view controller that is.
    func focusedView(in window: Window?) -> View? {
        Self.view(for: window?.firstResponder)
    }

    /// A responder as a view: a view itself, a view controller's loaded root view, else nil.
    static func view(for responder: Responder?) -> View? {
        switch responder {
        case let view as View: view
        case let controller as ViewController: controller.viewIfLoaded
        default: nil
        }
    }

    /// Free-form facts clients show (Orca logs them, Accerciser lists them): the toolkit, and for
    /// views the scene, the host's view reference and the class.
    func attributes(of node: AccessibleNode) -> [(String, String)] {
        guard case .view(let view) = node else { return [("toolkit", AtspiNames.toolkitName)] }
        var attributes = [("toolkit", AtspiNames.toolkitName)]
        if let scene = view.window?.windowScene { attributes.append(("scene", scene.name)) }
        attributes.append(("reference", ViewReference.reference(for: view)))
        attributes.append(("class", String(describing: type(of: view))))
        if let window = node.topLevelWindow { attributes.append(("window-level", window.windowLevel.rawValue.compactDescription)) }
        return attributes
    }

    /// The AT-SPI interfaces `node` implements, by full D-Bus name: Accessible and Application for
    /// the root; Accessible and Component for views, plus Action for views with a `click` action
    /// and Value for sliders.
    func interfaces(of node: AccessibleNode) -> [InterfaceName] {
        guard case .view(let view) = node else { return [AtspiNames.accessible, AtspiNames.application] }
        var interfaces = [AtspiNames.accessible, AtspiNames.component]
        if hasClickAction(view) { interfaces.append(AtspiNames.action) }
        if view is Slider { interfaces.append(AtspiNames.value) }
        return interfaces
    }

    /// Whether `view` offers the `click` action: it is a ``SceneCore/Control``, or it carries an
    /// enabled ``SceneCore/TapGestureRecognizer``.
    func hasClickAction(_ view: View) -> Bool {
        view is Control || view.gestureRecognizers.contains { $0 is TapGestureRecognizer && $0.isEnabled }
    }

    // MARK: Helpers

    /// Not hidden and not transparent (the hit-test threshold).
    static func isVisible(_ view: View) -> Bool {
        !view.isHidden && view.alpha > InteractionDefaults.hitMinimumAlpha
    }

    /// Every ancestor visible, and the window's scene in the foreground.
    private func isShowing(_ view: View) -> Bool {
        var node = view
        while let parent = node.superview {
            guard Self.isVisible(parent) else { return false }
            node = parent
        }
        guard let scene = (node as? Window)?.windowScene else { return false }
        return scene.activationState == .foregroundActive || scene.activationState == .foregroundInactive
    }

    /// The view controller whose root view `view` is.
    private func controller(of view: View) -> ViewController? {
        guard let controller = view.next as? ViewController, controller.viewIfLoaded === view else { return nil }
        return controller
    }
}
