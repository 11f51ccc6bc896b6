import DBusKit
import Dispatch
import SceneBusServing
import SceneChannel
import SceneCore

/// `Host1.Find` and `Host1.TapMatching` on a board with scenes in processes of their own: each
/// search asks the scene processes (``BoardSelectorSearch``), so a wait checks again after every
/// change the board hears of (a model event, a process's frame, signal or busy list) instead of as
/// a condition on the turn.
@MainActor
extension HostInterface {
    static func findIsolated(_ selector: ViewSelector, text: String, reply: DeferredReply, service: HostBusService) {
        let host = service.host
        let search = BoardSelectorSearch(matcher: host.selectors, application: host.application, isolation: host.isolation)
        Task { @MainActor in
            do throws(SceneCallError) {
                let result = try await search.run(selector, text: text)
                reply.reply { writer in
                    try writeMatches(result.matches.lazy.map { (service.publisher.path(of: $0.window), $0.reference) }, to: &writer)
                }
            } catch {
                reply.fail(error.busError)
            }
        }
    }

    /// Searches until the one match is ready, then taps it: in the board's model on the turn it was
    /// found ready, or by its scene process (which hit-tests again as it delivers). Searches again
    /// after every change, paced by what a search costs; at the end of `wait` answers the last
    /// reason it was not ready.
    static func tapMatchingIsolated(
        _ selector: ViewSelector, text: String, wait: Double, injector: TouchInjector, reply: DeferredReply, service: HostBusService
    ) {
        let host = service.host
        let search = BoardSelectorSearch(matcher: host.selectors, application: host.application, isolation: host.isolation)
        let deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(wait * 1e9)
        Task { @MainActor in
            while true {
                let seen = host.pendingWork.changeCount
                let start = host.pendingWork.timestamp()
                let result: BoardSelectorSearch.Result
                do throws(SceneCallError) {
                    result = try await search.run(selector, text: text, scrollingRowsIntoView: true)
                } catch {
                    return reply.fail(error.busError)
                }
                if case .ready(let target, let point) = result.readiness {
                    return tap(target, at: point, injector: injector, reply: reply, service: service)
                }
                let now = DispatchTime.now().uptimeNanoseconds
                guard now < deadline else {
                    return reply.fail(
                        tapFailure(result.readiness, selector: text, timeout: wait, publisher: service.publisher, unsearched: result.unsearched))
                }
                // The search's own calls ended one change each; only more than that is news (a
                // search after every call's end would keep the board and the processes busy).
                if host.pendingWork.changeCount &- seen <= UInt64(result.calls) {
                    await host.pendingWork.nextChange(timeout: Double(deadline - now) / 1e9, lastCheck: (start, host.pendingWork.timestamp()))
                } else {
                    // Something changed while the scene processes answered: look again on a later turn.
                    await Task.yield()
                }
            }
        }
    }

    /// Taps a target found ready: in the board's model at once, or through its scene process.
    private static func tap(_ target: BoardTapReadiness.Target, at point: Point, injector: TouchInjector, reply: DeferredReply, service: HostBusService) {
        guard target.local == nil, let isolation = service.host.isolation, let isolated = isolation.scene(of: target.window) else {
            return tapInModel(target.window, at: point, injector: injector, reply: reply, publisher: service.publisher)
        }
        let samples = ScriptedGestures.tap(at: point, in: target.window, count: 1)
        do throws(InputError) {
            try injector.validate(samples)
        } catch {
            return reply.fail(error.busError)
        }
        target.window.activateSceneForScriptedInput()
        Task { @MainActor in
            do throws(SceneCallError) {
                let outcome = try await isolation.run(samples, on: isolated)
                if let error = outcome.inputError { return reply.fail(error.busError) }
                let began = outcome.began.first
                let window = began.flatMap { $0.window >= 0 && Int($0.window) < isolated.windows.count ? isolated.windows[Int($0.window)] : nil }
                reply.reply([.objectPath(service.publisher.path(of: window)), .string(began?.view ?? "")])
            } catch {
                reply.fail(error.busError)
            }
        }
    }
}
