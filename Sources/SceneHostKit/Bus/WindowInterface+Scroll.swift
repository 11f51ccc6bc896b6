import DBusKit
import SceneBusServing
import SceneCore

/// `Window1.Scroll`: one wheel step or trackpad gesture at a window point (``ScriptedScroll``).
@MainActor
extension WindowInterface {
    static func scroll(number: Int, service: HostBusService) -> HostMethod {
        let host = service.host
        return .method(
            "Scroll", access: .changes,
            inputs: [.init("x", .double), .init("y", .double), .init("dx", .double), .init("dy", .double), .init("kind", .string)],
            outputs: [.init("view", .string)]
        ) { call in
            _ = try service.admit(call)
            guard let window = service.publisher.window(number: number) else { throw HostBusErrors.gone("window \(number)") }
            try refuseStandIn(window, call, service: service)
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
            let view = ScriptedScroll.scroll(type, by: delta, at: point, in: window, application: host.application)
            return [.string(view.map(ViewReference.reference(for:)) ?? "")]
        }
    }
}
