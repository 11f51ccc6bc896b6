import DBusKit
import Foundation
import SceneBusContract
import SceneBusServing
import SceneChannel
import SceneCore
import SceneErrors
import ScenePlugins

/// `org.scenehost.Host1` at `/org/scenehost/SceneHost`: host-wide input, motion, remote control,
/// plugin loading, and every event signal.
@MainActor
enum HostInterface {
    static func describe(service: HostBusService) -> InterfaceDescription {
        let host = service.host
        let application = host.application
        return InterfaceDescription(
            SceneBusContract.hostInterface, gate: service.gate,
            methods: [
                .deferredMethod(
                    "TouchDown", access: .changes, inputs: [.init("slot", .uint32), .init("x", .double), .init("y", .double)],
                    outputs: [.init("touch", .uint64), .init("window", .objectPath), .init("view", .string)]
                ) { call, reply in touchDown(call, reply, service: service) },
                fingerStep("TouchMove", service: service, point: true) { injector, slot, point throws(InputError) in try injector.move(slot: slot, to: point) },
                fingerStep("TouchUp", service: service, point: false) { injector, slot, _ throws(InputError) in try injector.up(slot: slot) },
                fingerStep("TouchCancel", service: service, point: false) { injector, slot, _ throws(InputError) in try injector.cancel(slot: slot) },
                .deferredMethod(
                    "InjectTouches", access: .changes, inputs: [.init("samples", "a(usddd)")], outputs: [.init("began", "a(tos)")]
                ) { call, reply in
                    do {
                        let injector = try service.admit(call)
                        let samples = try readSamples(call, limit: injector.limits.samplesPerCall)
                        if let isolation = host.isolation, let isolated = try isolation.target(of: samples) {
                            return injectTouches(samples, on: isolated, isolation: isolation, injector: injector, service: service, reply: reply)
                        }
                        try injector.run(samples) { touches in
                            reply.reply(writing: { writer in
                                try writer.appendArray(of: "(tos)") { array in
                                    for touch in touches {
                                        try array.appendStruct { item in
                                            try item.append(touch?.identifier ?? 0)
                                            try item.append(service.publisher.path(of: touch?.window))
                                            try item.append(touch?.view.map(ViewReference.reference(for:)) ?? "")
                                        }
                                    }
                                }
                            })
                        }
                    } catch let error as InputError {
                        reply.fail(error.busError)
                    } catch {
                        reply.fail(error)
                    }
                },
                .deferredMethod(
                    "SendMotion", access: .changes, inputs: [.init("subtype", .string), .init("phase", .string)], outputs: [.init("handledBy", .string)]
                ) { call, reply in
                    do {
                        _ = try service.admit(call)
                        let (subtype, phase) = try call.read { reader in (try reader.readString(), try reader.readString()) }
                        guard subtype == Event.EventSubtype.motionShake.wireName else {
                            throw HostBusErrors.invalidName("motion subtype '\(subtype)' does not exist; the only one is 'shake'")
                        }
                        guard let motionPhase = MotionPhase(rawValue: phase) else {
                            throw HostBusErrors.invalidName("motion phase '\(phase)' does not exist; use began, ended or cancelled")
                        }
                        // Motion goes to the key window's first responder: the key window's scene process's.
                        if let isolated = host.isolation?.keyScene {
                            return isolated.forward(.motion(phase: phase), reply: reply) { [.string($0.text)] }
                        }
                        reply.reply([.string(SignalRecords.describe(application.sendMotion(.motionShake, phase: motionPhase)))])
                    } catch {
                        reply.fail(error)
                    }
                },
                .deferredMethod("SendRemoteControl", access: .changes, inputs: [.init("subtype", .string)], outputs: [.init("handledBy", .string)]) {
                    call, reply in
                    do {
                        _ = try service.admit(call)
                        let name = try call.read { reader in try reader.readString() }
                        guard let subtype = Event.EventSubtype(wireName: name), subtype.isRemoteControl else {
                            let names = Event.EventSubtype.allCases.filter(\.isRemoteControl).map(\.wireName)
                            throw HostBusErrors.invalidName("remote-control subtype '\(name)' does not exist; use one of: \(names.joined(separator: ", "))")
                        }
                        if let isolated = host.isolation?.keyScene {
                            return isolated.forward(.remoteControl(subtype: name), reply: reply) { [.string($0.text)] }
                        }
                        reply.reply([.string(SignalRecords.describe(service.sendRemoteControl(subtype)))])
                    } catch {
                        reply.fail(error)
                    }
                },
                .deferredMethod(
                    "SendKey", access: .changes, inputs: [.init("key", .string), .init("modifiers", .string), .init("phase", .string)],
                    outputs: [.init("handledBy", .string)]
                ) { call, reply in
                    do {
                        _ = try service.admit(call)
                        let (name, modifiers, phase) = try call.read { reader in (try reader.readString(), try reader.readString(), try reader.readString()) }
                        let records: [KeyboardInput]
                        do throws(KeyboardInputError) {
                            records = KeyboardInput.records(
                                for: try KeyCombination(name: name, modifiers: modifiers), stroke: try KeyStroke(name: phase))
                        } catch {
                            throw HostBusErrors.from(error)
                        }
                        if let isolation = host.isolation, records.contains(where: { isolation.target(of: $0) != nil }) {
                            return deliverKeys(records, isolation: isolation, reply: reply)
                        }
                        // The reply names who handled the first record: the press's began (or its one phase),
                        // or the remote-control event of a media key.
                        var handler: Responder?
                        for (index, record) in records.enumerated() {
                            let taker = record.deliver(to: application)
                            if index == 0 { handler = taker }
                        }
                        reply.reply([.string(SignalRecords.describe(handler))])
                    } catch {
                        reply.fail(error)
                    }
                },
                Snapshots.method(isolation: host.isolation) { call, scale in
                    _ = try service.admit(call)
                    return Snapshots.Subject(windows: application.connectedScenes.flatMap(\.windows)) {
                        try Snapshots.screen(application, scale: scale, renderer: host.renderer)
                    }
                },
                .deferredMethod("ListPlugins", access: .reads, outputs: [.init("plugins", "a(ssssusss)")]) { call, reply in
                    do {
                        _ = try service.admit(call)
                    } catch {
                        return reply.fail(error)
                    }
                    host.plugins.catalog { listings in
                        // A plugin a scene process runs is as loaded as one mapped in the host.
                        var listings = listings
                        if let isolation = host.isolation {
                            for index in listings.indices where listings[index].status == .available && isolation.runsPlugin(at: listings[index].path) {
                                listings[index].status = .loaded
                            }
                        }
                        reply.reply([
                            .array(
                                element: "(ssssusss)",
                                listings.map { listing in
                                    .structure([
                                        .string(listing.name), .string(listing.version), .string(listing.description),
                                        .string(listing.minimumCoreVersion), .uint32(listing.abiVersion), .string(listing.path),
                                        .string(listing.status.rawValue), .string(listing.reason),
                                    ])
                                })
                        ])
                    }
                },
                .method("ClearQuarantine", access: .changes, inputs: [.init("plugin", .string)], outputs: [.init("cleared", "as")]) { call in
                    _ = try service.admit(call)
                    let plugin = try call.read { reader in try reader.readString() }
                    let cleared = host.plugins.clearQuarantine(plugin)
                    if cleared.isEmpty && !plugin.isEmpty {
                        let quarantined = host.plugins.crashes.entries.values.filter(\.quarantined).map(\.file.realPath).sorted()
                        throw HostBusErrors.invalidName(
                            "no quarantined plugin is called '\(plugin)' (quarantined: \(quarantined.isEmpty ? "none" : quarantined.joined(separator: ", ")))")
                    }
                    return [.array(element: .string, cleared.map { .string($0) })]
                },
                .deferredMethod("SendInput", access: .changes, inputs: [.init("record", .string)], outputs: [.init("began", "a(tos)")]) {
                    call, reply in
                    do {
                        _ = try service.admit(call)
                        let line = try call.read { reader in try reader.readString() }
                        let record: InputRecord
                        do throws(InputError) { record = try InputRecord(scriptLine: line) } catch { throw error.busError }
                        @MainActor func answer(_ touches: [(touch: UInt64, window: Window?, view: String)]) {
                            reply.reply([
                                .array(element: "(tos)", touches.map { touch in
                                    .structure([.uint64(touch.touch), .objectPath(service.publisher.path(of: touch.window)), .string(touch.view)])
                                })
                            ])
                        }
                        // A scene in a process of its own answers once its process delivered the record.
                        guard let isolation = host.isolation, let scene = isolation.target(of: record) else {
                            return answer(host.deviceInput.deliver(record).map { ($0?.identifier ?? 0, $0?.window, $0?.view.map(ViewReference.reference(for:)) ?? "") })
                        }
                        host.deviceInput.noteDelivered(record)
                        Task { @MainActor in
                            do throws(SceneCallError) {
                                let delivered = try await isolation.deliver(record, to: scene)
                                if let refusal = delivered.refusal { return reply.fail(refusal.busError) }
                                answer(delivered.began)
                            } catch {
                                reply.fail(error.busError)
                            }
                        }
                    } catch {
                        reply.fail(error)
                    }
                },
                .method("DisplayStatistics", access: .reads, outputs: [.init("statistics", "a{sv}")]) { call in
                    _ = try service.admit(call)
                    return [DisplayStatisticsReport.describe(host)]
                },
                .method("BusStatistics", access: .reads, outputs: [.init("statistics", "a{sv}")]) { call in
                    _ = try service.admit(call)
                    return [service.outputReport.describe()]
                },
                .deferredMethod("LoadPlugin", access: .changes, inputs: [.init("plugin", .string), .init("sceneName", .string)], outputs: [.init("scene", .objectPath)]) {
                    call, reply in
                    do {
                        _ = try service.admit(call)
                        let (plugin, sceneName) = try call.read { reader in (try reader.readString(), try reader.readString()) }
                        service.loadPlugin(plugin, sceneName: sceneName, caller: call.sender?.rawValue ?? "anonymous") { result in
                            switch result {
                            case .success(let scene): reply.reply([.objectPath(SceneBusContract.scenePath(scene.name))])
                            case .failure(let error): reply.fail(HostBusErrors.from(error))
                            }
                        }
                    } catch {
                        reply.fail(error)
                    }
                },
            ] + toolkitMethods(service: service) + selectorMethods(service: service),
            signals: [
                SignalDescription(
                    HostSignals.touch,
                    arguments: [
                        .init("seq", .uint64), .init("window", .objectPath), .init("touch", .uint64), .init("phase", .string),
                        .init("x", .double), .init("y", .double), .init("view", .string), .init("timestamp", .double),
                        .init("tapCount", .uint32),
                    ]),
                SignalDescription(
                    HostSignals.firstResponderChanged,
                    arguments: [.init("seq", .uint64), .init("window", .objectPath), .init("old", .string), .init("new", .string)]),
                SignalDescription(
                    HostSignals.keyWindowChanged, arguments: [.init("seq", .uint64), .init("old", .objectPath), .init("new", .objectPath)]),
                SignalDescription(
                    HostSignals.gestureStateChanged,
                    arguments: [
                        .init("seq", .uint64), .init("window", .objectPath), .init("view", .string), .init("recognizer", .string),
                        .init("state", .string),
                    ]),
                SignalDescription(
                    HostSignals.actionSent,
                    arguments: [
                        .init("seq", .uint64), .init("window", .objectPath), .init("action", .string), .init("sender", .string),
                        .init("target", .string),
                    ]),
                SignalDescription(
                    HostSignals.motionDelivered,
                    arguments: [.init("seq", .uint64), .init("subtype", .string), .init("phase", .string), .init("handledBy", .string)]),
                SignalDescription(
                    HostSignals.remoteControlDelivered,
                    arguments: [.init("seq", .uint64), .init("subtype", .string), .init("handledBy", .string)]),
                SignalDescription(
                    HostSignals.sceneActivationChanged,
                    arguments: [.init("seq", .uint64), .init("scene", .objectPath), .init("state", .string)]),
                SignalDescription(
                    HostSignals.press,
                    arguments: [
                        .init("seq", .uint64), .init("window", .objectPath), .init("key", .string), .init("phase", .string),
                        .init("handledBy", .string),
                    ]),
                SignalDescription(HostSignals.log, arguments: [.init("seq", .uint64), .init("scene", .objectPath), .init("line", .string)]),
                SignalDescription(
                    HostSignals.input, arguments: [.init("seq", .uint64), .init("timestamp", .double), .init("record", .string)]),
                SignalDescription(
                    HostSignals.sceneGeometryChanged,
                    arguments: [
                        .init("seq", .uint64), .init("scene", .objectPath), .init("x", .double), .init("y", .double),
                        .init("width", .double), .init("height", .double),
                    ]),
                SignalDescription(
                    HostSignals.sceneCrashed,
                    arguments: [
                        .init("seq", .uint64), .init("scene", .objectPath), .init("plugin", .string), .init("reason", .string), .init("next", .string),
                    ]),
                SignalDescription(
                    HostSignals.sceneNotResponding, arguments: [.init("seq", .uint64), .init("scene", .objectPath), .init("plugin", .string)]),
                SignalDescription(HostSignals.sceneResponding, arguments: [.init("seq", .uint64), .init("scene", .objectPath)]),
                SignalDescription(HostSignals.sceneStarted, arguments: [.init("seq", .uint64), .init("scene", .objectPath), .init("pid", .uint32)]),
            ],
            properties: [
                PropertyDescription("Version", signature: .string, changeBehavior: .constant) { .string(HostVersion.busVersion) },
                PropertyDescription("Scenes", signature: "ao") {
                    .array(element: .objectPath, application.connectedScenes.map { .objectPath(SceneBusContract.scenePath($0.name)) })
                },
                PropertyDescription("KeyWindow", signature: .objectPath) {
                    .objectPath(service.publisher.path(of: application.keyWindow))
                },
                PropertyDescription("FirstResponder", signature: .string) {
                    let key = application.keyWindow
                    if let key, let isolated = host.isolation?.scene(of: key) { return .string(isolated.firstResponder(of: key)) }
                    return .string(SignalRecords.describe(key?.firstResponder))
                },
            ] + toolkitProperties(service: service))
    }

    /// Reads `a(usddd)` samples, naming the first bad one.
    /// Keys or text for the key window, whose scene runs in `scene`'s process: each record goes as its
    /// script line, in order; the reply names who handled the first.
    static func deliverKeys(_ records: [KeyboardInput], isolation: SceneIsolation, reply: DeferredReply) {
        Task { @MainActor in
            var first: String?
            do throws(SceneCallError) {
                for record in records {
                    guard let scene = isolation.target(of: record) else { continue }
                    isolation.noteKeyboard(record, sentTo: scene)
                    let outcome = try await scene.process.record(InputRecord.keyboard(record).scriptLine)
                    if let error = outcome.inputError { return reply.fail(error.busError) }
                    if first == nil { first = outcome.handledBy }
                }
                reply.reply([.string(first ?? "")])
            } catch {
                reply.fail(error.busError)
            }
        }
    }

    /// `InjectTouches` whose downs all land on `scene`: checked against the caller's limits, then run
    /// by the scene process on its clock; the reply lists what each down hit.
    private static func injectTouches(
        _ samples: [InputSample], on scene: IsolatedScene, isolation: SceneIsolation, injector: TouchInjector, service: HostBusService,
        reply: DeferredReply
    ) {
        do throws(InputError) {
            try injector.validate(samples)
        } catch {
            return reply.fail(error.busError)
        }
        Task { @MainActor in
            do throws(SceneCallError) {
                let outcome = try await isolation.run(samples, on: scene)
                if let error = outcome.inputError { return reply.fail(error.busError) }
                reply.reply([
                    .array(
                        element: "(tos)",
                        outcome.began.map { touch in
                            .structure([.uint64(touch.touch), .objectPath(service.publisher.path(of: scene.window(at: touch.window))), .string(touch.view)])
                        })
                ])
            } catch {
                reply.fail(error.busError)
            }
        }
    }

    /// `TouchDown`: to the scene process whose window is frontmost at the point (replying with what
    /// it hit once it was delivered there), or to the host's own scenes.
    private static func touchDown(_ call: MethodCall, _ reply: DeferredReply, service: HostBusService) {
        let host = service.host
        do {
            let injector = try service.admit(call)
            let (slot, x, y) = try call.read { reader in (try reader.readUInt32(), try reader.readDouble(), try reader.readDouble()) }
            let point = try HostBusErrors.point(x, y, "TouchDown location")
            if let isolation = host.isolation, let scene = isolation.scene(at: point) {
                let finger = SceneIsolation.Finger(client: call.sender?.rawValue ?? "anonymous", slot: slot)
                guard !isolation.owns(finger), !injector.activeSlots.contains(slot) else {
                    throw InputError(code: .slotInUse, message: "slot \(slot) is already down; lift it (TouchUp) or use another slot").busError
                }
                // The caller's limit counts its fingers on every scene, as one injector counts them.
                let down = isolation.fingerCount(of: finger.client) + injector.activeSlots.count
                guard down < injector.limits.simultaneousTouches else {
                    throw InputError(
                        code: .limitExceeded,
                        message: "slot \(slot) would be touch number \(down + 1); the limit is \(injector.limits.simultaneousTouches) simultaneous touches (bus.limits.simultaneous-touches)"
                    ).busError
                }
                // Answered on the turn the scene process answers: no task to start or resume.
                isolation.down(finger, at: point, on: scene) { result in
                    switch result {
                    case .success(let outcome):
                        if let error = outcome.inputError { return reply.fail(error.busError) }
                        reply.reply([
                            .uint64(outcome.touch), .objectPath(service.publisher.path(of: scene.window(at: outcome.window))), .string(outcome.view),
                        ])
                    case .failure(let error):
                        reply.fail(error.busError)
                    }
                }
                return
            }
            let touch = try injector.down(slot: slot, at: point)
            reply.reply([
                .uint64(touch?.identifier ?? 0), .objectPath(service.publisher.path(of: touch?.window)),
                .string(touch?.view.map(ViewReference.reference(for:)) ?? ""),
            ])
        } catch let error as InputError {
            reply.fail(error.busError)
        } catch {
            reply.fail(error)
        }
    }

    /// `TouchMove`, `TouchUp` or `TouchCancel` (with a point for a move): to the scene process the
    /// finger went down on, replying once it was delivered there, or to the host's own scenes.
    private static func fingerStep(
        _ name: MemberName, service: HostBusService, point hasPoint: Bool,
        local: @escaping @MainActor @Sendable (TouchInjector, UInt32, Point) throws(InputError) -> Void
    ) -> HostMethod {
        let inputs: [ArgumentDescription] = hasPoint ? [.init("slot", .uint32), .init("x", .double), .init("y", .double)] : [.init("slot", .uint32)]
        return .deferredMethod(name, access: .changes, inputs: inputs) { call, reply in
            do {
                let injector = try service.admit(call)
                let (slot, point) = try call.read { reader in
                    let slot = try reader.readUInt32()
                    return hasPoint ? (slot, Point(x: try reader.readDouble(), y: try reader.readDouble())) : (slot, Point(x: 0, y: 0))
                }
                if hasPoint { _ = try HostBusErrors.point(point.x, point.y, "\(name) location") }
                let finger = SceneIsolation.Finger(client: call.sender?.rawValue ?? "anonymous", slot: slot)
                if let isolation = service.host.isolation, isolation.owns(finger) {
                    let phase: SceneTouchRecord.Phase = name == "TouchMove" ? .move : name == "TouchUp" ? .up : .cancel
                    isolation.step(finger, phase, to: point) { result in
                        switch result {
                        case .success(let outcome):
                            if let error = outcome.inputError { return reply.fail(error.busError) }
                            reply.reply()
                        case .failure(let error):
                            reply.fail(error.busError)
                        }
                    }
                    return
                }
                try local(injector, slot, point)
                reply.reply()
            } catch let error as InputError {
                reply.fail(error.busError)
            } catch {
                reply.fail(error)
            }
        }
    }

    private static func readSamples(_ call: MethodCall, limit: Int) throws -> [InputSample] {
        try call.read { reader in
            var index = 0
            return try reader.readArray { element in
                defer { index += 1 }
                return try element.readStruct { fields in
                    let slot = try fields.readUInt32()
                    let phaseName = try fields.readString()
                    let x = try fields.readDouble(), y = try fields.readDouble(), delay = try fields.readDouble()
                    guard let phase = InputSample.Phase(rawValue: phaseName) else {
                        throw HostBusErrors.invalidName("sample \(index): phase '\(phaseName)' does not exist; use down, move, up or cancel")
                    }
                    return InputSample(slot: slot, phase: phase, location: Point(x: x, y: y), delay: delay)
                }
            }
        }
    }
}
