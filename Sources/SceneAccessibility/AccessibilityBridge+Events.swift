import DBusKit
import Logging
public import SceneCore

/// Model changes as AT-SPI events, emitted from the source object's path with
/// body `siiva{sv}` (detail, detail1, detail2, any_data, empty properties):
///
/// | model change | event |
/// |---|---|
/// | the key window's focused view changes [FO-1] | `Object.StateChanged("focused", 0)` on the old view, `("focused", 1)` and `Focus.Focus` on the new one; the window is the old or new one when nothing was or is focused in it |
/// | the application's key window changes | `Window.Deactivate(title)` + `StateChanged("active", 0)` on the old window and `("focused", 0)` on its focused view; `Window.Activate` + `("active", 1)` on the new one, then `("focused", 1)` + `Focus.Focus` on its focused view, or on the window when it has none (`("focused", 0)` likewise on the old window's focused view or the old window). The frame of a key alert is active too [WS-12]: its `active` changes between the two windows' events, and a window that stays active (a frame and its alert) gets no `active` change |
/// | a text field's or label's text changes | `Object.TextChanged("delete"/"insert", offset, length, text)` |
/// | a text field's caret moves | `Object.TextCaretMoved("", offset)` |
/// | windows come or go | `Object.ChildrenChanged("add"/"remove", index, child)` on the root, or on the scene's frame for an alert or dialog window [WS-12]; `Window.Create`/`Destroy` |
/// | subviews are added, removed or reordered | `ChildrenChanged` on the parent |
/// | a table's row comes on screen or leaves it [TV-12] | `ChildrenChanged("remove", row, old)` then `("add", row, new)` on the table, at the row's index: its cell replaces its row object, or the other way round (a change of the row count is not announced) |
/// | label, title, identifier | `PropertyChange("accessible-name", name)` |
/// | hint | `PropertyChange("accessible-description", hint)` |
/// | role | `PropertyChange("accessible-role")` |
/// | slider value | `PropertyChange("accessible-value", value)` |
/// | hidden, alpha, enabled, on, selected | `StateChanged` for each state that changed |
///
/// Focus and window events are always sent. The others only concern views clients were told about
/// (``AccessibleTree/isKnown(_:)``), since a client can only hold stale data about those; views no
/// client has seen cost one dictionary lookup per change. Structural changes are collected and
/// announced together on the next turn of the main loop (or before any other event or incoming call,
/// whichever comes first), so building a big subtree costs one comparison per parent, not one per
/// insertion. A view whose visibility changes reports its own `showing`; its descendants' `showing`
/// is not announced (clients re-read it).
extension AccessibilityBridge: ApplicationObserver {
    // MARK: Observer callbacks

    /// Focus moved in a window: clients hear it only for the application's key window, whose
    /// focused view is the one object with `focused` [FO-1].
    public func focusDidChange(in window: Window, from old: View?, to new: View?) {
        guard window === tree.keyWindow else { return }
        flushChanges()
        if let old, tree.isExposed(old) { emitState(.focused, false, of: old) }
        // The key window itself is focused while nothing in it is.
        if old == nil, new != nil { emitState(.focused, false, of: window) }
        if let new { announceFocus(of: new) } else if old != nil { emitState(.focused, true, of: window) }
    }

    public func applicationKeyWindowDidChange(from old: Window?, to new: Window?) {
        // A scene process's key window is the application's only while its scene holds the host's.
        guard tree.holdsApplicationKey else { return }
        announceKeyWindowChange(from: old, to: new)
    }

    /// Window `Deactivate`/`Activate`, `active` and the focus, as the application's key window moves
    /// from `old` to `new`.
    func announceKeyWindowChange(from old: Window?, to new: Window?) {
        flushChanges()
        // [WS-12] The frame of a key alert is active too: a screen reader looks for the active window
        // among the application's children only.
        let oldFrame = old.flatMap(tree.owner(of:)), newFrame = new.flatMap(tree.owner(of:))
        if let old, tree.isExposed(old) {
            emit(AtspiNames.windowEvents, AtspiNames.deactivate, from: .view(old), data: .string(tree.name(of: .view(old))))
            if newFrame !== old { emitState(.active, false, of: old) }
            if let focused = old.focusedView {
                if tree.isExposed(focused) { emitState(.focused, false, of: focused) }
            } else {
                emitState(.focused, false, of: old)
            }
        }
        if let oldFrame, oldFrame !== newFrame, oldFrame !== new, tree.isExposed(oldFrame) { emitState(.active, false, of: oldFrame) }
        if let newFrame, newFrame !== oldFrame, newFrame !== old, tree.isExposed(newFrame) { emitState(.active, true, of: newFrame) }
        if let new, tree.isExposed(new) {
            emit(AtspiNames.windowEvents, AtspiNames.activate, from: .view(new), data: .string(tree.name(of: .view(new))))
            if oldFrame !== new { emitState(.active, true, of: new) }
            // Where the keyboard is now: the new key window's focused view, or the window itself.
            if let focused = new.focusedView {
                announceFocus(of: focused)
            } else {
                announceFocus(of: new)
            }
        }
    }

    public func textDidChange(in view: View, _ change: TextChange) {
        guard tree.isKnown(view), tree.isExposed(view) else { return }
        flushChanges()
        switch change {
        case .inserted(let offset, let text):
            let shown = Self.shown(text, in: view)
            emit(
                AtspiNames.objectEvents, AtspiNames.textChanged, from: .view(view), detail: "insert", Int32(clamping: offset),
                Int32(clamping: shown.scalarCount), data: .string(shown))
        case .deleted(let offset, let text):
            let shown = Self.shown(text, in: view)
            emit(
                AtspiNames.objectEvents, AtspiNames.textChanged, from: .view(view), detail: "delete", Int32(clamping: offset),
                Int32(clamping: shown.scalarCount), data: .string(shown))
        case .caretMoved(let offset):
            emit(AtspiNames.objectEvents, AtspiNames.textCaretMoved, from: .view(view), Int32(clamping: offset))
        @unknown default:
            break
        }
    }

    /// Text as assistive technologies may see it: bullets for a secure field's characters.
    private static func shown(_ text: String, in view: View) -> String {
        guard let field = view as? TextField, field.isSecureTextEntry else { return text }
        return String(repeating: "\u{2022}", count: text.scalarCount)
    }

    /// `StateChanged("focused", 1)` and `Focus.Focus` on `view`, when it is exposed.
    private func announceFocus(of view: View) {
        guard tree.isExposed(view) else { return }
        emitState(.focused, true, of: view)
        emit(AtspiNames.focusEvents, AtspiNames.focus, from: .view(view))
    }

    public func windowsDidChange(in scene: WindowScene) {
        windowsChanged = true
        needsPrune = true
        scheduleFlush()
    }

    public func sceneDidConnect(_ scene: WindowScene) {
        windowsDidChange(in: scene)
    }

    public func sceneDidDisconnect(_ scene: WindowScene) {
        windowsDidChange(in: scene)
    }

    public func sceneActivationDidChange(_ scene: WindowScene, to state: WindowScene.ActivationState) {
        for window in scene.windows where tree.isKnown(window) { announceStates(of: window) }
    }

    public func windowDidBecomeVisible(_ window: Window) {
        announceStates(of: window)
    }

    public func windowDidBecomeHidden(_ window: Window) {
        announceStates(of: window)
    }

    public func viewHierarchyDidChange(in window: Window, parent: View?) {
        needsPrune = true
        if let parent, tree.isKnown(parent) { dirtyParents[ObjectIdentifier(parent)] = parent }
        scheduleFlush()
    }

    public func accessibilityDidChange(_ change: AccessibilityChange, of view: View) {
        if change == .visibility {
            // Hiding a subtree from assistive technologies changes its parent's children.
            if let parent = view.superview, tree.isKnown(parent) {
                dirtyParents[ObjectIdentifier(parent)] = parent
                needsPrune = true
                scheduleFlush()
            } else if view is Window, view.superview == nil {
                windowsChanged = true
                needsPrune = true
                scheduleFlush()
            }
        }
        guard tree.isKnown(view) else { return }
        switch change {
        case .name, .identifier:
            if let name = tree.refreshName(of: view) {
                flushChanges()
                emit(AtspiNames.objectEvents, AtspiNames.propertyChange, from: .view(view), detail: "accessible-name", data: .string(name))
            }
        case .description:
            flushChanges()
            emit(
                AtspiNames.objectEvents, AtspiNames.propertyChange, from: .view(view), detail: "accessible-description",
                data: .string(tree.description(of: .view(view))))
        case .role:
            if view is Window {
                // [WS-12] A window that becomes an alert or stops being one moves in the tree.
                windowsChanged = true
            }
            flushChanges()
            let role = Int32(bitPattern: tree.role(of: .view(view)).rawValue)
            emit(AtspiNames.objectEvents, AtspiNames.propertyChange, from: .view(view), detail: "accessible-role", data: .int32(role))
        case .value:
            if let slider = view as? Slider {
                flushChanges()
                emit(AtspiNames.objectEvents, AtspiNames.propertyChange, from: .view(view), detail: "accessible-value", data: .double(slider.value))
            }
            announceStates(of: view)
        case .visibility, .state:
            announceStates(of: view)
        @unknown default:
            announceStates(of: view)
        }
    }

    // MARK: Announcing

    /// Emits `StateChanged` for each state of `view` that changed since clients were told.
    func announceStates(of view: View) {
        let changes = tree.refreshStates(of: view)
        guard !changes.isEmpty else { return }
        flushChanges()
        for change in changes {
            emit(AtspiNames.objectEvents, AtspiNames.stateChanged, from: .view(view), detail: change.state.eventName, change.isSet ? 1 : 0)
        }
    }

    /// Emits `StateChanged(state, isSet)` on `view` and records that clients know it.
    private func emitState(_ state: AtspiState, _ isSet: Bool, of view: View) {
        emit(AtspiNames.objectEvents, AtspiNames.stateChanged, from: .view(view), detail: state.eventName, isSet ? 1 : 0)
        tree.updateRecord(of: view) { record in
            if isSet { record.states.formUnion(AtspiStateSet([state])) } else { record.states.subtract(AtspiStateSet([state])) }
        }
    }

    /// Announces collected structural changes on the next turn of the main loop.
    func scheduleFlush() {
        guard !flushScheduled else { return }
        flushScheduled = true
        Task { @MainActor [weak self] in self?.flushChanges() }
    }

    /// Announces the collected structural changes now: children-changed for the root (with window
    /// create/destroy) and for every known parent whose children changed, then forgets the views
    /// that left the tree.
    func flushChanges() {
        flushScheduled = false
        guard windowsChanged || !dirtyParents.isEmpty || needsPrune else { return }
        if windowsChanged {
            windowsChanged = false
            let (created, destroyed) = tree.refreshWindowSet()
            for window in destroyed {
                emit(AtspiNames.windowEvents, AtspiNames.destroy, from: .view(window), data: .string(tree.name(of: .view(window))))
            }
            announce(tree.refreshWindows(), in: .application)
            // [WS-12] The frames' attached alerts and dialogs are children too.
            for frame in tree.windows {
                if let diff = tree.refreshChildren(of: frame) { announce(diff, in: .view(frame)) }
            }
            for window in created {
                emit(AtspiNames.windowEvents, AtspiNames.create, from: .view(window), data: .string(tree.name(of: .view(window))))
            }
        }
        let parents = dirtyParents.values
        dirtyParents.removeAll()
        for parent in parents where tree.isExposed(parent) {
            if let table = parent as? TableView {
                announceRows(of: table)
            } else if let diff = tree.refreshChildren(of: parent) {
                announce(diff, in: .view(parent))
            }
        }
        if needsPrune {
            needsPrune = false
            tree.prune()
            // Kept tables hold their views: drop those of objects that left.
            if !compiledObjects.isEmpty { compiledObjects = compiledObjects.filter { tree.node(at: $0.key) != nil } }
            if compiledRows.count > 0 { compiledRows.removeAll { tree.node(at: $0) == nil } }
        }
    }

    /// [TV-12] A table's children are all its rows: scrolling changes no index, only which object a
    /// row is (its cell on screen, else a row object), announced as a removal and an addition at the
    /// row's index; its other children change after the rows.
    private func announceRows(of table: TableView) {
        guard let (replaced, others) = tree.refreshRows(of: table) else { return }
        let parent = AccessibleNode.view(table)
        for change in replaced {
            // A cell that left the table is named by its last path (no new id for a departed view).
            let old: AccessibleReference =
                if case .view(let cell) = change.old, !tree.isExposed(cell) {
                    AccessibleReference(busName: servingName, path: tree.pathForDeparted(cell))
                } else {
                    reference(of: change.old)
                }
            emit(AtspiNames.objectEvents, AtspiNames.childrenChanged, from: parent, detail: "remove", Int32(clamping: change.index),
                data: .reference(old))
            emit(AtspiNames.objectEvents, AtspiNames.childrenChanged, from: parent, detail: "add", Int32(clamping: change.index),
                data: .reference(reference(of: change.new)))
        }
        announce(others, in: parent, offset: table.numberOfRowsInAllSections)
    }

    private func announce(_ diff: ChildrenDiff, in parent: AccessibleNode, offset: Int = 0) {
        for (index, child) in diff.removed {
            let departed =
                (child as? Window).flatMap { window in remoteWindowPath?(window).map { AccessibleReference(busName: servingName, path: $0) } }
                ?? AccessibleReference(busName: servingName, path: tree.pathForDeparted(child))
            emit(AtspiNames.objectEvents, AtspiNames.childrenChanged, from: parent, detail: "remove", Int32(clamping: offset + index), data: .reference(departed))
        }
        for (index, child) in diff.added {
            emit(
                AtspiNames.objectEvents, AtspiNames.childrenChanged, from: parent, detail: "add", Int32(clamping: offset + index),
                data: .reference(reference(of: .view(child))))
        }
    }

    // MARK: Emitting

    /// The `any_data` of an event.
    enum EventData {
        case int32(Int32)
        case double(Double)
        case string(String)
        case reference(AccessibleReference)
    }

    /// Emits one AT-SPI event from `source`'s path; does nothing before the bridge is attached.
    func emit(
        _ interface: InterfaceName, _ member: MemberName, from source: AccessibleNode, detail: String = "",
        _ detail1: Int32 = 0, _ detail2: Int32 = 0, data: EventData = .int32(0)
    ) {
        let emitter: (ObjectPath, InterfaceName, MemberName, (inout MessageWriter) throws -> Void) throws -> Void
        // The host announces the window set (the root's children, windows created and destroyed),
        // for a scene process's windows too, by their paths; the process, what happens in them.
        let announcesWindowSet = interface == AtspiNames.windowEvents && (member == AtspiNames.create || member == AtspiNames.destroy)
        var remotePath: ObjectPath?
        if let connection {
            if isRemote(source) {
                guard announcesWindowSet, case .view(let window as Window) = source, let remote = remoteWindowPath?(window) else { return }
                remotePath = remote
            }
            emitter = { path, interface, member, body in try connection.emitSignal(path: path, interface: interface, member: member, body) }
        } else if let forwardedServer {
            if case .application = source { return }
            if announcesWindowSet { return }
            emitter = { path, interface, member, body in try forwardedServer.emitSignal(path: path, interface: interface, member: member, body) }
        } else {
            return
        }
        let path = remotePath ?? tree.path(of: source)
        do {
            try emitter(path, interface, member) { writer in
                try writer.append(detail)
                try writer.append(detail1)
                try writer.append(detail2)
                switch data {
                case .int32(let value): try writer.appendVariant(containing: .int32) { try $0.append(value) }
                case .double(let value): try writer.appendVariant(containing: .double) { try $0.append(value) }
                case .string(let value): try writer.appendVariant(containing: .string) { try $0.append(value) }
                case .reference(let value): try writer.appendVariant(containing: "(so)") { try $0.append(value) }
                }
                try writer.appendDictionary(key: .string, value: .variant) { _ in }
            }
        } catch {
            logger.debug("cannot emit \(interface).\(member) from \(path): \(error); ignoring")
        }
    }
}
