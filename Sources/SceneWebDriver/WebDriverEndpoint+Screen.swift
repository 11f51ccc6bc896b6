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
            // The views are read now; the text is written on sourceQueue meanwhile, and the answer
            // leaves when it is done.
            let source = LivePageSource(scene: scene, names: typeNames, tags: tags, actionability: host.actionabilityCursor())
            let job = source.formatJSONBody(capacity: sourceBytes + sourceBytes / 8 + 4096, on: sourceQueue)
            Task { @MainActor in
                let body = await job.body()
                sourceBytes = body.count
                call.reply(WebDriverResponse(status: 200, body: body))
            }
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
            call.respond(Self.rectJSON(try scene(of: try session(call)).screenFrame))
        }
    }

    /// `POST /window/rect {x, y, width, height}` (W3C Set Window Rect, Selenium's
    /// `set_window_size`): the scene takes the width and height as its desktop window's edge would
    /// give them [LY-10]; answers the scene's area then.
    func setWindowRect(_ call: Call) {
        call.answering { () throws(WebDriverError) in
            let scene = try scene(of: try session(call))
            let size = try Self.requestedSize(call.body, of: scene.screenFrame)
            if let refusal = host.inputRefusal {
                throw WebDriverError(.unsupportedOperation, "set window rect changes the scene, and \(refusal)")
            }
            do throws(ApplicationError) {
                try scene.resize(to: size)
            } catch {
                throw WebDriverError(.invalidArgument, "cannot resize scene '\(scene.name)': \(error.message)")
            }
            call.respond(Self.rectJSON(scene.screenFrame))
        }
    }

    /// The size a Set Window Rect body asks for: its `width` and `height` (null or missing: the
    /// current one), each a number from 0 to 2³¹ − 1 as W3C says. A scene's place on the screen does
    /// not move: an `x` or `y` other than where it is, is an unsupported operation.
    nonisolated static func requestedSize(_ body: JSON, of frame: Rect) throws(WebDriverError) -> Size {
        func member(_ key: String, in range: ClosedRange<Double>) throws(WebDriverError) -> Double? {
            guard let value = body[key], value != .null else { return nil }
            guard let number = value.numberValue, number.isFinite, range.contains(number) else {
                throw WebDriverError(
                    .invalidArgument, "'\(key)' \(show(value)) must be null or a number from \(JSON.format(range.lowerBound)) to \(JSON.format(range.upperBound))")
            }
            return number
        }
        let width = try member("width", in: 0...2_147_483_647), height = try member("height", in: 0...2_147_483_647)
        let x = try member("x", in: -2_147_483_648...2_147_483_647), y = try member("y", in: -2_147_483_648...2_147_483_647)
        if (x != nil && x != frame.minX) || (y != nil && y != frame.minY) {
            throw WebDriverError(
                .unsupportedOperation,
                "a scene's place on the screen does not move (it is at \(JSON.format(frame.minX)), \(JSON.format(frame.minY))); send only width and height")
        }
        return Size(width: width ?? frame.width, height: height ?? frame.height)
    }

    nonisolated static func rectJSON(_ frame: Rect) -> JSON {
        .object([("x", .number(frame.minX)), ("y", .number(frame.minY)), ("width", .number(frame.width)), ("height", .number(frame.height))])
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
            let prefetched = prefetchedRects
            host.performActions(body, in: scene, element: { [self] id in
                // A scene process's element: its rect, asked of its process before this command.
                if let rect = prefetched[id] { return rect.center }
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
