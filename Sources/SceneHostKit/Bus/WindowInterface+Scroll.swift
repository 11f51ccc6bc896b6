import DBusKit
import SceneBusServing
import SceneChannel
import SceneCore

/// `Window1.Scroll`: one wheel step or trackpad gesture at a window point (``ScriptedScroll``).
@MainActor
extension WindowInterface {
    static func scroll(number: Int, service: HostBusService) -> HostMethod {
        let host = service.host
        return .deferredMethod(
            "Scroll", access: .changes,
            inputs: [.init("x", .double), .init("y", .double), .init("dx", .double), .init("dy", .double), .init("kind", .string)],
            outputs: [.init("view", .string)]
        ) { call, reply in
            do {
                _ = try service.admit(call)
                guard let window = service.publisher.window(number: number) else { throw HostBusErrors.gone("window \(number)") }
                guard window.takesScriptedInput else {
                    throw HostBusErrors.invalidState("window \(number) ('\(window.title)') is hidden or its scene is disconnected; it takes no scrolls")
                }
                let (x, y, dx, dy, kind) = try call.read { r in
                    (try r.readDouble(), try r.readDouble(), try r.readDouble(), try r.readDouble(), try r.readString())
                }
                let point = try HostBusErrors.point(x, y, "Scroll point")
                let delta: Point
                switch ScriptedScroll.checkDelta(dx, dy, what: "Scroll delta") {
                case .success(let value): delta = value
                case .failure(let error): throw HostBusErrors.invalidValue(error.message)
                }
                guard let type = ScrollType(wireName: kind) else {
                    throw HostBusErrors.invalidValue("Scroll kind '\(kind)' is not 'discrete' (a wheel step) or 'continuous' (a trackpad gesture)")
                }
                window.activateSceneForScriptedInput()  // [WS-11]
                if let isolated = host.isolation?.scene(of: window), let index = isolated.index(of: window) {
                    // The scene process scrolls its own window and says which scroll view took it.
                    let command = SceneCommand.scroll(
                        window: UInt32(index), x: point.x, y: point.y, dx: delta.x, dy: delta.y, continuous: type == .continuous)
                    return isolated.forward(command, reply: reply) { [.string($0.text)] }
                }
                let view = ScriptedScroll.scroll(type, by: delta, at: point, in: window, application: host.application)
                reply.reply([.string(view.map(ViewReference.reference(for:)) ?? "")])
            } catch {
                reply.fail(error)
            }
        }
    }
}
