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
    /// title), else the title of the view controller it is the root view of; "" when it has none of
    /// these. The ``SceneCore/View/accessibilityIdentifier`` is never spoken: it is in `AccessibleId`.
    func name(of node: AccessibleNode) -> String {
        guard case .view(let view) = node else { return AtspiNames.applicationName }
        if let label = view.accessibilityLabel, !label.isEmpty { return label }
        if let window = view as? Window, !window.title.isEmpty { return window.title }
        if let controller = view.next as? ViewController, controller.viewIfLoaded === view, let title = controller.title {
            return title
        }
        return ""
    }

    /// The accessible description: the view's ``SceneCore/View/accessibilityHint``, or "". A text
    /// field's placeholder (its hint unless one was set) is not a description: it is the
    /// `placeholder-text` attribute, which screen readers read while the field is empty, as GTK
    /// entries expose it (as a description too, Orca said it twice).
    func description(of node: AccessibleNode) -> String {
        guard let view = node.view, let hint = view.accessibilityHint else { return "" }
        if let field = view as? TextField, hint == field.placeholder { return "" }
        return hint
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
    /// | focusable | a control, ``SceneCore/View/canBecomeFocused`` (keyboard focus can reach it), a window |
    /// | focused | the focused view of the application's key window, or that window when none is (at most one in the application) |
    /// | active | the application's key window, and the frame of a key alert [WS-12] |
    /// | editable, single-line | an enabled ``SceneCore/TextField`` (single-line: any text field) |
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
        states.insert(.focusable, if: view is Control || view.canBecomeFocused || view is Window)
        states.insert(.focused, if: focusedView === view)
        if let window = node.topLevelWindow {
            states.insert(.active, if: isActive(window))
        }
        if let toggle = view as? Switch {
            states.insert(.checkable, if: true)
            states.insert(.checked, if: toggle.isOn)
        }
        if let control = view as? Control {
            states.insert(.selected, if: control.isSelected)
        }
        states.insert(.horizontal, if: view is Slider)
        if let field = view as? TextField {
            states.insert(.editable, if: field.isEnabled)
            states.insert(.singleLine, if: true)
        }
        return states
    }

    /// The one view that carries `focused`: the focused view of the application's key window, or the
    /// key window itself when nothing in it is focused (where the focus event went: a screen reader
    /// that looks for the focus under the active frame finds a key alert there [WS-12]).
    var focusedView: View? {
        guard let key = application.keyWindow else { return nil }
        return key.focusedView ?? key
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
        if let field = view as? TextField, let placeholder = field.placeholder { attributes.append(("placeholder-text", placeholder)) }
        return attributes
    }

    /// The AT-SPI interfaces `node` implements, by full D-Bus name: Accessible and Application for
    /// the root; Accessible and Component for views, plus Action for views with a `click` action,
    /// Value for sliders, Text for labels and text fields, EditableText for text fields, Table for
    /// views whose role is table and Image for image views.
    func interfaces(of node: AccessibleNode) -> [InterfaceName] {
        guard case .view(let view) = node else { return [AtspiNames.accessible, AtspiNames.application] }
        var interfaces = [AtspiNames.accessible, AtspiNames.component]
        if hasClickAction(view) { interfaces.append(AtspiNames.action) }
        if view is Slider { interfaces.append(AtspiNames.value) }
        if view is Label || view is TextField { interfaces.append(AtspiNames.text) }
        if view is TextField { interfaces.append(AtspiNames.editableText) }
        if view.accessibilityRole == .table { interfaces.append(AtspiNames.table) }
        if view is ImageView { interfaces.append(AtspiNames.image) }
        return interfaces
    }

    /// Whether `view` offers the `click` action (activation [KB-5]): it is a control other than a
    /// slider (whose value is set through Value), or keyboard focus can reach it (a view with a tap
    /// recognizer, a view that can become first responder). Every view with the action is focusable.
    func hasClickAction(_ view: View) -> Bool {
        (view is Control && !(view is Slider)) || (!(view is Control) && view.canBecomeFocused)
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

}
