import Logging
import SceneCore

/// Status, sessions, timeouts and Appium settings.
extension WebDriverEndpoint {
    /// The most an implicit wait may be, in seconds (as `Host1.WaitForIdle`'s timeout).
    static let maximumWaitSeconds = 3600.0

    func status(_ call: Call) {
        let scenes = host.application.connectedScenes.map(\.name)
        call.respond(.object([
            ("ready", .bool(!scenes.isEmpty)),
            ("message", .string(scenes.isEmpty ? "SceneHost has no scene connected yet" : "SceneHost is ready: \(scenes.joined(separator: ", "))")),
            ("build", .object([("name", .string("SceneHost"))])),
        ]))
    }

    /// `POST /session`: W3C capability processing (`alwaysMatch` merged with each `firstMatch`, the
    /// first that SceneHost can serve wins). `platformName` must be SceneHost (or Linux),
    /// `appium:automationName` SceneHost when given; `appium:scene` picks the scene (default: the key
    /// window's, else the first connected); `timeouts` sets the implicit wait. Other capabilities are
    /// kept and echoed.
    func newSession(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let requested = call.body["capabilities"] ?? call.body["desiredCapabilities"] ?? .object([])
            guard case .object = requested else {
                throw WebDriverError(.invalidArgument, "'capabilities' must be an object {\"alwaysMatch\": {…}, \"firstMatch\": [{…}]}, not \(requested.kindName)")
            }
            let (always, firstMatches) = try Self.capabilityObjects(requested)
            var reasons: [String] = []
            for first in firstMatches {
                let merged = always + first
                try Self.checkCapabilityTypes(merged)
                do throws(WebDriverError) {
                    let session = try makeSession(merged)
                    add(session)
                    logger.info(
                        "webdriver: session created", metadata: ["session": "\(session.id)", "scene": "\(session.sceneName)"])
                    return call.respond(.object([("sessionId", .string(session.id)), ("capabilities", session.capabilities)]))
                } catch {
                    reasons.append(error.message)
                }
            }
            throw WebDriverError(.sessionNotCreated, reasons.joined(separator: "; "))
        }
    }

    /// W3C's `alwaysMatch` (an object, `{}` when absent) and `firstMatch` (a non-empty array of
    /// objects, `[{}]` when absent, none naming a key `alwaysMatch` names) of the `capabilities`
    /// member. An object with neither member is the capabilities themselves (JSON Wire Protocol
    /// clients' `desiredCapabilities`).
    ///
    /// - Throws: `invalid argument` naming the malformed member and its value.
    static func capabilityObjects(_ requested: JSON) throws(WebDriverError) -> (always: [(String, JSON)], firstMatches: [[(String, JSON)]]) {
        let alwaysMember = requested["alwaysMatch"], firstMember = requested["firstMatch"]
        guard alwaysMember != nil || firstMember != nil else { return (requested.objectValue ?? [], [[]]) }
        var always: [(String, JSON)] = []
        if let alwaysMember {
            guard let object = alwaysMember.objectValue else {
                throw WebDriverError(.invalidArgument, "capabilities.alwaysMatch \(show(alwaysMember)) must be an object of capabilities, not \(alwaysMember.kindName)")
            }
            always = object
        }
        guard let firstMember else { return (always, [[]]) }
        guard let entries = firstMember.arrayValue, !entries.isEmpty else {
            throw WebDriverError(
                .invalidArgument, "capabilities.firstMatch \(show(firstMember)) must be a non-empty array of capability objects; leave it out to match anything")
        }
        var firstMatches: [[(String, JSON)]] = []
        for (index, entry) in entries.enumerated() {
            guard let object = entry.objectValue else {
                throw WebDriverError(.invalidArgument, "capabilities.firstMatch[\(index)] \(show(entry)) must be an object of capabilities, not \(entry.kindName)")
            }
            if let shared = object.first(where: { key, _ in always.contains { $0.0 == key } }) {
                throw WebDriverError(
                    .invalidArgument, "capabilities.firstMatch[\(index)] names '\(shared.0)', which alwaysMatch names too; give each capability in one of them")
            }
            firstMatches.append(object)
        }
        return (always, firstMatches)
    }

    /// The capabilities SceneHost reads must have their types (W3C: a malformed capability is an
    /// invalid argument, not a mismatch).
    static func checkCapabilityTypes(_ capabilities: [(String, JSON)]) throws(WebDriverError) {
        for (key, value) in capabilities {
            switch key {
            case "platformName", "appium:automationName", "appium:scene", "browserName", "browserVersion":
                guard value.stringValue != nil || value == .null else {
                    throw WebDriverError(.invalidArgument, "capability '\(key)' \(show(value)) must be a string, not \(value.kindName)")
                }
            case "timeouts":
                guard value.objectValue != nil else {
                    throw WebDriverError(.invalidArgument, "capability 'timeouts' \(show(value)) must be an object of timeouts, not \(value.kindName)")
                }
            default: continue
            }
        }
    }

    private func makeSession(_ capabilities: [(String, JSON)]) throws(WebDriverError) -> WebDriverSession {
        func value(_ key: String) -> JSON? { capabilities.first { $0.0 == key }?.1 }
        if let platform = value("platformName") {
            guard let name = platform.stringValue, ["scenehost", "linux"].contains(name.lowercased()) else {
                throw WebDriverError(.sessionNotCreated, "platformName \(Self.show(platform)) is not served here; use \"SceneHost\"")
            }
        }
        if let automation = value("appium:automationName") {
            guard automation.stringValue?.lowercased() == "scenehost" else {
                throw WebDriverError(.sessionNotCreated, "appium:automationName \(Self.show(automation)) is not served here; use \"SceneHost\"")
            }
        }
        let scenes = host.application.connectedScenes
        let sceneName: String
        if let requested = value("appium:scene") {
            guard let name = requested.stringValue, host.application.scene(named: name) != nil else {
                throw WebDriverError(.sessionNotCreated, "appium:scene \(Self.show(requested)) names no connected scene; the scenes are \(sceneNames)")
            }
            sceneName = name
        } else if let key = host.application.keyWindow?.windowScene {
            sceneName = key.name
        } else if let first = scenes.first {
            sceneName = first.name
        } else {
            throw WebDriverError(.sessionNotCreated, "SceneHost has no scene connected; start it with a scene in its configuration")
        }
        var implicit = 0.0
        if let timeouts = value("timeouts") {
            implicit = try Self.implicitWait(in: timeouts, path: "capabilities.timeouts") ?? 0
        }
        let answered = capabilities.filter { !["platformName", "appium:automationName", "appium:scene"].contains($0.0) } + [
            ("platformName", .string("SceneHost")), ("appium:automationName", .string("SceneHost")), ("appium:scene", .string(sceneName)),
            ("appium:clock", .string(host.clockMode)),
        ]
        return WebDriverSession(id: makeSessionID(), capabilities: .object(answered), implicitWait: implicit, sceneName: sceneName)
    }

    func listSessions(_ call: Call) {
        call.respond(.array(sessions.map { .object([("id", .string($0.id)), ("capabilities", $0.capabilities)]) }))
    }

    func getSession(_ call: Call) {
        call.answering { () throws(WebDriverError) in call.respond(try session(call).capabilities) }
    }

    func deleteSession(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let session = try session(call)
            remove(session)
            logger.info("webdriver: session deleted", metadata: ["session": "\(session.id)"])
            call.respond()
        }
    }

    func getTimeouts(_ call: Call) {
        call.answering { () throws(WebDriverError) in call.respond(try session(call).timeoutsJSON) }
    }

    func setTimeouts(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let session = try session(call)
            // Old clients send {"type": "implicit", "ms": 5000}.
            if call.body["type"] != nil || call.body["ms"] != nil {
                try Self.setLegacyTimeout(call.body, of: session)
                return call.respond()
            }
            if let implicit = try Self.implicitWait(in: call.body, path: "body") { session.implicitWait = implicit }
            for key in ["pageLoad", "script"] {
                guard let value = call.body[key] else { continue }
                if key == "script", value == .null {
                    session.scriptTimeout = nil
                    continue
                }
                guard let ms = value.numberValue, ms.isFinite, ms >= 0 else {
                    throw WebDriverError(.invalidArgument, "timeout '\(key)' \(Self.show(value)) must be a number of milliseconds ≥ 0")
                }
                if key == "pageLoad" { session.pageLoadTimeout = ms } else { session.scriptTimeout = ms }
            }
            call.respond()
        }
    }

    /// The JSON Wire Protocol's `{"type": "implicit" | "script" | "page load", "ms": n}`.
    ///
    /// - Throws: `invalid argument` naming a type that is not one of those, or a duration that is not
    ///   a number of milliseconds in range.
    static func setLegacyTimeout(_ body: JSON, of session: WebDriverSession) throws(WebDriverError) {
        let typeValue = body["type"] ?? .null
        guard let type = typeValue.stringValue, ["implicit", "script", "page load", "pageLoad"].contains(type) else {
            throw WebDriverError(
                .invalidArgument, "timeout type \(show(typeValue)) is not one of \"implicit\", \"script\", \"page load\"; or send W3C's {\"implicit\": ms}")
        }
        let msValue = body["ms"] ?? .null
        guard let ms = msValue.numberValue, ms.isFinite, ms >= 0, ms <= maximumWaitSeconds * 1000 else {
            throw WebDriverError(
                .invalidArgument, "timeout '\(type)' ms \(show(msValue)) must be a number of milliseconds in 0…\(Int(maximumWaitSeconds * 1000))")
        }
        switch type {
        case "implicit": session.implicitWait = ms / 1000
        case "script": session.scriptTimeout = ms
        default: session.pageLoadTimeout = ms
        }
    }

    /// The `implicit` member of a timeouts object, in seconds; nil when absent.
    static func implicitWait(in timeouts: JSON, path: String) throws(WebDriverError) -> Double? {
        guard case .object = timeouts else { throw WebDriverError(.invalidArgument, "\(path) must be an object of timeouts, not \(timeouts.kindName)") }
        guard let value = timeouts["implicit"] else { return nil }
        guard let ms = value.numberValue, ms.isFinite, ms >= 0, ms <= maximumWaitSeconds * 1000 else {
            throw WebDriverError(
                .invalidArgument,
                "\(path).implicit \(show(value)) must be a number of milliseconds in 0…\(Int(maximumWaitSeconds * 1000))")
        }
        return ms / 1000
    }

    func getSettings(_ call: Call) {
        call.answering { () throws(WebDriverError) in call.respond(.object(try session(call).settings)) }
    }

    func updateSettings(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let session = try session(call)
            guard let settings = call.body["settings"] else {
                throw WebDriverError(.invalidArgument, "the body has no 'settings'; send {\"settings\": {\"name\": value}}")
            }
            guard let members = settings.objectValue else {
                throw WebDriverError(.invalidArgument, "'settings' must be an object, not \(settings.kindName)")
            }
            for (key, value) in members {
                if let index = session.settings.firstIndex(where: { $0.0 == key }) {
                    session.settings[index].1 = value
                } else {
                    session.settings.append((key, value))
                }
            }
            call.respond()
        }
    }

    /// A JSON value for a message.
    nonisolated static func show(_ value: JSON) -> String {
        String(decoding: value.encoded().prefix(120), as: UTF8.self)
    }
}
