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
            .deferredMethod("Find", access: .reads, inputs: [.init("selector", .string)], outputs: [.init("matches", "a(os)")]) { call, reply in
                do {
                    _ = try service.admit(call)
                    let text = try call.read { reader in try reader.readString() }
                    let selector = try parseSelector(text)
                    if let isolation = host.isolation, !isolation.scenes.isEmpty {
                        return findIsolated(selector, text: text, reply: reply, service: service)
                    }
                    let matches = host.selectors.matches(selector, in: host.application)
                    reply.reply { writer in
                        try writeMatches(matches.lazy.map { (service.publisher.path(of: $0.window), $0.reference) }, to: &writer)
                    }
                } catch {
                    reply.fail(error)
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
                    if let isolation = host.isolation, !isolation.scenes.isEmpty {
                        return tapMatchingIsolated(selector, text: text, wait: wait, injector: injector, reply: reply, service: service)
                    }
                    // Taps the one match if it is ready now; false when it is not.
                    let attempt: @MainActor () -> Bool = {
                        guard
                            case .ready(let match, let point) = TapReadiness.evaluate(
                                selector, matcher: host.selectors, application: host.application, scrollingRowsIntoView: true)
                        else { return false }
                        tapInModel(match.window, at: point, injector: injector, reply: reply, publisher: service.publisher)
                        return true
                    }
                    host.pendingWork.wait(timeout: wait, until: attempt) {
                        guard !attempt() else { return }
                        let readiness = TapReadiness.evaluate(selector, matcher: host.selectors, application: host.application)
                        reply.fail(tapFailure(BoardTapReadiness(readiness), selector: text, timeout: wait, publisher: service.publisher))
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

    /// Taps `point` of `window` (a window of the board's own model) and answers with the window and
    /// view the touch hit. The down is delivered before this returns, on this turn: its own hit test
    /// is the one the caller just made, once the scene is active, as a click makes it [WS-11].
    static func tapInModel(_ window: Window, at point: Point, injector: TouchInjector, reply: DeferredReply, publisher: BusPublisher) {
        window.activateSceneForScriptedInput()
        do throws(InputError) {
            try injector.run(ScriptedGestures.tap(at: point, in: window, count: 1)) { touches in
                let touch = touches.first ?? nil
                reply.reply([.objectPath(publisher.path(of: touch?.window)), .string(touch?.view.map(ViewReference.reference(for:)) ?? "")])
            }
        } catch {
            reply.fail(error.busError)
        }
    }

    /// Writes `Find`'s answer: each match's window path and view reference.
    static func writeMatches(_ matches: some Sequence<(ObjectPath, String)>, to writer: inout MessageWriter) throws {
        try writer.appendArray(of: "(os)") { array in
            for (path, reference) in matches {
                try array.appendStruct { item in
                    try item.append(path)
                    try item.append(reference)
                }
            }
        }
    }

    /// The error a `TapMatching` that ran out of time answers with; `unsearched` names the scenes in
    /// processes of their own that could not be searched, and why.
    static func tapFailure(
        _ readiness: BoardTapReadiness, selector: String, timeout: Double, publisher: BusPublisher, unsearched: [(scene: String, reason: String)] = []
    ) -> BusError {
        func name(_ match: BoardTapReadiness.Target) -> String {
            let path = publisher.path(of: match.window).rawValue
            return match.reference.isEmpty ? "window \(path)" : "\(match.reference) in \(path)"
        }
        let waited = timeout > 0 ? " after \(timeout.compactDescription) s" : ""
        // The first ten names, then how many more (a table's rows can be thousands of matches).
        func listed(_ names: [String]) -> String {
            let shown = names.prefix(10).joined(separator: ", ")
            return names.count > 10 ? "\(shown) and \(names.count - 10) more" : shown
        }
        switch readiness {
        case .ready(let match, _):
            // Not reached: a ready target is tapped instead.
            return BusError(name: SceneBusContract.ErrorNames.timeout, message: "'\(selector)' became ready (\(name(match))) only as the wait ended; try again")
        case .noMatch:
            let skipped = unsearched.map { "; scene '\($0.scene)' was not searched: \($0.reason)" }.joined()
            return BusError(
                name: SceneBusContract.ErrorNames.noMatch,
                message: "no view matches '\(selector)'\(waited)\(skipped); list what is there with Find or DescribeTree (scenectl find, scenectl tree)")
        case .ambiguous(let matches):
            return BusError(
                name: SceneBusContract.ErrorNames.ambiguous,
                message: "'\(selector)' matches \(matches.count) views\(waited): \(listed(matches.map(name))); make it match one (an #identifier, a parent, :visible)")
        case .notVisible(let match):
            return BusError(
                name: SceneBusContract.ErrorNames.timeout,
                message: "'\(selector)' matches \(name(match)), but it is not visible\(waited) (hidden, transparent, outside its window, or its scene is in the background)")
        case .notEnabled(let match):
            return BusError(
                name: SceneBusContract.ErrorNames.timeout,
                message: "'\(selector)' matches \(name(match)), but it is not enabled\(waited) (a disabled control, or user interaction is off)")
        case .notHittable(let match, let point, let hit):
            let other = hit.map(name) ?? "no view"
            return BusError(
                name: SceneBusContract.ErrorNames.notHittable,
                message: "'\(selector)' matches \(name(match)), but a touch at its centre (\(point.x.compactDescription), \(point.y.compactDescription)) would go to \(other)\(waited)")
        }
    }
}
