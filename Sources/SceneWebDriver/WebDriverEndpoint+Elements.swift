import Foundation
import SceneCore
import SceneViewTree

/// The element commands: click (the strict tap), clear, send keys, and what an element is.
extension WebDriverEndpoint {
    /// `POST …/click`: a tap at the centre of the element's visible part, through the host's hit test
    /// and the whole touch pipeline, as a finger. When another view would receive the touch, it
    /// answers `element click intercepted` naming that view, and delivers nothing.
    func click(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            _ = try session(call)
            let view = try element(call)
            try checkInputAllowed("element click")
            switch host.tapTarget(of: view) {
            case .ready(let window, let point):
                host.tap(at: point, in: window) { result in
                    switch result {
                    case .success: call.respond()
                    case .failure(let error): call.fail(error)
                    }
                }
            case .notVisible:
                throw WebDriverError(
                    .elementNotInteractable,
                    "element \(describe(view)) is not visible (hidden, transparent, outside its window, or its scene is in the background); nothing was tapped")
            case .notEnabled:
                throw WebDriverError(
                    .elementNotInteractable,
                    "element \(describe(view)) is not enabled (a disabled control, or user interaction is off on it or an ancestor); nothing was tapped")
            case .intercepted(let point, let hit):
                let other = hit.map { "\(describe($0))" } ?? "no view at all"
                throw WebDriverError(
                    .elementClickIntercepted,
                    "element \(describe(view)) would not receive the click: a touch at its centre (\(JSON.format(point.x)), \(JSON.format(point.y)) in its window) would go to \(other); nothing was tapped")
            }
        }
    }

    /// `POST …/clear`: empties an editable view's text as a person would.
    func clear(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            _ = try session(call)
            let view = try element(call)
            try checkInputAllowed("element clear")
            try host.clear(view)
            call.respond()
        }
    }

    /// `POST …/value`: focuses the element (its window becomes key, it the first responder) and types
    /// the text, special keys (U+E000–U+E05D) included.
    func sendKeys(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            _ = try session(call)
            let view = try element(call)
            let text: String
            if let value = call.body["text"] {
                guard let string = value.stringValue else { throw WebDriverError(.invalidArgument, "'text' must be a string, not \(value.kindName)") }
                text = string
            } else if let value = call.body["value"]?.arrayValue {
                text = try value.map { item throws(WebDriverError) -> String in
                    guard let string = item.stringValue else { throw WebDriverError(.invalidArgument, "'value' must be an array of strings; it holds \(item.kindName)") }
                    return string
                }.joined()
            } else {
                throw WebDriverError(.invalidArgument, "the body has no 'text'; send {\"text\": \"…\"}")
            }
            try checkInputAllowed("element send keys")
            try host.focus(view)
            try host.typeKeys(text)
            call.respond()
        }
    }

    /// What the element shows as text: a label's or text field's text, else its value, else its label.
    func text(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            _ = try session(call)
            let node = host.describe(view: try element(call))
            call.respond(.string(node.text ?? node.value ?? node.label ?? ""))
        }
    }

    /// The element's tag: its class name.
    func tagName(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            _ = try session(call)
            call.respond(.string(host.describe(view: try element(call)).typeName))
        }
    }

    /// `GET …/rect`: in the scene's coordinates (those of the screenshot and of actions).
    func rect(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let session = try session(call)
            let view = try element(call)
            let rect = sceneRect(of: host.describe(view: view), in: try scene(containing: view, session))
            call.respond(.object([
                ("x", .number(rect.minX)), ("y", .number(rect.minY)), ("width", .number(rect.width)), ("height", .number(rect.height)),
            ]))
        }
    }

    /// `GET …/attribute/:name` (and `property`): the attribute of the page source's element, `text`,
    /// `ref` (the view reference, as D-Bus names the view) or `rect`; null for any other name.
    func attribute(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let session = try session(call)
            let view = try element(call)
            let name = call.parameters["name"] ?? ""
            let node = host.describe(view: view)
            let scene = try scene(containing: view, session)
            switch name {
            case "text": return call.respond(.string(node.text ?? node.value ?? node.label ?? ""))
            case "ref": return call.respond(.string(ViewReference.reference(for: view)))
            case "rect":
                let rect = sceneRect(of: node, in: scene)
                return call.respond(.string("{\"x\":\(JSON.format(rect.minX)),\"y\":\(JSON.format(rect.minY)),\"width\":\(JSON.format(rect.width)),\"height\":\(JSON.format(rect.height))}"))
            default:
                let value = PageSource.attributes(of: node, sceneOrigin: scene.screenFrame.origin, tags: tags).first { $0.name == name }?.value
                call.respond(value.map(JSON.string) ?? .null)
            }
        }
    }

    func displayed(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            _ = try session(call)
            call.respond(.bool(host.describe(view: try element(call)).actionability?.isVisible ?? false))
        }
    }

    func enabled(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            _ = try session(call)
            call.respond(.bool(host.describe(view: try element(call)).actionability?.isEnabled ?? false))
        }
    }

    /// A selected control, or a switch that is on.
    func selected(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            _ = try session(call)
            let control = host.describe(view: try element(call)).control
            call.respond(.bool(control?.isOn ?? control?.isSelected ?? false))
        }
    }

    /// `GET …/screenshot`: the element's area of its scene's screenshot (base64 PNG).
    func elementScreenshot(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let session = try session(call)
            let view = try element(call)
            let scene = try scene(containing: view, session)
            let rect = sceneRect(of: host.describe(view: view), in: scene)
            guard rect.width >= 1, rect.height >= 1 else {
                throw WebDriverError(.unableToCaptureScreen, "element \(describe(view)) is \(JSON.format(rect.width)) × \(JSON.format(rect.height)) points: nothing to capture")
            }
            call.respond(.string(Data(try host.snapshot(scene, of: rect)).base64EncodedString()))
        }
    }

    /// The scene of `view`'s window, or the session's when it is in none.
    func scene(containing view: View?, _ session: WebDriverSession) throws(WebDriverError) -> WindowScene {
        if let scene = view?.window?.windowScene { return scene }
        return try scene(of: session)
    }

    /// A described view's frame in its scene's coordinates.
    func sceneRect(of node: ViewDescription, in scene: WindowScene) -> Rect {
        let origin = scene.screenFrame.origin
        return Rect(x: node.screenOrigin.x - origin.x, y: node.screenOrigin.y - origin.y, width: node.frame.width, height: node.frame.height)
    }
}
