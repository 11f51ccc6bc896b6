import Logging
import SceneCore
import SceneXPath

/// Find Element(s), from the session's scene or from an element, with the implicit wait answered by
/// the host's change notifications.
extension WebDriverEndpoint {
    func findElement(_ call: Call) { find(call, multiple: false) }
    func findElements(_ call: Call) { find(call, multiple: true) }

    /// Locates now, and again after every change of the host (tree, touches, timers, idle) until
    /// something matches or the session's implicit wait is over: no polling. Find Elements answers []
    /// when nothing matched by then; Find Element answers `no such element`.
    private func find(_ call: Call, multiple: Bool) {
        call.answering { () throws(WebDriverError) in
            let session = try session(call)
            let locator = try Locator(body: call.body)
            let within = call.parameters["elementId"] == nil ? nil : try element(call)
            let wait = session.implicitWait
            let sceneName = session.sceneName
            var answered = false
            let answer: @MainActor ([View]) -> Void = { [self] views in
                answered = true
                if multiple {
                    call.respond(.array(views.map(elementJSON)))
                } else if let first = views.first {
                    call.respond(elementJSON(first))
                } else {
                    let waited = wait > 0 ? " after waiting \(JSON.format(wait * 1000)) ms" : ""
                    let place = within.map { "inside \(describe($0))" } ?? "in scene '\(sceneName)'"
                    call.fail(WebDriverError(
                        .noSuchElement,
                        "no element matches \(locator.strategyName) '\(locator.value)' \(place)\(waited); GET /session/\(session.id)/source shows what is there"))
                }
            }
            host.wait(timeout: wait) { [self] in
                guard !answered else { return true }
                do throws(WebDriverError) {
                    let scene = try self.scene(containing: within, session)
                    let views = try locate(locator, in: scene, within: within)
                    guard !views.isEmpty || wait == 0 else { return false }
                    answer(views)
                } catch {
                    answered = true
                    call.fail(error)
                }
                return true
            } expired: {
                guard !answered else { return }
                answer([])
            }
            // The condition failed once and is registered: a test can move the clock after this line.
            if !answered {
                logger.debug(
                    "webdriver: find waiting", metadata: ["session": "\(session.id)", "locator": "\(locator.strategyName) '\(locator.value)'", "ms": "\(JSON.format(wait * 1000))"])
            }
        }
    }

    /// The views `locator` matches in `scene` (inside `within`, when given), in document order.
    func locate(_ locator: Locator, in scene: WindowScene, within: View?) throws(WebDriverError) -> [View] {
        let found: [View]
        switch locator {
        case .accessibilityID(let value):
            found = try host.select("scene=\(scene.name) [id=\(Locator.quoted(value))]")
        case .id(let value):
            let byIdentifier = try host.select("scene=\(scene.name) [id=\(Locator.quoted(value))]")
            found = byIdentifier.isEmpty ? scene.windows.compactMap { $0.view(forReference: value) } : byIdentifier
        case .name(let value):
            var views: [View] = []
            for window in scene.windows { Self.collect(in: window, into: &views) { ($0.accessibilityIdentifier ?? $0.accessibilityLabel) == value } }
            found = views
        case .className(let value):
            found = try host.select("scene=\(scene.name) \(value)")
        case .selector(let text):
            found = try host.select(text.hasPrefix("scene=") ? text : "scene=\(scene.name) \(text)")
        case .xpath(let expression):
            return try xpath(expression, in: scene, within: within)
        }
        guard let within else { return found }
        return found.filter { $0 !== within && $0.isDescendant(of: within) }
    }

    private static func collect(in view: View, into views: inout [View], where matches: (View) -> Bool) {
        if matches(view) { views.append(view) }
        for subview in view.subviews { collect(in: subview, into: &views, where: matches) }
    }

    /// XPath 1.0 on the scene's page source, with `within`'s element as the context node.
    ///
    /// The commonest shapes (``XPathShortcut``: `//Tag`, `//*[@identifier='x']`, …) are answered by
    /// one walk of the views, with libxml2's answer. For any other expression, the document holds the attributes the expression can read (``XPathAttributes``). When it can
    /// read neither a coordinate nor `visible`, `enabled` or `hittable`, its elements come straight
    /// from the live views (``PageOutline``); otherwise from the host's description, which computes
    /// actionability (a hit test per view) only when the query can read it, and coordinates only when
    /// it can read one. Either way the answer is the same as on the whole source.
    private func xpath(_ expression: String, in scene: WindowScene, within: View?) throws(WebDriverError) -> [View] {
        // `//Tag[@identifier='x']` and its kin: one walk of the views, no document (an absolute
        // path: the context element does not change the answer).
        if let shortcut = XPathShortcut.parse(expression) { return shortcut.views(in: scene, names: typeNames, tags: tags) }
        let attributes = XPathAttributes.read(by: expression)
        let content: XPathContent
        let context: Int?
        let view: @MainActor (Int) -> View?
        if Self.mayReadGeometry(attributes) || Self.mayReadActionability(attributes) {
            let source = PageSource(
                scene: scene, host: host, tags: tags, actionability: Self.mayReadActionability(attributes),
                geometry: Self.mayReadGeometry(attributes))
            content = XPathContent(of: source, attributes: attributes)
            context = within.flatMap(source.number(of:))
            view = source.view(at:)
        } else {
            let outline = PageOutline(scene: scene, names: typeNames, tags: tags)
            content = XPathContent(of: outline, attributes: attributes)
            context = within.flatMap(outline.number(of:))
            view = outline.view(at:)
        }
        let document = xpathDocuments.document(for: content)
        let result: XPathResult
        do {
            result = try document.evaluate(expression, context: context)
        } catch {
            throw WebDriverError(.invalidSelector, error.description)
        }
        switch result {
        case .elements(let numbers):
            return numbers.compactMap(view)
        case .otherNodes(let kinds):
            throw WebDriverError(.invalidSelector, "XPath '\(expression)' selects \(Set(kinds).sorted().joined(separator: " and ")), not elements")
        case .boolean(let value):
            throw WebDriverError(.invalidSelector, "XPath '\(expression)' evaluates to the boolean \(value), not elements")
        case .number(let value):
            throw WebDriverError(.invalidSelector, "XPath '\(expression)' evaluates to the number \(JSON.format(value)), not elements")
        case .string(let value):
            throw WebDriverError(.invalidSelector, "XPath '\(expression)' evaluates to the string '\(value)', not elements")
        }
    }

    /// Whether a query reading `attributes` (nil: any) could read a coordinate.
    static func mayReadGeometry(_ attributes: Set<String>?) -> Bool {
        attributes.map { !$0.isDisjoint(with: ["x", "y", "width", "height", "bounds", "screenX", "screenY"]) } ?? true
    }

    /// Whether a query reading `attributes` (nil: any) could read `visible`, `enabled` or `hittable`.
    static func mayReadActionability(_ attributes: Set<String>?) -> Bool {
        attributes.map { !$0.isDisjoint(with: ["visible", "enabled", "hittable"]) } ?? true
    }

    /// `GET /element/active`: the key window's first responder, when it is a view of the session's scene.
    func activeElement(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let scene = try scene(of: try session(call))
            guard let view = scene.keyWindow?.firstResponder as? View else {
                throw WebDriverError(.noSuchElement, "no view of scene '\(scene.name)' is the first responder")
            }
            call.respond(elementJSON(view))
        }
    }
}
