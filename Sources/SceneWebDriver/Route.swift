/// One WebDriver command's place: an HTTP method and a path pattern whose `:name` segments become
/// the command's parameters.
@MainActor
struct Route {
    let method: String
    let pattern: [Substring]
    let command: (WebDriverEndpoint) -> (Call) -> Void
    /// The command reads or touches views (finds, the page source, the active element, element
    /// commands): for a scene in a process of its own, that process's endpoint answers it.
    let readsViews: Bool
    /// The body may name elements whose place the command needs (an action's origin, a `mobile:`
    /// gesture's element): those of a scene process are asked for first.
    let namesElements: Bool

    init(
        _ method: String, _ pattern: String, readsViews: Bool = false, namesElements: Bool = false,
        _ command: @escaping (WebDriverEndpoint) -> (Call) -> Void
    ) {
        self.method = method
        self.pattern = pattern.split(separator: "/")
        self.readsViews = readsViews
        self.namesElements = namesElements
        self.command = command
    }

    /// The parameters when `segments` fit the pattern.
    ///
    /// Every literal segment is compared before any parameter is made: a request is tried against
    /// every route, and most of those that have its length differ in a literal.
    func match(_ segments: [Substring]) -> [String: String]? {
        guard segments.count == pattern.count else { return nil }
        for (segment, wanted) in zip(segments, pattern) where wanted.first != ":" && segment != wanted {
            return nil
        }
        var parameters: [String: String] = [:]
        for (segment, wanted) in zip(segments, pattern) where wanted.first == ":" {
            parameters[String(wanted.dropFirst())] = String(segment).removingPercentEncodingIfValid
        }
        return parameters
    }
}

extension String {
    /// The text with `%XX` escapes decoded, or itself when they do not decode.
    var removingPercentEncodingIfValid: String {
        guard utf8.contains(UInt8(ascii: "%")) else { return self }
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? self
    }
}

extension WebDriverEndpoint {
    /// Every command served (docs/webdriver.md lists them).
    static let routes: [Route] = [
        Route("GET", "status", { $0.status }),
        Route("POST", "session", { $0.newSession }),
        Route("GET", "sessions", { $0.listSessions }),
        Route("GET", "appium/sessions", { $0.listSessions }),
        Route("GET", "session/:sessionId", { $0.getSession }),
        Route("DELETE", "session/:sessionId", { $0.deleteSession }),
        Route("GET", "session/:sessionId/timeouts", { $0.getTimeouts }),
        Route("POST", "session/:sessionId/timeouts", { $0.setTimeouts }),
        Route("GET", "session/:sessionId/source", readsViews: true, { $0.source }),
        Route("POST", "session/:sessionId/element", readsViews: true, { $0.findElement }),
        Route("POST", "session/:sessionId/elements", readsViews: true, { $0.findElements }),
        Route("GET", "session/:sessionId/element/active", readsViews: true, { $0.activeElement }),
        Route("POST", "session/:sessionId/element/:elementId/element", readsViews: true, { $0.findElement }),
        Route("POST", "session/:sessionId/element/:elementId/elements", readsViews: true, { $0.findElements }),
        Route("POST", "session/:sessionId/element/:elementId/click", readsViews: true, { $0.click }),
        Route("POST", "session/:sessionId/element/:elementId/clear", readsViews: true, { $0.clear }),
        Route("POST", "session/:sessionId/element/:elementId/value", readsViews: true, { $0.sendKeys }),
        Route("GET", "session/:sessionId/element/:elementId/text", readsViews: true, { $0.text }),
        Route("GET", "session/:sessionId/element/:elementId/name", readsViews: true, { $0.tagName }),
        Route("GET", "session/:sessionId/element/:elementId/rect", readsViews: true, { $0.rect }),
        Route("GET", "session/:sessionId/element/:elementId/attribute/:name", readsViews: true, { $0.attribute }),
        Route("GET", "session/:sessionId/element/:elementId/property/:name", readsViews: true, { $0.attribute }),
        Route("GET", "session/:sessionId/element/:elementId/displayed", readsViews: true, { $0.displayed }),
        Route("GET", "session/:sessionId/element/:elementId/enabled", readsViews: true, { $0.enabled }),
        Route("GET", "session/:sessionId/element/:elementId/selected", readsViews: true, { $0.selected }),
        Route("GET", "session/:sessionId/element/:elementId/screenshot", readsViews: true, { $0.elementScreenshot }),
        Route("POST", "session/:sessionId/actions", namesElements: true, { $0.performActions }),
        Route("DELETE", "session/:sessionId/actions", { $0.releaseActions }),
        Route("GET", "session/:sessionId/screenshot", { $0.screenshot }),
        Route("GET", "session/:sessionId/window/rect", { $0.windowRect }),
        Route("POST", "session/:sessionId/window/rect", { $0.setWindowRect }),
        Route("GET", "session/:sessionId/window", { $0.windowHandle }),
        Route("GET", "session/:sessionId/window/handles", { $0.windowHandles }),
        Route("POST", "session/:sessionId/window", { $0.switchWindow }),
        Route("POST", "session/:sessionId/execute/sync", namesElements: true, { $0.execute }),
        Route("GET", "session/:sessionId/appium/settings", { $0.getSettings }),
        Route("POST", "session/:sessionId/appium/settings", { $0.updateSettings }),
    ]
}
