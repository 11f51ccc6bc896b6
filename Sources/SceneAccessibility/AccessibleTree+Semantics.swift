import DBusKit
import SceneCore

/// What each node is: role, name, description, states, attributes and interfaces, all read from the
/// model at the time of the call.
extension AccessibleTree {
    /// The AT-SPI role: application for the root, otherwise from the view's ``SceneCore/View/accessibilityRole``
    /// — except that a ``SceneCore/TableView`` in the table role is a list and its rows in the table
    /// cell role are list items [TV-12]: a table view is one column of rows, as GTK 4's `GtkListView`
    /// is a list of list items, and a screen reader reads a list item with its position ("40 of
    /// 1000"), a table cell without. It keeps the `Table` interface.
    func role(of node: AccessibleNode) -> AtspiRole {
        switch node {
        case .application: return .application
        case .view(let view):
            if view is TableView, view.accessibilityRole == .table { return .list }
            if view.accessibilityRole == .tableCell, tableRow(of: node) != nil { return .listItem }
            return AtspiRole(view.accessibilityRole)
        case .row(let table, let row):
            let role = table.withCell(forRowAt: row) { $0.accessibilityRole } ?? .tableCell
            return role == .tableCell ? .listItem : AtspiRole(role)
        }
    }

    /// The accessible name: the application's name; a window's label, else its title; a view's
    /// ``SceneCore/View/accessibilityLabel`` (a ``SceneCore/Label``'s text, a ``SceneCore/Button``'s
    /// title), else the title of the view controller it is the root view of; "" when it has none of
    /// these. The ``SceneCore/View/accessibilityIdentifier`` is never spoken: it is in `AccessibleId`.
    func name(of node: AccessibleNode) -> String {
        if case .row(let table, let row) = node { return table.withCell(forRowAt: row) { name(of: .view($0)) } ?? "" }
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
        if case .row(let table, let row) = node { return table.withCell(forRowAt: row) { description(of: .view($0)) } ?? "" }
        guard let view = node.view, let hint = view.accessibilityHint else { return "" }
        if let field = view as? TextField, hint == field.placeholder { return "" }
        return hint
    }

    /// `AccessibleId`: the view's reference on the host's own bus API (its identifier, or
    /// `Type#i.j.k`; a row out of view `table/row:0.39`, as selectors name it [TV-12]), so a test can
    /// name the same view on both buses; "" for the application.
    func accessibleID(of node: AccessibleNode) -> String {
        switch node {
        case .application: ""
        case .view(let view): ViewReference.reference(for: view)
        case .row(let table, let row): ViewReference.reference(forRow: row, in: table)
        }
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
    /// | selected | a selected ``SceneCore/Control``; a selected table row |
    /// | selectable | a table row in a table that allows selection [TV-12] |
    /// | multiselectable | a table that allows multiple selection |
    /// | horizontal | a ``SceneCore/Slider`` |
    ///
    /// The application root has no states (as GTK's).
    func states(of node: AccessibleNode) -> AtspiStateSet {
        if case .row(let table, let row) = node { return states(ofRow: row, in: table) }
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
        if let table = view as? TableView { states.insert(.multiselectable, if: table.allowsSelection && table.allowsMultipleSelection) }
        if let (table, row) = tableRow(of: node) {
            states.insert(.selectable, if: table.allowsSelection)
            states.insert(.selected, if: table.indexPathsForSelectedRows?.contains(row) == true)
        }
        if let field = view as? TextField {
            states.insert(.editable, if: field.isEnabled)
            states.insert(.singleLine, if: true)
        }
        return states
    }

    /// The states of a row out of view [TV-12]: those of its cell while it is on screen; otherwise
    /// visible and enabled but not showing, focusable and selectable when its table allows selection
    /// (keyboard focus reaches it by scrolling it in, TV-11), selected when it is.
    private func states(ofRow row: IndexPath, in table: TableView) -> AtspiStateSet {
        if let cell = table.cellForRow(at: row) { return states(of: .view(cell)) }
        var states = AtspiStateSet([.visible, .enabled, .sensitive])
        states.insert(.focusable, if: table.allowsSelection)
        states.insert(.selectable, if: table.allowsSelection)
        states.insert(.selected, if: table.indexPathsForSelectedRows?.contains(row) == true)
        return states
    }

    /// The one view that carries `focused`: the focused view of the application's key window, or the
    /// key window itself when nothing in it is focused (where the focus event went: a screen reader
    /// that looks for the focus under the active frame finds a key alert there [WS-12]).
    var focusedView: View? {
        guard let key = keyWindow else { return nil }
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
        if case .row(let table, let row) = node {
            var attributes = [("toolkit", AtspiNames.toolkitName)]
            if let scene = table.window?.windowScene { attributes.append(("scene", scene.name)) }
            attributes.append(("reference", ViewReference.reference(forRow: row, in: table)))
            if let cell = table.withCell(forRowAt: row, { String(describing: type(of: $0)) }) { attributes.append(("class", cell)) }
            return attributes
        }
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
    /// views whose role is table, Selection for table views and Image for image views. A table's row
    /// is a list item with Text (its label's) [TV-12]; out of view it has Accessible, Component, Action
    /// (click scrolls it in and taps it) and Text.
    func interfaces(of node: AccessibleNode) -> [InterfaceName] {
        if case .row = node { return [AtspiNames.accessible, AtspiNames.component, AtspiNames.action, AtspiNames.text] }
        guard case .view(let view) = node else { return [AtspiNames.accessible, AtspiNames.application] }
        var interfaces = [AtspiNames.accessible, AtspiNames.component]
        if hasClickAction(view) { interfaces.append(AtspiNames.action) }
        if view is Slider { interfaces.append(AtspiNames.value) }
        if view is Label || view is TextField || (view is TableViewCell && tableRow(of: node) != nil) { interfaces.append(AtspiNames.text) }
        if view is TextField { interfaces.append(AtspiNames.editableText) }
        if view.accessibilityRole == .table { interfaces.append(AtspiNames.table) }
        if view is TableView { interfaces.append(AtspiNames.selection) }
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
