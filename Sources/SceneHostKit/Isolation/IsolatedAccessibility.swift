import DBusKit
import Glibc
import Logging
import SceneAccessibility
import SceneBusServing
import SceneChannel
import SceneCore
import SceneProcesses

/// The scene processes' accessible objects on the board's accessibility connection: while the
/// bridge is on the bus, each running scene process serves its scene's objects
/// (``SceneProcessAccessibility``) and the board forwards to it every call below its prefix
/// (`/org/a11y/atspi/accessible/p<pid>`), emits its events, lists its windows among the root's
/// children by its paths (`…/p<pid>/w<n>`) and adds its objects to `Cache.GetItems`. A scene whose
/// process is not running (starting, crashed, quarantined) shows its stand-in's windows instead,
/// with the placeholder that names it; the switch is announced as the windows' replacement among
/// the root's children. Main actor.
@MainActor
final class IsolatedAccessibility {
    private let bridge: AccessibilityBridge
    private let isolation: SceneIsolation
    private let application: Application
    private let policy: InputPolicy
    private let desktopOffset: @MainActor (WindowScene) -> Point?
    private let logger: Logger
    /// The bridge's connection while it is on the bus.
    private var connection: BusConnection?
    /// Finds out who calls, when the input policy names executables.
    private var identification: CallerIdentification?
    /// Per scene (by name): the process told to serve (its id and prefix's registration).
    private var serving: [String: (processID: Int32, registration: ObjectRegistration)] = [:]
    /// Per scene: the process that is running and serving, whose windows the root lists by its paths.
    private var listed: [String: Int32] = [:]
    /// Per scene: whether its process was last told its scene holds the application key window.
    private var toldKey: [String: Bool] = [:]

    init(
        bridge: AccessibilityBridge, isolation: SceneIsolation, application: Application, policy: InputPolicy, desktopOffset: @escaping @MainActor (WindowScene) -> Point?,
        logger: Logger
    ) {
        self.bridge = bridge
        self.isolation = isolation
        self.application = application
        self.policy = policy
        self.desktopOffset = desktopOffset
        self.logger = logger
        bridge.remoteWindowPath = { [weak self] window in self?.path(of: window) }
        bridge.onJoin = { [weak self] connection in self?.joined(connection) }
        bridge.onLeave = { [weak self] in self?.left() }
        bridge.remoteCacheItems = { [weak self] completion in
            guard let self else { return completion([]) }
            self.cacheItems(completion)
        }
        isolation.observe { [weak self] scene, event in self?.take(event, of: scene) }
        application.addObserver(self)
    }

    /// Whether `scene` holds the board's application key window.
    private func holdsKey(_ scene: IsolatedScene) -> Bool {
        application.keyWindow.map { isolation.scene(of: $0) === scene } ?? false
    }

    private func state(holdingKey holds: Bool) -> SceneAccessibilityState {
        SceneAccessibilityState(
            hostName: connection?.uniqueName?.rawValue ?? "", inputMode: policy.mode.rawValue, allowedExecutables: policy.allowedExecutables,
            holdsApplicationKey: holds)
    }

    /// The path of `window` when a scene process serves it; kept for a window its scene left with
    /// (`Scene1.Disconnect`), so that its departure names it as clients knew it.
    private func path(of window: Window) -> ObjectPath? {
        if let scene = isolation.scene(of: window) {
            guard let processID = listed[scene.name], let number = scene.index(of: window) else { return nil }
            let path = ObjectPath(unchecked: SceneProcessAccessibility.prefix(processID: processID).rawValue + "/w\(number)")
            if windowPaths[ObjectIdentifier(window)]?.path != path {
                windowPaths = windowPaths.filter { $0.value.window != nil }
                windowPaths[ObjectIdentifier(window)] = (window, path)
            }
            return path
        }
        guard let kept = windowPaths[ObjectIdentifier(window)], kept.window === window else { return nil }
        return kept.path
    }

    /// The paths windows were last given (``path(of:)``).
    private var windowPaths: [ObjectIdentifier: (window: Window?, path: ObjectPath)] = [:]

    // MARK: Joining and leaving

    private func joined(_ connection: BusConnection) {
        self.connection = connection
        if !policy.allowedExecutables.isEmpty { identification = CallerIdentification(connection: connection, logger: logger) }
        for scene in isolation.scenes { serve(scene) }
    }

    private func left() {
        for (name, entry) in serving {
            entry.registration.unexport()
            isolation.scene(named: name)?.process.accessibilityQuery(
                SceneQueryCode.accessibilityState,
                body: SceneAccessibilityState(hostName: "", inputMode: "", allowedExecutables: [], holdsApplicationKey: false).encoded
            ) { _ in }
        }
        serving.removeAll()
        listed.removeAll()
        toldKey.removeAll()
        identification?.stop()
        identification = nil
        connection = nil
    }

    // MARK: Scene processes

    private func take(_ event: SceneProcessEvent, of scene: IsolatedScene) {
        switch event {
        case .started:
            stopServing(scene)
            serve(scene)
        case .windows, .notResponding, .responding:
            // A hung process's windows are its stand-in's (which says so) until it answers again.
            updateListing(of: scene)
        case .crashed:
            stopServing(scene)
        case .accessibility(let bytes):
            guard let connection, serving[scene.name] != nil else { return }
            do {
                try connection.emitSignal(forwarding: bytes)
            } catch {
                logger.warning("scene process sent an accessibility event that is not a signal: \(error); ignoring", metadata: ["scene": "\(scene.name)"])
            }
        case .placeholder, .busy, .signal, .frame, .clock, .output:
            break
        }
    }

    /// Tells `scene`'s process to serve its objects and forwards its prefix to it.
    private func serve(_ scene: IsolatedScene) {
        guard let connection, connection.uniqueName != nil, serving[scene.name] == nil, let processID = scene.process.processID else { return }
        let prefix = SceneProcessAccessibility.prefix(processID: processID)
        let registration: ObjectRegistration
        do {
            registration = try connection.exportForwardingSubtree(at: prefix) { [weak self, weak scene] call in
                guard let self, let scene else { return call.fail(BusError(name: .unknownObject, message: "the scene is gone")) }
                self.forward(call, to: scene)
            }
        } catch {
            logger.warning("cannot forward the accessible objects of the scene process: \(error)", metadata: ["scene": "\(scene.name)"])
            return
        }
        serving[scene.name] = (processID, registration)
        let holds = holdsKey(scene)
        toldKey[scene.name] = holds
        scene.process.accessibilityQuery(SceneQueryCode.accessibilityState, body: state(holdingKey: holds).encoded) { [weak self, weak scene] result in
            guard let self, let scene else { return }
            if case .failure(let error) = result {
                self.logger.warning("the scene process does not serve its accessible objects: \(error)", metadata: ["scene": "\(scene.name)"])
                return
            }
            self.updateListing(of: scene)
        }
        updateListing(of: scene)
    }

    private func stopServing(_ scene: IsolatedScene) {
        if let entry = serving.removeValue(forKey: scene.name) { entry.registration.unexport() }
        toldKey[scene.name] = nil
        updateListing(of: scene)
    }

    /// Lists `scene`'s windows by the process's paths while it runs and serves, by the stand-in's
    /// otherwise, announcing a change as the windows' replacement.
    private func updateListing(of scene: IsolatedScene) {
        let now: Int32? = scene.state == .running ? serving[scene.name]?.processID : nil
        guard now != listed[scene.name] else { return }
        if now != nil { logger.info("the scene process serves its accessible objects", metadata: ["scene": "\(scene.name)"]) }
        bridge.changeServer(of: scene.windows) {
            listed[scene.name] = now
            if now == nil { for window in scene.windows { windowPaths[ObjectIdentifier(window)] = nil } }
        }
    }

    // MARK: Calls

    /// The calls that act as a click does: when the process answers that it acts, its scene becomes
    /// active at the board [WS-11] and its key window the application's, before the caller hears
    /// the answer (the process activated its own scene already).
    private static let activating: Set<String> = ["org.a11y.atspi.Action.DoAction", "org.a11y.atspi.Component.GrabFocus"]

    private func forward(_ call: ForwardedCall, to scene: IsolatedScene) {
        // A scene that left (Scene1.Disconnect) or whose process is not running has no objects.
        guard isolation.scene(named: scene.name) === scene, scene.state == .running || scene.state == .notResponding else {
            if isolation.scene(named: scene.name) !== scene, let entry = serving.removeValue(forKey: scene.name) { entry.registration.unexport() }
            return call.fail(Self.gone(scene, call))
        }

        guard let sender = call.message.sender?.rawValue, let identification else {
            send(call, to: scene, caller: nil)
            return
        }
        identification.identify(sender) { [weak self, weak scene] caller in
            guard let self, let scene else { return call.fail(BusError(name: .unknownObject, message: "the scene is gone")) }
            switch caller {
            case .process(_, let pid, let executable): self.send(call, to: scene, caller: (pid, executable))
            case .unidentified: self.send(call, to: scene, caller: nil)
            }
        }
    }

    private func send(_ call: ForwardedCall, to scene: IsolatedScene, caller: (pid: Int32, executable: String)?) {
        let wire: [UInt8]
        do {
            wire = try call.message.marshalled()
        } catch {
            return call.fail(error)
        }
        scene.process.accessibilityQuery(SceneQueryCode.accessibilityCall, body: request(wire, for: scene, caller: caller).encoded) { result in
            switch result {
            case .success(let answer):
                if self.activates(call, answer) { self.isolation.activate(scene) }
                do {
                    try call.reply(forwarding: answer)
                } catch {
                    self.logger.warning("scene process answered an accessibility call wrongly: \(error)", metadata: ["scene": "\(scene.name)"])
                }
            case .failure(.unanswered(.crashed, _)), .failure(.unanswered(.stopped, _)):
                call.fail(Self.gone(scene, call))
            case .failure(let error):
                call.fail(error.busError)
            }
        }
    }

    /// Whether `answer` says that `call` (`DoAction`, `GrabFocus`) acted.
    private func activates(_ call: ForwardedCall, _ answer: [UInt8]) -> Bool {
        guard let interface = call.message.interface, let member = call.message.member,
            Self.activating.contains("\(interface.rawValue).\(member.rawValue)"),
            let reply = try? BusMessage(wireBytes: answer), reply.kind == .methodReturn
        else { return false }
        return reply.arguments.first == .bool(true)
    }

    /// The error for a call to an object of a scene process that is gone.
    private static func gone(_ scene: IsolatedScene, _ call: ForwardedCall) -> BusError {
        BusError(
            name: .unknownObject,
            message: "no object at \(call.message.path?.rawValue ?? "?"): the process of scene '\(scene.name)' that served it is gone")
    }

    private func request(_ wire: [UInt8], for scene: IsolatedScene, caller: (pid: Int32, executable: String)?) -> SceneAccessibilityCall {
        let offset = scene.scene.flatMap(desktopOffset)
        let first = scene.windows.lazy.compactMap { self.bridge.rootIndex(of: $0) }.first ?? 0
        return SceneAccessibilityCall(
            wire: wire, desktopOffset: offset.map { ($0.x, $0.y) }, rootIndexOffset: Int32(first), caller: caller)
    }

    /// `Cache.GetItems` of every scene process whose windows the root lists, in scene order.
    private func cacheItems(_ completion: @escaping @MainActor ([BusValue]) -> Void) {
        let scenes = isolation.scenes.filter { listed[$0.name] != nil }
        var answers: [[BusValue]?] = Array(repeating: nil, count: scenes.count)
        var left = scenes.count
        guard left > 0 else { return completion([]) }
        for (index, scene) in scenes.enumerated() {
            let call = BusMessage.methodCall(destination: nil, path: "/org/a11y/atspi/cache", interface: "org.a11y.atspi.Cache", member: "GetItems")
            guard let wire = try? call.marshalled(serial: UInt32(index + 1)) else {
                left -= 1
                continue
            }
            scene.process.accessibilityQuery(SceneQueryCode.accessibilityCall, body: request(wire, for: scene, caller: nil).encoded) { result in
                if case .success(let bytes) = result, let reply = try? BusMessage(wireBytes: bytes), reply.kind == .methodReturn,
                    case .array(_, let items)? = reply.arguments.first
                {
                    answers[index] = items
                }
                left -= 1
                if left == 0 { completion(answers.flatMap { $0 ?? [] }) }
            }
        }
        if left == 0 { completion(answers.flatMap { $0 ?? [] }) }
    }
}

extension IsolatedAccessibility: ApplicationObserver {
    /// The board's key window moved (perhaps to another scene): each serving process whose scene
    /// gained or lost it is told, and announces it as its key window's change.
    func applicationKeyWindowDidChange(from old: Window?, to new: Window?) {
        // The one that loses it first, so that clients hear the deactivation before the activation.
        let changed = isolation.scenes.filter { serving[$0.name] != nil && toldKey[$0.name] != holdsKey($0) }.sorted { a, _ in !holdsKey(a) }
        for scene in changed {
            let holds = holdsKey(scene)
            toldKey[scene.name] = holds
            scene.process.accessibilityQuery(SceneQueryCode.accessibilityState, body: state(holdingKey: holds).encoded) { _ in }
        }
    }
}
