import Foundation
import SceneCore

/// `POST /execute/sync` with `mobile:` extensions: gestures, waiting for idle, the virtual clock.
/// SceneHost runs no JavaScript. Points are in the scene's coordinates; `elementId` stands for the
/// centre of the element's visible part.
extension WebDriverEndpoint {
    /// The scripts served, for messages and docs/webdriver.md.
    static let mobileScripts = [
        "mobile: tap", "mobile: doubleTap", "mobile: longPress", "mobile: touchAndHold", "mobile: swipe", "mobile: scroll",
        "mobile: pinch", "mobile: waitForIdle", "mobile: advanceClock", "mobile: clock",
    ]

    func execute(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let session = try session(call)
            let script = try call.string("script").trimmingCharacters(in: .whitespaces)
            let argument: JSON
            switch call.body["args"] {
            case nil, .null?: argument = .object([])
            case .array(let items)?:
                argument = items.first ?? .object([])
                guard case .object = argument else {
                    throw WebDriverError(.invalidArgument, "'\(script)' takes one object of arguments, not \(argument.kindName)")
                }
            case .object?: argument = call.body["args"] ?? .object([])
            case let other?: throw WebDriverError(.invalidArgument, "'args' must be an array holding one object, not \(other.kindName)")
            }
            let arguments = Arguments(script: script, json: argument)
            switch script {
            case "mobile: waitForIdle":
                let timeout = try arguments.number("timeout", default: 10, in: 0...Self.maximumWaitSeconds)
                host.waitForIdle(timeout: timeout) { result in
                    switch result {
                    case .success: call.respond()
                    case .failure(let error): call.fail(error)
                    }
                }
            case "mobile: advanceClock":
                try checkInputAllowed(script)
                host.advanceClock(by: try arguments.number("seconds", default: nil, in: 0...Double.greatestFiniteMagnitude)) { result in
                    switch result {
                    case .success: call.respond()
                    case .failure(let error): call.fail(error)
                    }
                }
            case "mobile: clock":
                call.respond(.string(host.clockMode))
            default:
                guard Self.mobileScripts.contains(script) else {
                    throw WebDriverError(
                        .unsupportedOperation,
                        "'\(script.prefix(80))' is not a script SceneHost runs (it runs no JavaScript); use one of \(Self.mobileScripts.joined(separator: ", "))")
                }
                try checkInputAllowed(script)
                let scene = try scene(of: session)
                let gesture = try self.gesture(script, arguments, in: scene)
                if host.forwardsViews(of: scene) {
                    // Played by the scene's process, which answers with its own element id for the
                    // view the first finger hit.
                    let seconds = try host.checkLimits(of: gesture, in: scene)
                    let request = WebDriverRequest(method: "POST", path: "/session/\(session.id)/execute/sync", body: Data(call.rawBody))
                    host.forward(request, sessionID: session.id, to: scene, injectsInput: true, allowance: seconds) { response, _ in
                        call.reply(response)
                    }
                    return
                }
                // The view the first touch hit.
                host.perform(gesture, in: scene) { [self] result in
                    switch result {
                    case .success(let view): call.respond(view.map(elementJSON) ?? .null)
                    case .failure(let error): call.fail(error)
                    }
                }
            }
        }
    }

    /// The gesture a `mobile:` script describes.
    private func gesture(_ script: String, _ arguments: Arguments, in scene: WindowScene) throws(WebDriverError) -> WebDriverGesture {
        switch script {
        case "mobile: tap":
            return .tap(try point(arguments, in: scene), count: Int(try arguments.number("count", default: 1, in: 1...10)))
        case "mobile: doubleTap":
            return .tap(try point(arguments, in: scene), count: 2)
        case "mobile: longPress":
            return .longPress(try point(arguments, in: scene), seconds: try arguments.number("duration", default: 600, in: 0...60_000) / 1000)
        case "mobile: touchAndHold":
            return .longPress(try point(arguments, in: scene), seconds: try arguments.number("duration", default: 1, in: 0...60))
        case "mobile: pinch":
            let center = try point(arguments, in: scene)
            let scale = try arguments.number("scale", default: nil, in: 0.01...100)
            let start = try arguments.number("startDistance", default: 100, in: 1...100_000)
            return .pinch(
                center: center, startDistance: start, endDistance: start * scale,
                seconds: try arguments.number("duration", default: 500, in: 1...60_000) / 1000)
        default:  // swipe, scroll
            if arguments.json["startX"] != nil {
                let from = Point(x: try arguments.number("startX", default: nil), y: try arguments.number("startY", default: nil))
                let to = Point(x: try arguments.number("endX", default: nil), y: try arguments.number("endY", default: nil))
                return .swipe(from: from, to: to, seconds: try arguments.number("duration", default: 300, in: 1...60_000) / 1000)
            }
            let direction = try arguments.string("direction", among: ["up", "down", "left", "right"])
            let area = try elementArea(arguments) ?? Rect(origin: .zero, size: scene.screenFrame.size)
            let center = area.center
            let reachX = area.width / 3, reachY = area.height / 3
            // A swipe moves the finger in its direction; a scroll shows what lies in its direction, so
            // the finger moves the other way (as on iOS).
            let sign = script == "mobile: scroll" ? -1.0 : 1.0
            let delta: Point =
                switch direction {
                case "up": Point(x: 0, y: -reachY * sign)
                case "down": Point(x: 0, y: reachY * sign)
                case "left": Point(x: -reachX * sign, y: 0)
                default: Point(x: reachX * sign, y: 0)
                }
            return .swipe(
                from: Point(x: center.x - delta.x, y: center.y - delta.y), to: Point(x: center.x + delta.x, y: center.y + delta.y),
                seconds: try arguments.number("duration", default: 300, in: 1...60_000) / 1000)
        }
    }

    /// `x`/`y`, or the centre of `elementId`'s visible part (relative offsets `x`/`y` are not taken then).
    private func point(_ arguments: Arguments, in scene: WindowScene) throws(WebDriverError) -> Point {
        if let area = try elementArea(arguments) { return area.center }
        return Point(x: try arguments.number("x", default: nil), y: try arguments.number("y", default: nil))
    }

    /// The scene rectangle of the element `elementId` (or `element`) names, when given.
    private func elementArea(_ arguments: Arguments) throws(WebDriverError) -> Rect? {
        guard let value = arguments.json["elementId"] ?? arguments.json["element"] else { return nil }
        let id = value.stringValue ?? value[Self.elementKey]?.stringValue
        guard let id else { throw WebDriverError(.invalidArgument, "\(arguments.script): 'elementId' must be an element id string, not \(value.kindName)") }
        if let rect = prefetchedRects[id] { return rect }
        let view = try element(id)
        guard let scene = view.window?.windowScene else { throw WebDriverError(.staleElementReference, "element '\(id)' is in no window") }
        return sceneRect(of: host.describe(view: view), in: scene)
    }

    /// The arguments object of a script, read member by member with messages naming the script.
    struct Arguments {
        let script: String
        let json: JSON

        func number(_ key: String, default fallback: Double?, in range: ClosedRange<Double> = -1e7...1e7) throws(WebDriverError) -> Double {
            guard let value = json[key] else {
                guard let fallback else { throw WebDriverError(.invalidArgument, "\(script) needs '\(key)' (a number)") }
                return fallback
            }
            guard let number = value.numberValue, number.isFinite, range.contains(number) else {
                throw WebDriverError(
                    .invalidArgument,
                    "\(script): '\(key)' \(WebDriverEndpoint.show(value)) must be a number in \(JSON.format(range.lowerBound))…\(JSON.format(range.upperBound))")
            }
            return number
        }

        func string(_ key: String, among choices: [String]) throws(WebDriverError) -> String {
            guard let value = json[key]?.stringValue?.lowercased(), choices.contains(value) else {
                throw WebDriverError(
                    .invalidArgument,
                    "\(script): '\(key)' \(json[key].map(WebDriverEndpoint.show) ?? "is missing"); use one of \(choices.joined(separator: ", "))")
            }
            return value
        }
    }
}
