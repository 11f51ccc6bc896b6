import Foundation

extension PointerActions {
    /// WebDriver's key for an element reference in an origin (what Appium clients send).
    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    /// Parses a Perform Actions body, checking every member and naming the path of the first bad one.
    /// Key values are checked here too (each names a key or types a character).
    ///
    /// - Parameter maximumActions: the most actions (all sources together) accepted
    ///   (`bus.limits.samples-per-call`).
    /// - Throws: ``ActionsError``: `invalidArgument` for JSON that does not parse, a missing or
    ///   mistyped member, an unknown source or action type, a negative or non-finite number;
    ///   `limitExceeded` beyond `maximumActions`.
    public static func parse(json: String, maximumActions: Int) throws(ActionsError) -> PointerActions {
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        } catch {
            throw ActionsError(at: "", "the body is not valid JSON (\(Self.reason(error))); send {\"actions\": [...]}")
        }
        guard case .object(let root) = document else {
            throw ActionsError(at: "", "the body must be an object {\"actions\": [...]}, not \(document.kindName)")
        }
        guard let actionsValue = root["actions"] else { throw ActionsError(at: "actions", "missing; send {\"actions\": [...]}") }
        guard case .array(let sourceValues) = actionsValue else {
            throw ActionsError(at: "actions", "must be an array of input sources, not \(actionsValue.kindName)")
        }
        let total = sourceValues.reduce(0) { count, value in
            if case .object(let object) = value, case .array(let actions)? = object["actions"] { return count + actions.count }
            return count
        }
        guard total <= maximumActions else {
            throw ActionsError(
                .limitExceeded, at: "actions",
                "\(total) actions in one call; the limit is \(maximumActions) (bus.limits.samples-per-call)")
        }
        var sources: [Source] = []
        var ids: Set<String> = []
        for (index, value) in sourceValues.enumerated() {
            let source = try parseSource(value, path: "actions[\(index)]")
            guard ids.insert(source.id).inserted else {
                throw ActionsError(at: "actions[\(index)].id", "'\(source.id)' names an earlier input source too; give each its own id")
            }
            sources.append(source)
        }
        return PointerActions(sources: sources)
    }

    private static func reason(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
        }
        return "\(error)"
    }

    private static func parseSource(_ value: JSONValue, path: String) throws(ActionsError) -> Source {
        let object = try objectValue(value, path: path, what: "an input source {\"type\", \"id\", \"actions\"}")
        let type = try string(object, "type", path: path)
        let id = try string(object, "id", path: path)
        let kind: Source.Kind
        switch type {
        case "pointer":
            // Every pointer is a finger; without parameters it is W3C's default, a mouse.
            let parametersPath = path + ".parameters"
            if let parameters = object["parameters"] {
                let pointer = try objectValue(parameters, path: parametersPath, what: "an object {\"pointerType\": \"touch\"}")
                if pointer["pointerType"] != nil {
                    let pointerType = try string(pointer, "pointerType", path: parametersPath)
                    guard ["touch", "mouse", "pen"].contains(pointerType) else {
                        throw ActionsError(
                            at: parametersPath + ".pointerType", "'\(pointerType)' is not a pointer type; use touch, mouse or pen (each is a finger here)")
                    }
                }
            }
            kind = .touch
        case "none": kind = .none
        case "key": kind = .key
        case "wheel": kind = .wheel
        default:
            throw ActionsError(at: path + ".type", "unknown input source type '\(type)'; use pointer, key, none or wheel")
        }
        guard let actionsValue = object["actions"] else { throw ActionsError(at: path + ".actions", "missing; give the source's actions") }
        guard case .array(let actionValues) = actionsValue else {
            throw ActionsError(at: path + ".actions", "must be an array of actions, not \(actionsValue.kindName)")
        }
        var actions: [Action] = []
        for (index, actionValue) in actionValues.enumerated() {
            actions.append(try parseAction(actionValue, kind: kind, path: "\(path).actions[\(index)]"))
        }
        return Source(id: id, kind: kind, actions: actions)
    }

    private static func parseAction(_ value: JSONValue, kind: Source.Kind, path: String) throws(ActionsError) -> Action {
        let object = try objectValue(value, path: path, what: "an action {\"type\", …}")
        let type = try string(object, "type", path: path)
        switch (kind, type) {
        case (_, "pause"):
            return .pause(milliseconds: try duration(object, path: path))
        case (.touch, "pointerMove"):
            let x = try number(object, "x", path: path, default: 0)
            let y = try number(object, "y", path: path, default: 0)
            return .pointerMove(milliseconds: try duration(object, path: path), x: x, y: y, origin: try origin(object["origin"], path: path + ".origin"))
        case (.touch, "pointerDown"), (.touch, "pointerUp"):
            if let button = object["button"] {
                guard case .number(let number) = button, number == 0 else {
                    throw ActionsError(at: path + ".button", "a finger has only button 0, not \(button)")
                }
            }
            return type == "pointerDown" ? .pointerDown : .pointerUp
        case (.touch, "pointerCancel"):
            return .pointerCancel
        case (.touch, _):
            throw ActionsError(at: path + ".type", "unknown pointer action '\(type)'; use pointerMove, pointerDown, pointerUp, pointerCancel or pause")
        case (.none, _):
            throw ActionsError(at: path + ".type", "a none input source can only pause, not '\(type)'")
        case (.key, "keyDown"), (.key, "keyUp"):
            let value = try string(object, "value", path: path)
            guard value.count == 1 else {
                throw ActionsError(at: path + ".value", "'\(value)' must be one character or one W3C key code (\\uE007 is Enter), not \(value.count)")
            }
            return type == "keyDown" ? .keyDown(value) : .keyUp(value)
        case (.key, _):
            throw ActionsError(at: path + ".type", "unknown key action '\(type)'; use keyDown, keyUp or pause")
        case (.wheel, "scroll"):
            // W3C WebDriver §17.4.4 (wheel): x, y, deltaX and deltaY are required integers; the origin
            // is the viewport or an element, never the pointer.
            let origin = try origin(object["origin"], path: path + ".origin")
            guard origin != .pointer else {
                throw ActionsError(at: path + ".origin", "a wheel scrolls from the viewport or an element, not from \"pointer\"")
            }
            return .scroll(
                milliseconds: try duration(object, path: path), x: try integer(object, "x", path: path), y: try integer(object, "y", path: path),
                deltaX: try integer(object, "deltaX", path: path), deltaY: try integer(object, "deltaY", path: path), origin: origin)
        case (.wheel, _):
            throw ActionsError(at: path + ".type", "unknown wheel action '\(type)'; use scroll or pause")
        }
    }

    private static func origin(_ value: JSONValue?, path: String) throws(ActionsError) -> Origin {
        guard let value else { return .viewport }
        switch value {
        case .string("viewport"): return .viewport
        case .string("pointer"): return .pointer
        case .object(let object):
            if case .string(let reference)? = object[elementKey] ?? object["ELEMENT"] { return .element(reference) }
            throw ActionsError(at: path, "an element origin is {\"\(elementKey)\": \"view reference\"}")
        default:
            throw ActionsError(at: path, "must be \"viewport\", \"pointer\" or an element {\"\(elementKey)\": \"view reference\"}, not \(value)")
        }
    }

    private static func duration(_ object: [String: JSONValue], path: String) throws(ActionsError) -> Double {
        let value = try number(object, "duration", path: path, default: 0)
        guard value >= 0 else { throw ActionsError(at: path + ".duration", "\(value) must be a number of milliseconds ≥ 0") }
        return value
    }

    private static func number(_ object: [String: JSONValue], _ key: String, path: String, default fallback: Double) throws(ActionsError) -> Double {
        guard let value = object[key] else { return fallback }
        guard case .number(let number) = value, number.isFinite else {
            throw ActionsError(at: "\(path).\(key)", "must be a finite number, not \(value.kindName)")
        }
        return number
    }

    /// A required whole number (the wheel's coordinates and deltas), within ±10,000,000.
    private static func integer(_ object: [String: JSONValue], _ key: String, path: String) throws(ActionsError) -> Double {
        guard let value = object[key] else { throw ActionsError(at: "\(path).\(key)", "missing; a wheel scroll needs x, y, deltaX and deltaY") }
        guard case .number(let number) = value, number.isFinite, number == number.rounded(), abs(number) <= 1e7 else {
            throw ActionsError(at: "\(path).\(key)", "must be an integer within ±10,000,000, not \(value)")
        }
        return number
    }

    private static func string(_ object: [String: JSONValue], _ key: String, path: String) throws(ActionsError) -> String {
        guard let value = object[key] else { throw ActionsError(at: "\(path).\(key)", "missing") }
        guard case .string(let text) = value else { throw ActionsError(at: "\(path).\(key)", "must be a string, not \(value.kindName)") }
        return text
    }

    private static func objectValue(_ value: JSONValue, path: String, what: String) throws(ActionsError) -> [String: JSONValue] {
        guard case .object(let object) = value else { throw ActionsError(at: path, "must be \(what), not \(value.kindName)") }
        return object
    }
}
