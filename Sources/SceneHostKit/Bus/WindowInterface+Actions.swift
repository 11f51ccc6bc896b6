import DBusKit
import SceneBusContract
import SceneBusServing
import SceneCore

/// `Window1.PerformActions`: WebDriver's Perform Actions body, delivered as the same scripted input
/// records as `InjectTouches` (one slot per touch pointer), in the window's coordinates.
@MainActor
extension WindowInterface {
    static func performActions(number: Int, service: HostBusService) -> HostMethod {
        let host = service.host
        return .deferredMethod("PerformActions", access: .changes, inputs: [.init("json", .string)], outputs: [.init("hits", "as")]) { call, reply in
            do {
                let injector = try service.admit(call)
                guard let window = service.publisher.window(number: number) else { throw HostBusErrors.gone("window \(number)") }
                guard window.takesTouchesForScripts else {
                    throw HostBusErrors.invalidState("window \(number) ('\(window.title)') is hidden or its scene is not active; it takes no touches")
                }
                let json = try call.read { reader in try reader.readString() }
                let limits = injector.limits
                let (samples, trailing): ([InputSample], Double)
                do throws(ActionsError) {
                    let actions = try PointerActions.parse(json: json, maximumActions: limits.samplesPerCall)
                    (samples, trailing) = try actions.samples(in: window) { reference in
                        guard let view = window.view(forReference: reference) else { return nil }
                        return host.selectors.visibleRect(of: view)?.center
                    }
                } catch {
                    throw busError(error)
                }
                let total = samples.reduce(0) { $0 + $1.delay } + trailing
                guard total <= limits.scriptSeconds else {
                    throw BusError(
                        name: SceneBusContract.ErrorNames.limitsExceeded,
                        message: "the actions last \(total.compactDescription) s; the limit is \(limits.scriptSeconds.compactDescription) s (bus.limits.script-seconds)")
                }
                try injector.run(samples) { touches in
                    let hits: [BusValue] = touches.map { .string($0?.view.map(ViewReference.reference(for:)) ?? "") }
                    let answer: @MainActor () -> Void = { reply.reply([.array(element: .string, hits)]) }
                    guard trailing > 0 else { return answer() }
                    // Trailing pauses: the body lasts until they are over.
                    if let clock = host.clock as? VirtualClock {
                        clock.advance(by: trailing)
                        answer()
                    } else {
                        _ = host.clock.schedule(after: trailing, answer)
                    }
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
