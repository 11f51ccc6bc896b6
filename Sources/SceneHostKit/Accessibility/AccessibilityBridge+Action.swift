import DBusKit
import Logging
import SceneCore

/// `org.a11y.atspi.Action` for controls and views with a tap recognizer: one action, `click`, a real
/// tap at the view's centre.
extension AccessibilityBridge {
    /// The one action: its machine name (what `doActionNamed('click')` looks for), localized name and
    /// description.
    static let clickAction = (name: "click", localizedName: "Click", description: "Taps the view at its centre")

    func actionInterface(_ view: View) -> InterfaceDescription {
        let index: [ArgumentDescription] = [.init("index", .int32)]
        let action = Self.clickAction
        return InterfaceDescription(
            AtspiNames.action, gate: gate,
            methods: [
                .method("GetDescription", access: .reads, inputs: index, outputs: [.init(nil, .string)]) { call in
                    try self.checkActionIndex(call, of: view)
                    return [.string(action.description)]
                },
                .method("GetName", access: .reads, inputs: index, outputs: [.init(nil, .string)]) { call in
                    try self.checkActionIndex(call, of: view)
                    return [.string(action.name)]
                },
                .method("GetLocalizedName", access: .reads, inputs: index, outputs: [.init(nil, .string)]) { call in
                    try self.checkActionIndex(call, of: view)
                    return [.string(action.localizedName)]
                },
                .method("GetKeyBinding", access: .reads, inputs: index, outputs: [.init(nil, .string)]) { call in
                    try self.checkActionIndex(call, of: view)
                    return [.string("")]
                },
                .method("GetActions", access: .reads, outputs: [.init(nil, "a(sss)")]) { _ in
                    [.array(element: "(sss)", [.structure([.string(action.localizedName), .string(action.description), .string("")])])]
                },
                .method("DoAction", access: .changes, inputs: index, outputs: [.init(nil, .bool)]) { call in
                    try self.checkActionIndex(call, of: view)
                    return [.bool(self.scheduleTap(on: view))]
                },
            ],
            properties: [Self.property("NActions", .int32) { .int32(1) }])
    }

    /// Reads an action index; only 0 exists.
    private func checkActionIndex(_ call: MethodCall, of view: View) throws {
        let index = try call.read { reader in try reader.readInt32() }
        guard index == 0 else {
            throw AccessibilityError.invalidArgument(
                "action index \(index) is out of range: \(tree.path(of: .view(view))) has 1 action (index 0, 'click')"
            ).busError
        }
    }

    /// `DoAction(0)`: checks that a tap can reach `view` now (a showing view in a window that takes
    /// touches, an enabled control) and, if so, taps its centre on the next turn of the main loop,
    /// after the reply has gone out (clients give up after 800 ms, and a tap may run plugin code for
    /// longer). The tap goes through ``TouchInjector`` as a scripted gesture, so hit testing, gesture
    /// recognizers and controls see exactly what a finger would produce, including whatever is in
    /// front of the view.
    ///
    /// - Returns: Whether the tap was scheduled.
    func scheduleTap(on view: View) -> Bool {
        guard let window = view.window, window.takesTouchesForScripts, tree.states(of: .view(view)).contains(.showing),
            (view as? Control)?.isEnabled ?? true
        else { return false }
        let center = view.convert(view.bounds.center, to: nil)
        let samples = ScriptedGestures.tap(at: center, in: window, count: 1)
        Task { @MainActor [weak self] in
            guard let self else { return }
            do {
                try self.host.injector.run(samples) { _ in }
            } catch {
                self.logger.debug("click on \(ViewReference.reference(for: view)) was not delivered: \(error)")
            }
        }
        return true
    }
}
