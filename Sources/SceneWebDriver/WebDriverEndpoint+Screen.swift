import Foundation
import SceneCore
import SceneViewTree

/// Page source, screenshots and windows. A window handle is a scene's name: a scene is what one
/// desktop window shows, and its windows (a main window, an alert) are composited in it.
extension WebDriverEndpoint {
    func source(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let scene = try scene(of: try session(call))
            // The XML is written once, straight from the views, already escaped as the JSON string
            // of the answer (2 MB for 10,000 views: escaping it again would cost as much as writing it).
            let source = LivePageSource(scene: scene, names: typeNames, tags: tags, actionability: host.actionabilityCursor())
            let body = source.jsonBody(capacity: sourceBytes + sourceBytes / 8 + 4096)
            sourceBytes = body.count
            call.reply(WebDriverResponse(status: 200, body: body))
        }
    }

    func screenshot(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let scene = try scene(of: try session(call))
            call.respond(.string(Data(try host.snapshot(scene, of: nil)).base64EncodedString()))
        }
    }

    /// The scene's area of the screen.
    func windowRect(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let frame = try scene(of: try session(call)).screenFrame
            call.respond(.object([
                ("x", .number(frame.minX)), ("y", .number(frame.minY)), ("width", .number(frame.width)), ("height", .number(frame.height)),
            ]))
        }
    }

    func windowHandle(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            call.respond(.string(try scene(of: try session(call)).name))
        }
    }

    func windowHandles(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            _ = try session(call)
            call.respond(.array(host.application.connectedScenes.map { .string($0.name) }))
        }
    }

    /// `POST /window {"handle": name}`: the session drives that scene from now on.
    func switchWindow(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let session = try session(call)
            let handle = try call.body["handle"] == nil ? call.string("name") : call.string("handle")
            guard host.application.scene(named: handle) != nil else {
                throw WebDriverError(.noSuchWindow, "no window has the handle '\(handle)'; the handles are the scene names: \(sceneNames)")
            }
            session.sceneName = handle
            call.respond()
        }
    }

    /// `POST /actions`: the body goes to the host's W3C actions player as it came, with the scene as
    /// the viewport; element origins are this endpoint's element ids.
    func performActions(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let session = try session(call)
            let scene = try scene(of: session)
            try checkInputAllowed("perform actions")
            let origin = scene.screenFrame.origin
            let body = String(decoding: call.rawBody, as: UTF8.self)
            host.performActions(body, in: scene, element: { [self] id in
                guard case .view(let view) = registry.lookup(id), case .ready(let window, let point) = host.tapTarget(of: view) else {
                    return fallbackCenter(of: id, origin: origin)
                }
                let screen = window.convertToScreen(point)
                return Point(x: screen.x - origin.x, y: screen.y - origin.y)
            }) { result in
                switch result {
                case .success: call.respond()
                case .failure(let error): call.fail(error)
                }
            }
        }
    }

    /// An element origin whose view is not ready for a tap (covered, disabled) still has a centre: the
    /// centre of its visible part, as W3C computes it; nil when it is not visible at all.
    private func fallbackCenter(of id: String, origin: Point) -> Point? {
        guard case .view(let view) = registry.lookup(id), let window = view.window else { return nil }
        let node = host.describe(view: view)
        guard node.actionability?.isVisible == true else { return nil }
        let center = window.convertToScreen(view.convert(view.bounds.center, to: nil))
        return Point(x: center.x - origin.x, y: center.y - origin.y)
    }

    /// `DELETE /actions`: nothing is held between bodies (a body ends with every finger up and every
    /// key released), so there is nothing to release.
    func releaseActions(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            _ = try session(call)
            call.respond()
        }
    }
}
