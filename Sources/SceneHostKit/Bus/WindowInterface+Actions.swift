import DBusKit
import SceneBusContract
import SceneBusServing
import SceneCore

/// `Window1.PerformActions`: WebDriver's Perform Actions body, delivered as the same scripted input
/// records as `InjectTouches` (one slot per pointer) and `SendKey` (key sources), in the window's
/// coordinates (``ActionsPlayer``).
@MainActor
extension WindowInterface {
    static func performActions(number: Int, service: HostBusService) -> HostMethod {
        let host = service.host
        return .deferredMethod("PerformActions", access: .changes, inputs: [.init("json", .string)], outputs: [.init("hits", "as")]) { call, reply in
            do {
                let injector = try service.admit(call)
                guard let window = service.publisher.window(number: number) else { throw HostBusErrors.gone("window \(number)") }
                try refuseStandIn(window, call, service: service)
                guard window.takesScriptedInput else {
                    throw HostBusErrors.invalidState("window \(number) ('\(window.title)') is hidden or its scene is disconnected; it takes no touches")
                }
                let json = try call.read { reader in try reader.readString() }
                let timeline: ActionsTimeline
                do throws(ActionsError) {
                    let actions = try PointerActions.parse(json: json, maximumActions: injector.limits.samplesPerCall)
                    timeline = try actions.timeline(in: .window(window)) { reference in
                        guard let view = window.view(forReference: reference) else { return nil }
                        return host.selectors.visibleRect(of: view)?.center
                    }
                } catch {
                    throw busError(error)
                }
                // The actions are valid: the scene becomes active as for a touch on its window [WS-11].
                window.activateSceneForScriptedInput()
                try ActionsPlayer.play(timeline, injector: injector) { touches in
                    reply.reply([.array(element: .string, touches.map { .string($0?.view.map(ViewReference.reference(for:)) ?? "") })])
                }
            } catch let error as InputError {
                reply.fail(error.busError)
            } catch {
                reply.fail(error)
            }
        }
    }

    static func busError(_ error: ActionsError) -> BusError {
        switch error.code {
        case .invalidArgument: BusError(name: .invalidArgs, message: error.description)
        case .limitExceeded: BusError(name: SceneBusContract.ErrorNames.limitsExceeded, message: error.description)
        case .unknownElement: BusError(name: SceneBusContract.ErrorNames.unknownView, message: error.description)
        }
    }
}
