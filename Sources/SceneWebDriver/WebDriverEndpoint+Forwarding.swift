import Dispatch
import Foundation
import Logging
public import SceneCore

/// Commands that read or touch the views of a scene in a process of its own go to that process's
/// endpoint (``WebDriverHost/forward(_:sessionID:to:injectsInput:completion:)``), which adopts the session and
/// answers as the host would answer for a scene of its own; its element ids name the process, so
/// that a later element command finds its way back. The board keeps the sessions, and waits out a
/// find's implicit wait itself: the process answers each find at once, and the board asks again
/// after every change it hears of, so a scene process is never left holding a call for seconds.
extension WebDriverEndpoint {
    /// The scene whose process answers the command with these path parameters, or nil when this
    /// endpoint answers it.
    ///
    /// - Throws: `invalid session id` for an unknown session; `stale element reference` for an
    ///   element of a scene process that has ended.
    func forwardingScene(_ parameters: [String: String]) throws(WebDriverError) -> WindowScene? {
        let session = try session(parameters)
        if let id = parameters["elementId"] {
            guard case .unknown = registry.lookup(id) else { return nil }
            switch host.elementOwner(id) {
            case .scene(let scene): return scene
            case .endedProcess(let why):
                throw WebDriverError(.staleElementReference, "element '\(id)' is stale: \(why); find it again")
            case nil: return nil
            }
        }
        guard let scene = host.application.scene(named: session.sceneName), host.forwardsViews(of: scene) else { return nil }
        return scene
    }

    /// Forwards `request` to `scene`'s process; a find that found nothing is asked again after
    /// every change until the session's implicit wait is over.
    func forward(_ request: WebDriverRequest, route: Route, to scene: WindowScene, _ call: Call) {
        let session: WebDriverSession
        do throws(WebDriverError) {
            session = try self.session(call)
        } catch {
            return call.fail(error)
        }
        let isFind = route.pattern.last == "element" || route.pattern.last == "elements"
        // The scene process serves no input policy: the board's is checked here.
        let input = Self.inputCommands[route.pattern.last.map(String.init) ?? ""]
        if let input {
            do throws(WebDriverError) {
                try checkInputAllowed(input)
            } catch {
                return call.fail(error)
            }
        }
        let deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, session.implicitWait) * 1e9)
        var logged = false
        func ask() {
            host.forward(request, sessionID: session.id, to: scene, injectsInput: input != nil) { [self] response, changed in
                let now = DispatchTime.now().uptimeNanoseconds
                guard isFind, now < deadline, Self.foundNothing(response), sessions.contains(where: { $0 === session }) else {
                    return call.reply(response)
                }
                if changed {
                    // The host changed while the process answered: ask again on a later turn.
                    DispatchQueue.main.async { MainActor.assumeIsolated { ask() } }
                } else {
                    host.afterNextChange(timeout: Double(deadline - now) / 1e9) { ask() }
                }
                // Registered: a test can move the clock after this line.
                if !logged {
                    logged = true
                    logger.debug(
                        "webdriver: find waiting",
                        metadata: ["session": "\(session.id)", "scene": "\(scene.name)", "ms": "\(JSON.format(session.implicitWait * 1000))"])
                }
            }
        }
        ask()
    }

    /// Asks each scene process whose element `body` names (an element reference object, or an
    /// `elementId` or `element` string) for that element's rect, keeps them in ``prefetchedRects``
    /// and then runs `command`; an element the process no longer has answers the command with the
    /// process's own error (`stale element reference`, `no such element`).
    func prefetchElementRects(_ body: JSON, for call: Call, then command: @escaping @MainActor () -> Void) {
        var ids: [(String, WindowScene)] = []
        Self.collectElementIDs(in: body) { id in
            guard case .unknown = registry.lookup(id), case .scene(let scene)? = host.elementOwner(id), !ids.contains(where: { $0.0 == id }) else { return }
            ids.append((id, scene))
        }
        guard !ids.isEmpty, let sessionID = call.parameters["sessionId"] else { return command() }
        var rects: [String: Rect] = [:]
        func next(_ index: Int) {
            guard index < ids.count else {
                prefetchedRects = rects
                return command()
            }
            let (id, scene) = ids[index]
            let request = WebDriverRequest(method: "GET", path: "/session/\(sessionID)/element/\(id)/rect")
            host.forward(request, sessionID: sessionID, to: scene, injectsInput: false) { response, _ in
                guard response.status == 200, let value = (try? JSON.parse(response.body))?["value"],
                    let x = value["x"]?.numberValue, let y = value["y"]?.numberValue, let width = value["width"]?.numberValue, let height = value["height"]?.numberValue
                else {
                    return call.reply(response)
                }
                rects[id] = Rect(x: x, y: y, width: width, height: height)
                next(index + 1)
            }
        }
        next(0)
    }

    /// Every string that names an element in `json`: element reference objects' ids, and the values
    /// of `elementId` and `element` members.
    static func collectElementIDs(in json: JSON, _ found: (String) -> Void) {
        switch json {
        case .object(let members):
            for (key, value) in members {
                if key == elementKey || key == "ELEMENT" || key == "elementId" || key == "element", let id = value.stringValue {
                    found(id)
                } else {
                    collectElementIDs(in: value, found)
                }
            }
        case .array(let values):
            for value in values { collectElementIDs(in: value, found) }
        default:
            break
        }
    }

    /// The element commands that inject input, by their path's last segment, with their names.
    static let inputCommands = ["click": "element click", "clear": "element clear", "value": "element send keys"]

    /// A find's answer that found nothing: `no such element`, or an empty list.
    static func foundNothing(_ response: WebDriverResponse) -> Bool {
        if response.status == WebDriverError.Code.noSuchElement.httpStatus,
            (try? JSON.parse(response.body))?["value"]?["error"]?.stringValue == WebDriverError.Code.noSuchElement.rawValue
        {
            return true
        }
        return response.status == 200 && response.body == emptyList
    }

    private static let emptyList = Data(JSON.object([("value", .array([]))]).encoded())

    /// Adopts the board's session `id`, driving `sceneName` (a scene process's endpoint, for the
    /// commands the board forwards): made on first use, its scene kept current; its implicit wait
    /// stays 0, the board waits. At most ``adoptedSessions`` are kept, the least recently used
    /// dropped (its element ids stay valid: they belong to the endpoint, not the session).
    public func adoptSession(id: String, sceneName: String) {
        if let index = sessions.firstIndex(where: { $0.id == id }) {
            let session = sessions[index]
            session.sceneName = sceneName
            remove(session)
            add(session)
            return
        }
        if sessions.count >= Self.adoptedSessions, let oldest = sessions.first { remove(oldest) }
        add(WebDriverSession(id: id, capabilities: .object([]), implicitWait: 0, sceneName: sceneName))
    }

    public static let adoptedSessions = 64

    /// The view element `id` names now; nil for an id this endpoint did not give out or a stale one
    /// (a scene process resolves the element origins of W3C actions the board forwards with it).
    public func view(forElement id: String) -> View? {
        guard case .view(let view) = registry.lookup(id) else { return nil }
        return view
    }
}
