import Dispatch
public import Logging
import SceneCore
import SceneViewTree

/// The WebDriver protocol on the main actor: routes each request (at `/` and at `/wd/hub`) to its
/// command, keeps the sessions, the element ids and the page-source machinery, and answers in W3C
/// form. Transport-free: ``WebDriverServer`` feeds it HTTP requests; tests may call
/// ``handle(_:reply:)`` directly.
///
/// Every command runs on the main actor, like the model. A command that has to wait (a find with an
/// implicit wait, a gesture with timed steps, `mobile: waitForIdle`) answers later through `reply`,
/// from the host's own notifications; the main thread never blocks. Bad input answers the W3C error
/// code with its HTTP status and a message naming the bad value.
@MainActor
public final class WebDriverEndpoint {
    let host: any WebDriverHost
    let logger: Logger
    let registry: ElementRegistry
    let tags = TagNames()
    let xpathDocuments = XPathDocumentCache()
    /// Class names for ``PageOutline`` (remembered by class).
    let typeNames = ViewTreeWalker()
    /// The size of the last `GET /source` answer (the next one's buffer starts that large).
    var sourceBytes = 0
    /// Where `GET /source` writes its text while the main actor walks the views (serial: the
    /// records of one walk stay in order).
    let sourceQueue = DispatchQueue(label: "scene-host.webdriver.source", qos: .userInitiated)
    /// The scene rectangles of scene-process elements the running command names (an action's
    /// origin, a `mobile:` gesture's element), fetched from their process just before it runs
    /// (``prefetchElementRects(_:for:then:)``); empty between commands.
    var prefetchedRects: [String: Rect] = [:]
    /// Live sessions, oldest first.
    private(set) var sessions: [WebDriverSession] = []
    private var nextSession = 1

    /// `elementPrefix` begins every element id this endpoint gives out (a scene process's endpoint
    /// names its process with it).
    public init(host: any WebDriverHost, logger: Logger, elementPrefix: String = "view-") {
        self.host = host
        self.logger = logger
        registry = ElementRegistry(prefix: elementPrefix)
    }

    /// Answers one request; `reply` runs once, on the main actor, now or later. Pending layout runs
    /// first [LY-5]: every command reads the frames that will be drawn.
    public func handle(_ request: WebDriverRequest, reply: @escaping @MainActor (WebDriverResponse) -> Void) {
        host.application.layoutIfNeeded()
        let segments = Self.segments(of: request.path)
        let candidates = Self.routes.compactMap { route in route.match(segments).map { (route, $0) } }
        guard !candidates.isEmpty else {
            return reply(.failure(WebDriverError(
                .unknownCommand,
                "\(request.method) \(request.path) is not a WebDriver command SceneHost serves; see docs/webdriver.md for the routes")))
        }
        guard let (route, parameters) = candidates.first(where: { $0.0.method == request.method }) else {
            let allowed = candidates.map(\.0.method).joined(separator: ", ")
            return reply(.failure(WebDriverError(.unknownMethod, "\(request.path) does not take \(request.method); it takes \(allowed)")))
        }
        let body: JSON
        do {
            body = try Self.body(of: request)
        } catch {
            return reply(.failure(error))
        }
        let call = Call(parameters: parameters, body: body, rawBody: request.body, reply: reply)
        if route.readsViews {
            do throws(WebDriverError) {
                if let scene = try forwardingScene(parameters) { return forward(request, route: route, to: scene, call) }
            } catch {
                return call.fail(error)
            }
        }
        if route.namesElements {
            return prefetchElementRects(body, for: call) { [self] in
                route.command(self)(call)
                prefetchedRects = [:]
            }
        }
        route.command(self)(call)
    }

    /// The path's segments, without the `/wd/hub` prefix, empty ones dropped.
    static func segments(of path: String) -> [Substring] {
        var segments = path.split(separator: "/", omittingEmptySubsequences: true)
        if segments.count >= 2, segments[0] == "wd", segments[1] == "hub" { segments.removeFirst(2) }
        return segments
    }

    /// A POST body must be a JSON object (W3C); other methods' bodies are ignored.
    static func body(of request: WebDriverRequest) throws(WebDriverError) -> JSON {
        guard request.method == "POST" else { return .null }
        let text = request.body.drop(while: isJSONSpace)
        guard !text.isEmpty else { return .object([]) }
        // `{}`, what clients send to element click and clear, without a JSON decoder.
        let inside = text.dropFirst().drop(while: isJSONSpace)
        if text.first == UInt8(ascii: "{"), inside.first == UInt8(ascii: "}"), inside.dropFirst().allSatisfy(isJSONSpace) { return .object([]) }
        let body = try JSON.parse(request.body)
        guard case .object = body else {
            throw WebDriverError(.invalidArgument, "the body of POST \(request.path) must be a JSON object, not \(body.kindName)")
        }
        return body
    }

    /// JSON's white space (RFC 8259): space, tab, line feed, carriage return.
    private static func isJSONSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    // MARK: Sessions and elements for commands

    /// The session a command names.
    func session(_ call: Call) throws(WebDriverError) -> WebDriverSession {
        try session(call.parameters)
    }

    /// The session a command's path parameters name.
    func session(_ parameters: [String: String]) throws(WebDriverError) -> WebDriverSession {
        let id = parameters["sessionId"] ?? ""
        guard let session = sessions.first(where: { $0.id == id }) else {
            let live = sessions.map(\.id)
            throw WebDriverError(
                .invalidSessionID,
                "no session '\(id)'\(live.isEmpty ? "; there is none: create one with POST /session" : "; the live ones are \(live.joined(separator: ", "))")")
        }
        return session
    }

    /// The scene a session drives.
    func scene(of session: WebDriverSession) throws(WebDriverError) -> WindowScene {
        guard let scene = host.application.scene(named: session.sceneName) else {
            throw WebDriverError(
                .noSuchWindow,
                "the session's window, scene '\(session.sceneName)', is no longer connected; switch to one of \(sceneNames) with POST /session/\(session.id)/window")
        }
        return scene
    }

    var sceneNames: String {
        let names = host.application.connectedScenes.map(\.name)
        return names.isEmpty ? "(no scene is connected)" : names.joined(separator: ", ")
    }

    /// The view an element id names.
    func element(_ id: String) throws(WebDriverError) -> View {
        switch registry.lookup(id) {
        case .view(let view): return view
        case .stale:
            throw WebDriverError(
                .staleElementReference, "element '\(id)' is stale: its view was removed from its window (or its scene disconnected); find it again")
        case .unknown:
            throw WebDriverError(.noSuchElement, "no element has the id '\(id)'; element ids come from the find commands")
        }
    }

    /// The element a command's path names (`:elementId`).
    func element(_ call: Call) throws(WebDriverError) -> View {
        try element(call.parameters["elementId"] ?? "")
    }

    /// Refuses a command that injects input when the input policy says so.
    func checkInputAllowed(_ what: String) throws(WebDriverError) {
        if let refusal = host.inputRefusal {
            throw WebDriverError(.unsupportedOperation, "\(what) injects input, and \(refusal)")
        }
    }

    /// How a view is named in messages: its reference and its element id.
    func describe(_ view: View) -> String {
        "'\(ViewReference.reference(for: view))' (element \(registry.id(for: view)))"
    }

    /// The wire form of an element reference.
    func elementJSON(_ view: View) -> JSON {
        let id = registry.id(for: view)
        return .object([(Self.elementKey, .string(id)), ("ELEMENT", .string(id))])
    }

    /// W3C's key for an element reference.
    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    // MARK: Session bookkeeping

    func add(_ session: WebDriverSession) {
        sessions.append(session)
    }

    func remove(_ session: WebDriverSession) {
        sessions.removeAll { $0 === session }
    }

    func makeSessionID() -> String {
        defer { nextSession += 1 }
        var generator = SystemRandomNumberGenerator()
        let random = (0..<4).map { _ in String(generator.next() as UInt32, radix: 16) }.joined()
        return "scenehost-\(nextSession)-\(random)"
    }
}
