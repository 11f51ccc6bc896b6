import DBusKit
import SceneBusContract
import SceneBusServing
import SceneCore

/// `org.scenehost.Scene1` at `/org/scenehost/SceneHost/scene/<name>`: one scene's state and life-cycle.
@MainActor
enum SceneInterface {
    static func describe(_ name: String, service: HostBusService) -> [InterfaceDescription] {
        let application = service.host.application
        func scene() throws -> WindowScene {
            guard let scene = application.scene(named: name) else { throw HostBusErrors.gone("scene '\(name)'") }
            return scene
        }
        func transition(_ call: MethodCall, _ body: (WindowScene) -> Bool, _ refusal: String) throws -> [BusValue] {
            _ = try service.admit(call)
            let target = try scene()
            guard body(target) else {
                throw HostBusErrors.invalidState("scene '\(name)' is \(target.activationState.wireName): \(refusal)")
            }
            return []
        }
        return [
            InterfaceDescription(
                SceneBusContract.sceneInterface, gate: service.gate,
                methods: [
                    .method("Activate", access: .changes) { call in
                        let result = try transition(call, { $0.activate() }, "an unattached scene cannot be activated")
                        // On the desktop an active scene's window has the desktop's focus: ask for it.
                        if let scene = application.scene(named: name) { service.host.desktop?.raise(scene) }
                        return result
                    },
                    .method("Deactivate", access: .changes) { call in try transition(call, { $0.deactivate() }, "only an active scene can be deactivated") },
                    .method("SendToBackground", access: .changes) { call in
                        try transition(call, { $0.sendToBackground() }, "an unattached scene has no background")
                    },
                    Snapshots.method(isolation: service.host.isolation) { call, scale in
                        _ = try service.admit(call)
                        let target = try scene()
                        return Snapshots.Subject(windows: target.windows) {
                            try Snapshots.scene(target, scale: scale, renderer: service.host.renderer)
                        }
                    },
                    .deferredMethod("Resize", access: .changes, inputs: [.init("width", .double), .init("height", .double)]) { call, reply in
                        do {
                            _ = try service.admit(call)
                            let (width, height) = try call.read { reader in (try reader.readDouble(), try reader.readDouble()) }
                            let target = try scene()
                            let size = Size(width: width, height: height)
                            do throws(ApplicationError) {
                                try WindowScene.checkSize(size, restrictions: target.sizeRestrictions)
                            } catch {
                                throw HostBusErrors.invalidValue("cannot resize scene '\(name)': \(error.message)")
                            }
                            if let isolated = service.host.isolation?.scene(named: name), isolated.scene === target {
                                // The scene process checks the size against the plugin's own restrictions
                                // and takes it; then the stand-in does (its windows, the desktop's).
                                return isolated.resize(to: size, reply: reply)
                            }
                            do throws(ApplicationError) {
                                try target.resize(to: size)
                            } catch {
                                throw HostBusErrors.invalidValue("cannot resize scene '\(name)': \(error.message)")
                            }
                            reply.reply()
                        } catch {
                            reply.fail(error)
                        }
                    },
                    .method("Disconnect", access: .changes) { call in
                        _ = try service.admit(call)
                        let target = try scene()
                        if let isolation = service.host.isolation, let isolated = isolation.scene(named: name), isolated.scene === target {
                            // Its process ends with its stand-in: nothing of the scene is left.
                            isolation.remove(isolated)
                        } else {
                            application.disconnect(target)
                        }
                        return []
                    },
                    .method("Reload", access: .changes) { call in
                        _ = try service.admit(call)
                        guard let isolated = service.host.isolation?.scene(named: name) else {
                            _ = try scene()
                            throw HostBusErrors.invalidState(
                                "scene '\(name)' runs inside the host (isolation: none): its plugin cannot be reloaded; disconnect it and load it again, or run scenes with isolation: process")
                        }
                        isolated.process.reload()
                        return []
                    },
                ],
                properties: [
                    PropertyDescription("Name", signature: .string, changeBehavior: .constant) { .string(name) },
                    PropertyDescription("Plugin", signature: .string, changeBehavior: .constant) { .string(try scene().pluginName) },
                    PropertyDescription("ActivationState", signature: .string) { .string(try scene().activationState.wireName) },
                    PropertyDescription("Windows", signature: "ao") {
                        .array(element: .objectPath, try scene().windows.map { .objectPath(service.publisher.path(of: $0)) })
                    },
                    PropertyDescription("KeyWindow", signature: .objectPath) { .objectPath(service.publisher.path(of: try scene().keyWindow)) },
                    PropertyDescription("Frame", signature: "(dddd)") {
                        let frame = try scene().screenFrame
                        return .structure([.double(frame.minX), .double(frame.minY), .double(frame.width), .double(frame.height)])
                    },
                    PropertyDescription("MinimumSize", signature: "(dd)") {
                        let size = try scene().sizeRestrictions.minimumSize
                        return .structure([.double(size.width), .double(size.height)])
                    },
                    PropertyDescription("MaximumSize", signature: "(dd)") {
                        let size = try scene().sizeRestrictions.maximumSize
                        return .structure([.double(size.width), .double(size.height)])
                    },
                    PropertyDescription("Process", signature: "(sus)") {
                        _ = try scene()
                        guard let isolated = service.host.isolation?.scene(named: name) else {
                            return .structure([.string("in-host"), .uint32(0), .string("")])
                        }
                        let process = isolated.processDescription
                        return .structure([.string(process.state), .uint32(process.processID), .string(process.lastExit)])
                    },
                ])
        ]
    }
}
