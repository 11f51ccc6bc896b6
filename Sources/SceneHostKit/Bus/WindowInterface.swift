import DBusKit
import Foundation
import SceneBusContract
import SceneBusServing
import SceneChannel
import SceneCore

/// `org.scenehost.Window1` at `/org/scenehost/SceneHost/window/<n>`: one window's state, its view tree,
/// and scripted gestures in window coordinates. Gesture methods reply once the gesture was delivered,
/// with the reference of the view the first touch hit ("" when it hit nothing).
@MainActor
enum WindowInterface {
    static func describe(_ number: Int, service: HostBusService) -> [InterfaceDescription] {
        let host = service.host
        func window() throws -> Window {
            guard let window = service.publisher.window(number: number) else { throw HostBusErrors.gone("window \(number)") }
            return window
        }
        func gesture(_ call: MethodCall, _ reply: DeferredReply, _ build: (Window) throws -> [InputSample]) {
            do {
                let injector = try service.admit(call)
                let target = try window()
                guard target.takesScriptedInput else {
                    throw HostBusErrors.invalidState(
                        "window \(number) ('\(target.title)') is hidden or its scene is disconnected; it takes no touches")
                }
                let samples = try build(target)
                // The gesture is valid: the scene becomes active as for a touch on its window [WS-11].
                target.activateSceneForScriptedInput()
                if let isolation = host.isolation, let isolated = isolation.scene(of: target) {
                    // The scene process runs the gesture on its own clock, and says what it hit.
                    try injector.validate(samples)
                    Task { @MainActor in
                        do throws(SceneCallError) {
                            let outcome = try await isolation.run(samples, on: isolated)
                            if let error = outcome.inputError { return reply.fail(error.busError) }
                            reply.reply([.string(outcome.began.first?.view ?? "")])
                        } catch {
                            reply.fail(error.busError)
                        }
                    }
                    return
                }
                try injector.run(samples) { touches in
                    reply.reply([.string(touches.first??.view.map(ViewReference.reference(for:)) ?? "")])
                }
            } catch let error as InputError {
                reply.fail(error.busError)
            } catch {
                reply.fail(error)
            }
        }
        /// `TapView` in a scene process: it says where the view is, then runs the tap.
        func tapView(_ call: MethodCall, _ reply: DeferredReply, in target: Window, of isolated: IsolatedScene) {
            let reference: String
            do {
                _ = try service.admit(call)
                reference = try call.read { r in try r.readString() }
            } catch {
                return reply.fail(error)
            }
            Task { @MainActor in
                do throws(SceneCallError) {
                    guard let index = isolated.index(of: target),
                        let center = try await isolated.process.viewCenter(window: UInt32(index), reference: reference)
                    else { return reply.fail(HostBusErrors.unknownView(reference, window: target.title)) }
                    gesture(call, reply) { target in
                        ScriptedGestures.tap(at: Point(x: center.x, y: center.y), in: target, count: 1)
                    }
                } catch {
                    reply.fail(error.busError)
                }
            }
        }
        let limit = host.configuration.bus.limits.scriptSeconds
        return [
            InterfaceDescription(
                SceneBusContract.windowInterface, gate: service.gate,
                methods: [
                    .method("MakeKey", access: .changes) { call in
                        _ = try service.admit(call)
                        let target = try window()
                        guard !target.isHidden else { throw HostBusErrors.invalidState("window \(number) is hidden; a hidden window cannot be key") }
                        host.makeKey(target)
                        return []
                    },
                    .deferredMethod("HitTest", access: .reads, inputs: [.init("x", .double), .init("y", .double)], outputs: [.init("view", .string)]) {
                        call, reply in
                        do {
                            _ = try service.admit(call)
                            let target = try window()
                            let (x, y) = try call.read { reader in (try reader.readDouble(), try reader.readDouble()) }
                            let point = try HostBusErrors.point(x, y, "HitTest point")
                            guard let isolated = host.isolation?.scene(of: target), let index = isolated.index(of: target) else {
                                return reply.reply([.string(target.hitTest(point, with: nil).map(ViewReference.reference(for:)) ?? "")])
                            }
                            // The scene process hit-tests its own window.
                            Task { @MainActor in
                                do throws(SceneCallError) {
                                    reply.reply([.string(try await isolated.process.hitTest(window: UInt32(index), x: point.x, y: point.y))])
                                } catch {
                                    reply.fail(error.busError)
                                }
                            }
                        } catch {
                            reply.fail(error)
                        }
                    },
                    .deferredMethod("DescribeTree", access: .reads, outputs: [.init("json", .string)]) { call, reply in
                        do {
                            _ = try service.admit(call)
                            let target = try window()
                            let path = service.publisher.path(of: target)
                            guard let isolated = host.isolation?.scene(of: target), let index = isolated.index(of: target) else {
                                return reply.reply([.string(TreeDescription.json(of: target, path: path))])
                            }
                            // The scene process describes its own window, under this window's path.
                            Task { @MainActor in
                                do throws(SceneCallError) {
                                    reply.reply([.string(try await isolated.process.describeTree(window: UInt32(index), path: path.rawValue))])
                                } catch {
                                    reply.fail(error.busError)
                                }
                            }
                        } catch {
                            reply.fail(error)
                        }
                    },
                    .deferredMethod("Tap", access: .changes, inputs: [.init("x", .double), .init("y", .double), .init("count", .uint32)], outputs: [.init("view", .string)]) {
                        call, reply in
                        gesture(call, reply) { target in
                            let (x, y, count) = try call.read { r in (try r.readDouble(), try r.readDouble(), try r.readUInt32()) }
                            guard (1...10).contains(count) else { throw HostBusErrors.invalidValue("tap count \(count) must be 1…10") }
                            return ScriptedGestures.tap(at: try HostBusErrors.point(x, y, "Tap point"), in: target, count: Int(count))
                        }
                    },
                    .deferredMethod("TapView", access: .changes, inputs: [.init("view", .string)], outputs: [.init("view", .string)]) { call, reply in
                        if let target = service.publisher.window(number: number), let isolated = host.isolation?.scene(of: target) {
                            return tapView(call, reply, in: target, of: isolated)
                        }
                        gesture(call, reply) { target in
                            let reference = try call.read { r in try r.readString() }
                            guard let view = target.view(forReference: reference) else {
                                throw HostBusErrors.unknownView(reference, window: target.title)
                            }
                            let center = view.convert(view.bounds.center, to: nil)
                            return ScriptedGestures.tap(at: center, in: target, count: 1)
                        }
                    },
                    .deferredMethod(
                        "LongPress", access: .changes, inputs: [.init("x", .double), .init("y", .double), .init("seconds", .double)], outputs: [.init("view", .string)]
                    ) { call, reply in
                        gesture(call, reply) { target in
                            let (x, y, seconds) = try call.read { r in (try r.readDouble(), try r.readDouble(), try r.readDouble()) }
                            return ScriptedGestures.longPress(
                                at: try HostBusErrors.point(x, y, "LongPress point"), in: target,
                                seconds: try HostBusErrors.seconds(seconds, "LongPress duration", limit: limit))
                        }
                    },
                    .deferredMethod(
                        "Swipe", access: .changes,
                        inputs: [.init("x0", .double), .init("y0", .double), .init("x1", .double), .init("y1", .double), .init("seconds", .double)],
                        outputs: [.init("view", .string)]
                    ) { call, reply in
                        gesture(call, reply) { target in
                            let values = try call.read { r in try (0..<5).map { _ in try r.readDouble() } }
                            return ScriptedGestures.swipe(
                                from: try HostBusErrors.point(values[0], values[1], "Swipe start"),
                                to: try HostBusErrors.point(values[2], values[3], "Swipe end"), in: target,
                                seconds: try HostBusErrors.seconds(values[4], "Swipe duration", limit: limit))
                        }
                    },
                    .deferredMethod(
                        "Pinch", access: .changes,
                        inputs: [
                            .init("cx", .double), .init("cy", .double), .init("startDistance", .double), .init("endDistance", .double),
                            .init("seconds", .double),
                        ],
                        outputs: [.init("view", .string)]
                    ) { call, reply in
                        gesture(call, reply) { target in
                            let values = try call.read { r in try (0..<5).map { _ in try r.readDouble() } }
                            for (distance, what) in [(values[2], "startDistance"), (values[3], "endDistance")] {
                                guard distance.isFinite, distance > 0, distance <= 1e6 else {
                                    throw HostBusErrors.invalidValue("Pinch \(what) \(distance) must be a finite number of points in (0, 1000000]")
                                }
                            }
                            return ScriptedGestures.pinch(
                                center: try HostBusErrors.point(values[0], values[1], "Pinch center"), startDistance: values[2],
                                endDistance: values[3], in: target, seconds: try HostBusErrors.seconds(values[4], "Pinch duration", limit: limit))
                        }
                    },
                    scroll(number: number, service: service),
                    .deferredMethod("TypeText", access: .changes, inputs: [.init("text", .string)], outputs: [.init("view", .string)]) { call, reply in
                        do {
                            _ = try service.admit(call)
                            let target = try window()
                            let text = try call.read { r in try r.readString() }
                            do throws(InputError) { try KeyboardInput.checkTypedText(text) } catch { throw error.busError }
                            guard host.application.keyWindow === target else {
                                throw HostBusErrors.invalidState(
                                    "window \(number) ('\(target.title)') is not the key window; text goes to the key window only (MakeKey it first)")
                            }
                            // The key window's scene process takes text (``SceneIsolation/target(of:)``).
                            if let isolation = host.isolation, isolation.scene(of: target) != nil {
                                return HostInterface.deliverKeys([.text(text)], isolation: isolation, reply: reply)
                            }
                            reply.reply([.string(SignalRecords.describe(KeyboardInput.text(text).deliver(to: host.application)))])
                        } catch {
                            reply.fail(error)
                        }
                    },
                    Snapshots.method(isolation: host.isolation) { call, scale in
                        _ = try service.admit(call)
                        let target = try window()
                        return Snapshots.Subject(windows: [target]) { try Snapshots.window(target, scale: scale, renderer: host.renderer) }
                    },
                    performActions(number: number, service: service),
                    .deferredMethod("MakeFirstResponder", access: .changes, inputs: [.init("view", .string)], outputs: [.init("accepted", .bool)]) {
                        call, reply in
                        do {
                            _ = try service.admit(call)
                            let target = try window()
                            let reference = try call.read { r in try r.readString() }
                            if let isolated = host.isolation?.scene(of: target), let index = isolated.index(of: target) {
                                // The scene process asks its own view.
                                return isolated.forward(
                                    .makeFirstResponder(window: UInt32(index), view: reference), reply: reply,
                                    unknownView: { HostBusErrors.unknownView(reference, window: target.title) }
                                ) { [.bool($0.accepted)] }
                            }
                            if reference.isEmpty {
                                return reply.reply([.bool(target.firstResponder?.resignFirstResponder() ?? true)])
                            }
                            guard let view = target.view(forReference: reference) else {
                                throw HostBusErrors.unknownView(reference, window: target.title)
                            }
                            reply.reply([.bool(view.becomeFirstResponder())])
                        } catch {
                            reply.fail(error)
                        }
                    },
                ],
                properties: [
                    PropertyDescription("Scene", signature: .objectPath) {
                        .objectPath(try window().windowScene.map { SceneBusContract.scenePath($0.name) } ?? .root)
                    },
                    PropertyDescription("Title", signature: .string) { .string(try window().title) },
                    PropertyDescription("Frame", signature: "(dddd)", changeBehavior: .notEmitted) {
                        let frame = try window().frame
                        return .structure([.double(frame.minX), .double(frame.minY), .double(frame.width), .double(frame.height)])
                    },
                    PropertyDescription("Level", signature: .double, changeBehavior: .notEmitted) { .double(try window().windowLevel.rawValue) },
                    PropertyDescription("Hidden", signature: .bool) { .bool(try window().isHidden) },
                    PropertyDescription("IsKey", signature: .bool) { .bool(try window().isKeyWindow) },
                    PropertyDescription("FirstResponder", signature: .string) {
                        let target = try window()
                        return .string(host.isolation?.scene(of: target)?.firstResponder(of: target) ?? SignalRecords.describe(target.firstResponder))
                    },
                ])
        ]
    }
}
