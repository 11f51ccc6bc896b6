import DBusKit
import SceneBusContract
import SceneBusServing
import SceneCore

/// `Host1.Find` and `Host1.TapMatching`: selectors parsed once, matched against the live trees; the
/// strict tap checks its target with the host's own hit test on the same main-loop turn that
/// delivers the touch.
@MainActor
extension HostInterface {
    static func selectorMethods(service: HostBusService) -> [HostMethod] {
        let host = service.host
        return [
            .writingMethod("Find", access: .reads, inputs: [.init("selector", .string)], outputs: [.init("matches", "a(os)")]) { call, writer in
                _ = try service.admit(call)
                let selector = try parseSelector(try call.read { reader in try reader.readString() })
                let matches = host.selectors.matches(selector, in: host.application)
                try writer.appendArray(of: "(os)") { array in
                    for match in matches {
                        try array.appendStruct { item in
                            try item.append(service.publisher.path(of: match.window))
                            try item.append(ViewReference.reference(for: match.view))
                        }
                    }
                }
            },
            .deferredMethod(
                "TapMatching", access: .changes, inputs: [.init("selector", .string), .init("timeout", .double)],
                outputs: [.init("window", .objectPath), .init("view", .string)]
            ) { call, reply in
                do {
                    let injector = try service.admit(call)
                    let (text, timeout) = try call.read { reader in (try reader.readString(), try reader.readDouble()) }
                    let selector = try parseSelector(text)
                    let wait = try waitTimeout(timeout, "TapMatching timeout")
                    // Taps the one match if it is ready now; false when it is not.
                    let attempt: @MainActor () -> Bool = {
                        guard case .ready(let match, let point) = TapReadiness.evaluate(selector, matcher: host.selectors, application: host.application)
                        else { return false }
                        // The down is delivered before run returns, on this turn: its own hit test is
                        // the one just made, once the scene is active, as a click makes it [WS-11].
                        match.window.activateSceneForScriptedInput()
                        do throws(InputError) {
                            try injector.run(ScriptedGestures.tap(at: point, in: match.window, count: 1)) { touches in
                                let touch = touches.first ?? nil
                                reply.reply([
                                    .objectPath(service.publisher.path(of: touch?.window)),
                                    .string(touch?.view.map(ViewReference.reference(for:)) ?? ""),
                                ])
                            }
                        } catch {
                            reply.fail(error.busError)
                        }
                        return true
                    }
                    host.pendingWork.wait(timeout: wait, until: attempt) {
                        guard !attempt() else { return }
                        let readiness = TapReadiness.evaluate(selector, matcher: host.selectors, application: host.application)
                        reply.fail(tapFailure(readiness, selector: text, timeout: wait, publisher: service.publisher))
                    }
                } catch {
                    reply.fail(error)
                }
            },
        ]
    }

    /// Parses a selector, or InvalidArgs naming the column.
    static func parseSelector(_ text: String) throws -> ViewSelector {
        do throws(SelectorError) {
            return try ViewSelector.parse(text)
        } catch {
            throw BusError(name: .invalidArgs, message: "selector '\(text)': \(error.description)")
        }
    }

    /// The error a `TapMatching` that ran out of time answers with.
    static func tapFailure(_ readiness: TapReadiness, selector: String, timeout: Double, publisher: BusPublisher) -> BusError {
        func name(_ match: SelectorMatcher.Match) -> String {
            "\(ViewReference.reference(for: match.view)) in \(publisher.path(of: match.window).rawValue)"
        }
        let waited = timeout > 0 ? " after \(timeout.compactDescription) s" : ""
        switch readiness {
        case .ready(let match, _):
            // Not reached: a ready target is tapped instead.
            return BusError(name: SceneBusContract.ErrorNames.timeout, message: "'\(selector)' became ready (\(name(match))) only as the wait ended; try again")
        case .noMatch:
            return BusError(
                name: SceneBusContract.ErrorNames.noMatch,
                message: "no view matches '\(selector)'\(waited); list what is there with Find or DescribeTree (scenectl find, scenectl tree)")
        case .ambiguous(let matches):
            return BusError(
                name: SceneBusContract.ErrorNames.ambiguous,
                message: "'\(selector)' matches \(matches.count) views\(waited): \(matches.map(name).joined(separator: ", ")); make it match one (an #identifier, a parent, :visible)")
        case .notVisible(let match):
            return BusError(
                name: SceneBusContract.ErrorNames.timeout,
                message: "'\(selector)' matches \(name(match)), but it is not visible\(waited) (hidden, transparent, outside its window, or its scene is in the background)")
        case .notEnabled(let match):
            return BusError(
                name: SceneBusContract.ErrorNames.timeout,
                message: "'\(selector)' matches \(name(match)), but it is not enabled\(waited) (a disabled control, or user interaction is off)")
        case .notHittable(let match, let point, let hit):
            let other = hit.map { "\(ViewReference.reference(for: $0.view)) in \(publisher.path(of: $0.window).rawValue)" } ?? "no view"
            return BusError(
                name: SceneBusContract.ErrorNames.notHittable,
                message: "'\(selector)' matches \(name(match)), but a touch at its centre (\(point.x.compactDescription), \(point.y.compactDescription)) would go to \(other)\(waited)")
        }
    }
}
