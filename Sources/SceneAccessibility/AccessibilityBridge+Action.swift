import DBusKit
import Logging
import SceneBusServing
import SceneCore

/// `org.a11y.atspi.Action` for the views keyboard focus can reach (controls other than sliders, views
/// with a tap recognizer or that can become first responder): one action, `click`, the activation
/// Space performs on the focused view [KB-5].
extension AccessibilityBridge {
    /// The one action: its machine name (what `doActionNamed('click')` looks for), localized name and
    /// description.
    static let clickAction = (name: "click", localizedName: "Click", description: "Activates the view, as Space does when it has the focus")

    func actionInterface(_ view: View) -> InterfaceDescription {
        actionInterface(at: tree.path(of: .view(view))) { self.scheduleTap(on: view) }
    }

    /// The one-action (`click`) interface of the object at `path`; `DoAction(0)` answers what
    /// `perform` does (whether the activation was scheduled).
    func actionInterface(at path: ObjectPath, perform: @escaping @MainActor () -> Bool) -> InterfaceDescription {
        let index: [ArgumentDescription] = [.init("index", .int32)]
        let action = Self.clickAction
        // Reads an action index; only 0 exists.
        func check(_ call: MethodCall) throws {
            let index = try call.read { reader in try reader.readInt32() }
            guard index == 0 else {
                throw AccessibilityError.invalidArgument("action index \(index) is out of range: \(path) has 1 action (index 0, 'click')").busError
            }
        }
        return InterfaceDescription(
            AtspiNames.action, gate: gate,
            methods: [
                .method("GetDescription", access: .reads, inputs: index, outputs: [.init(nil, .string)]) { call in
                    try check(call)
                    return [.string(action.description)]
                },
                .method("GetName", access: .reads, inputs: index, outputs: [.init(nil, .string)]) { call in
                    try check(call)
                    return [.string(action.name)]
                },
                .method("GetLocalizedName", access: .reads, inputs: index, outputs: [.init(nil, .string)]) { call in
                    try check(call)
                    return [.string(action.localizedName)]
                },
                .method("GetKeyBinding", access: .reads, inputs: index, outputs: [.init(nil, .string)]) { call in
                    try check(call)
                    return [.string("")]
                },
                .method("GetActions", access: .reads, outputs: [.init(nil, "a(sss)")]) { _ in
                    [.array(element: "(sss)", [.structure([.string(action.localizedName), .string(action.description), .string("")])])]
                },
                .method("DoAction", access: .changes, inputs: index, outputs: [.init(nil, .bool)]) { call in
                    try check(call)
                    return [.bool(perform())]
                },
            ],
            properties: [Self.property("NActions", .int32) { .int32(1) }])
    }

    /// `DoAction(0)`: checks that `view` can be activated now (a showing view in a window that takes
    /// touches, interactive and enabled up to its window) and, if so, activates it on the next turn of
    /// the main loop, after the reply has gone out (clients give up after 800 ms, and activation may
    /// run plugin code for longer). Activation is what Space does on the focused view [KB-5]: a
    /// control's own activation (a button's actions, a switch's flip, a text field's editing), else a
    /// tap at the view's centre through hit testing, recognizers and responders.
    ///
    /// - Returns: Whether the activation was scheduled.
    func scheduleTap(on view: View) -> Bool {
        guard let window = view.window, window.takesScriptedInput, tree.states(of: .view(view)).contains(.showing),
            view.isInteractiveInWindow
        else { return false }
        Task { @MainActor [weak self] in
            guard let self else { return }
            // As a click on the window does: its scene becomes active first [WS-11].
            view.window?.activateSceneForScriptedInput()
            if self.forwardedServer != nil { self.setHoldsApplicationKey(true) }
            if !self.application.activate(view) {
                self.logger.debug("click on \(ViewReference.reference(for: view)) did nothing: it can no longer be activated")
            }
        }
        return true
    }
}
