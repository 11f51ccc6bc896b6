import DBusKit
import SceneChannel
import SceneProcesses
import Logging
import SceneBusContract
import SceneCore

/// Publishes the model on the bus: every event as a signal of `org.scenehost.Host1` carrying a
/// host-wide sequence number, every scene and window as an object (exported when it appears,
/// unexported when it goes, announced through the ObjectManager), and property changes.
///
/// Signals are emitted synchronously, right after the UIKit callbacks of the step they report, so
/// their order is the model's order [WS-10]; `seq` grows by exactly one per event signal, so a client
/// can prove it lost nothing.
@MainActor
final class BusPublisher: SignalRecordObserver {
    let connection: BusConnection
    unowned let service: HostBusService
    private let logger: Logger
    private(set) var sequence: UInt64 = 0
    /// Each published window's object path, made once (every signal about a window carries it).
    private var windowPaths: [ObjectIdentifier: ObjectPath] = [:]
    private var windowsByNumber: [Int: Window] = [:]
    private var nextWindowNumber = 1
    private var windowRegistrations: [Int: ObjectRegistration] = [:]
    private var sceneRegistrations: [String: ObjectRegistration] = [:]
    private var emitFailureLogged = false
    /// The scene-level key change just announced, so the application-level change that the model
    /// reports right after it (same windows) is not announced twice. Cleared by that report.
    private var announcedKeyChange: (old: ObjectIdentifier?, new: ObjectIdentifier?)?
    /// Signals of scene processes that name a window their stand-in does not have yet (a scene that
    /// connects makes its window key before it lists its windows), by scene, in their order:
    /// published once the stand-in has the windows, before the stand-in's own key change.
    private var heldSignals: [String: [SceneSignal]] = [:]

    init(connection: BusConnection, service: HostBusService, logger: Logger) {
        self.connection = connection
        self.service = service
        self.logger = logger
    }

    // MARK: Objects

    /// The path of `window` ('/' for none or an unpublished window).
    func path(of window: Window?) -> ObjectPath {
        guard let window, let path = windowPaths[ObjectIdentifier(window)] else { return .root }
        return path
    }

    func window(number: Int) -> Window? { windowsByNumber[number] }

    /// Published windows, by number.
    var publishedWindows: [(number: Int, window: Window)] {
        windowsByNumber.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Exports every scene and window not yet published, and unexports the ones that left.
    func synchronize() {
        let application = service.host.application
        for scene in application.connectedScenes where sceneRegistrations[scene.name] == nil {
            export(scene)
        }
        var live: Set<ObjectIdentifier> = []
        for scene in application.connectedScenes {
            for window in scene.windows {
                live.insert(ObjectIdentifier(window))
                if windowPaths[ObjectIdentifier(window)] == nil { export(window) }
            }
        }
        for (number, window) in windowsByNumber where !live.contains(ObjectIdentifier(window)) {
            windowRegistrations.removeValue(forKey: number)?.unexport()
            windowsByNumber[number] = nil
            windowPaths[ObjectIdentifier(window)] = nil
        }
        let names = Set(application.connectedScenes.map(\.name))
        for (name, registration) in sceneRegistrations where !names.contains(name) {
            registration.unexport()
            sceneRegistrations[name] = nil
        }
    }

    private func export(_ scene: WindowScene) {
        let path = SceneBusContract.scenePath(scene.name)
        do {
            sceneRegistrations[scene.name] = try connection.export(SceneInterface.describe(scene.name, service: service), at: path)
        } catch {
            logger.error("cannot export scene \(scene.name) at \(path): \(error)", metadata: ["topic": "bus"])
        }
    }

    private func export(_ window: Window) {
        let number = nextWindowNumber
        nextWindowNumber += 1
        let path = SceneBusContract.windowPath(number)
        windowPaths[ObjectIdentifier(window)] = path
        windowsByNumber[number] = window
        do {
            windowRegistrations[number] = try connection.export(WindowInterface.describe(number, service: service), at: path)
        } catch {
            logger.error("cannot export window \(number) at \(path): \(error)", metadata: ["topic": "bus"])
        }
    }

    // MARK: Signals

    private func nextSequence() -> UInt64 {
        sequence += 1
        return sequence
    }

    /// Every event signal is flat and basic: marshalled in Swift (DBusKit's ``BasicBodyWriter``).
    private func emit(_ member: MemberName, _ body: (inout BasicBodyWriter) throws -> Void) {
        do {
            try connection.emitBasicSignal(
                path: SceneBusContract.rootPath, interface: SceneBusContract.hostInterface, member: member, body)
        } catch {
            if !emitFailureLogged {
                emitFailureLogged = true
                logger.warning("cannot emit \(member) signals: \(error); ignoring", metadata: ["topic": "bus"])
            }
        }
    }

    private func changed(_ path: ObjectPath, _ interface: InterfaceName, _ names: [MemberName]) {
        try? connection.emitPropertiesChanged(path: path, interface: interface, properties: names)
    }

    /// A record of the host's own model. With `isolation: process`, the stand-ins of scenes in
    /// processes of their own say nothing themselves: their scene process reports what happens in
    /// them (``sceneProcess(_:_:)``) — except their activation, which the board decides and the
    /// process follows silently, so it is published here, between the application's key-window
    /// changes it causes, as in one process.
    func report(_ record: SignalRecord) {
        if record.member != HostSignals.sceneActivationChanged, let isolation = service.host.isolation, Self.concernsStandIn(record, isolation) {
            return
        }
        publish(record)
    }

    private static func concernsStandIn(_ record: SignalRecord, _ isolation: SceneIsolation) -> Bool {
        record.values.contains { value in
            switch value {
            case .window(let window): isolation.scene(of: window) != nil
            case .scene(let name): isolation.scene(named: name) != nil
            case .u64, .u32, .double, .string: false
            }
        }
    }

    /// What a scene process reports: its event signals, published as the host's own with the next
    /// `seq` (its windows as its stand-in's paths), and its start, crash and hang.
    func sceneProcess(_ scene: IsolatedScene, _ event: SceneProcessEvent) {
        switch event {
        case .started, .crashed, .notResponding, .responding, .windows:
            if sceneRegistrations[scene.name] != nil {
                changed(SceneBusContract.scenePath(scene.name), SceneBusContract.sceneInterface, ["Process"])
            }
        case .signal, .placeholder, .frame, .busy, .clock, .output, .accessibility:
            break
        }
        switch event {
        case .signal(let signal):
            if heldSignals[scene.name] != nil || Self.namesUnmirroredWindow(signal, of: scene) {
                heldSignals[scene.name, default: []].append(signal)
                return
            }
            publish(signal, of: scene)
        case .windows, .crashed:
            releaseHeldSignals(of: scene)
        default:
            break
        }
        switch event {
        case .started(let processID):
            publish(SignalRecord(member: HostSignals.sceneStarted, values: [.scene(scene.name), .u32(UInt32(bitPattern: processID))]))
        case .crashed(let exit, let quarantined):
            publish(
                SignalRecord(
                    member: HostSignals.sceneCrashed,
                    values: [
                        .scene(scene.name), .string(scene.pluginName), .string(scene.lastCrash ?? exit.description),
                        .string(quarantined ? "quarantined" : "restarting"),
                    ]))
        case .notResponding:
            publish(SignalRecord(member: HostSignals.sceneNotResponding, values: [.scene(scene.name), .string(scene.pluginName)]))
        case .responding:
            publish(SignalRecord(member: HostSignals.sceneResponding, values: [.scene(scene.name)]))
        case .signal, .windows, .placeholder, .frame, .busy, .clock, .output, .accessibility:
            break
        }
    }

    /// A scene process's `signal`, as the host's own with the next `seq` (its windows as its
    /// stand-in's paths).
    private func publish(_ signal: SceneSignal, of scene: IsolatedScene) {
        guard let member = try? MemberName(signal.member) else { return }
        if member == HostSignals.firstResponderChanged, case .window(let index)? = signal.values.first, let window = scene.window(at: index) {
            let path = path(of: window)
            if path != .root { changed(path, SceneBusContract.windowInterface, ["FirstResponder"]) }
            if window === service.host.application.keyWindow {
                changed(SceneBusContract.rootPath, SceneBusContract.hostInterface, ["FirstResponder"])
            }
        }
        publish(
            SignalRecord(
                member: member,
                values: signal.values.map { value in
                    switch value {
                    case .u64(let number): .u64(number)
                    case .u32(let number): .u32(number)
                    case .double(let number): .double(number)
                    case .string(let text): .string(text)
                    case .window(let index): .window(scene.window(at: index))
                    case .scene(let name): .scene(name)
                    }
                }))
    }

    /// Whether `signal` names a window of `scene`'s process that its stand-in does not have yet.
    private static func namesUnmirroredWindow(_ signal: SceneSignal, of scene: IsolatedScene) -> Bool {
        signal.values.contains { value in
            if case .window(let index) = value { index >= 0 && scene.window(at: index) == nil } else { false }
        }
    }

    /// Publishes the signals held for `scene` (``heldSignals``), its new windows exported first; a
    /// window still missing (the process ended first) is named '/'.
    private func releaseHeldSignals(of scene: IsolatedScene) {
        guard let held = heldSignals.removeValue(forKey: scene.name) else { return }
        synchronize()
        for signal in held { publish(signal, of: scene) }
    }

    /// Stamps `record` with the next `seq` and emits it, windows and scenes as their paths.
    private func publish(_ record: SignalRecord) {
        let seq = nextSequence()
        emit(record.member) { writer in
            writer.append(seq)
            for value in record.values {
                switch value {
                case .u64(let number): writer.append(number)
                case .u32(let number): writer.append(number)
                case .double(let number): writer.append(number)
                case .string(let text): try writer.append(text)
                case .window(let window): writer.append(path(of: window))
                case .scene(let name): writer.append(SceneBusContract.scenePath(name))
                }
            }
        }
    }

    func firstResponderDidChange(in window: Window, from old: Responder?, to new: Responder?) {
        report(SignalRecords.firstResponderChanged(in: window, from: old, to: new))
        let path = path(of: window)
        if path != .root { changed(path, SceneBusContract.windowInterface, ["FirstResponder"]) }
        if window === service.host.application.keyWindow {
            changed(SceneBusContract.rootPath, SceneBusContract.hostInterface, ["FirstResponder"])
        }
    }

    /// A scene's key window changed: `KeyWindowChanged(old, new)` with that scene's windows.
    func keyWindowDidChange(in scene: WindowScene, from old: Window?, to new: Window?) {
        // A stand-in's key window follows its process's list: the process's own signals about the
        // windows (held until the stand-in had them) come first, as in one process.
        if let isolated = service.host.isolation?.scene(standingIn: scene) { releaseHeldSignals(of: isolated) }
        report(SignalRecords.keyWindowChanged(from: old, to: new))
        announcedKeyChange = (old.map(ObjectIdentifier.init), new.map(ObjectIdentifier.init))
        for window in [old, new] {
            let path = path(of: window)
            if path != .root { changed(path, SceneBusContract.windowInterface, ["IsKey"]) }
        }
        changed(SceneBusContract.scenePath(scene.name), SceneBusContract.sceneInterface, ["KeyWindow"])
    }

    /// The application's key window (`Host1.KeyWindow`) changed. The model reports it right after
    /// the scene-level change that caused it; when that one already named the same two windows,
    /// no second signal is sent. Otherwise (a touch brought another scene to the front, a scene
    /// was deactivated) `KeyWindowChanged` names the application's old and new key windows.
    func applicationKeyWindowDidChange(from old: Window?, to new: Window?) {
        // A window made key as it appears (a stand-in's, from its process's list) has its path first;
        // a key change between published windows (every touch that activates a scene) exports nothing.
        if let new, windowPaths[ObjectIdentifier(new)] == nil { synchronize() }
        let change = (old.map(ObjectIdentifier.init), new.map(ObjectIdentifier.init))
        let announced = announcedKeyChange
        announcedKeyChange = nil
        if announced?.old != change.0 || announced?.new != change.1 {
            // The application's key window is the board's to report, stand-ins' windows included:
            // only the board knows every scene (a scene process reports its own scene's changes,
            // which the stand-in mirrors, so the two signals are told apart as in one process).
            publish(SignalRecords.keyWindowChanged(from: old, to: new))
        }
        changed(SceneBusContract.rootPath, SceneBusContract.hostInterface, ["KeyWindow", "FirstResponder"])
    }

    func windowDidBecomeVisible(_ window: Window) {
        let path = path(of: window)
        if path != .root { changed(path, SceneBusContract.windowInterface, ["Hidden"]) }
    }

    func windowDidBecomeHidden(_ window: Window) {
        windowDidBecomeVisible(window)
    }

    func windowsDidChange(in scene: WindowScene) {
        synchronize()
        changed(SceneBusContract.scenePath(scene.name), SceneBusContract.sceneInterface, ["Windows"])
    }

    /// Device input (a desktop window's, or a replay's) is about to be delivered: `Input(seq,
    /// timestamp, record)`, the record as an input-script line, so a recording of these signals is a
    /// script `scene-host --input` replays.
    func inputWasReceived(_ record: InputRecord, at timestamp: Double) {
        report(SignalRecords.input(record, at: timestamp))
    }

    func sceneActivationDidChange(_ scene: WindowScene, to state: WindowScene.ActivationState) {
        report(SignalRecords.sceneActivationChanged(scene, to: state))
        if sceneRegistrations[scene.name] != nil {
            changed(SceneBusContract.scenePath(scene.name), SceneBusContract.sceneInterface, ["ActivationState"])
        }
    }

    func sceneDidConnect(_ scene: WindowScene) {
        synchronize()
        changed(SceneBusContract.rootPath, SceneBusContract.hostInterface, ["Scenes"])
    }

    func sceneDidDisconnect(_ scene: WindowScene) {
        synchronize()
        changed(SceneBusContract.rootPath, SceneBusContract.hostInterface, ["Scenes"])
    }

    /// A scene was resized: `SceneGeometryChanged(seq, scene, x, y, width, height)` with its new
    /// screen frame, and the scene object's `Frame` changes.
    func sceneGeometryDidChange(_ scene: WindowScene, from previousFrame: Rect) {
        report(SignalRecords.sceneGeometryChanged(scene))
        if sceneRegistrations[scene.name] != nil {
            changed(SceneBusContract.scenePath(scene.name), SceneBusContract.sceneInterface, ["Frame"])
        }
    }

    func sceneSizeRestrictionsDidChange(_ scene: WindowScene) {
        if sceneRegistrations[scene.name] != nil {
            changed(SceneBusContract.scenePath(scene.name), SceneBusContract.sceneInterface, ["MinimumSize", "MaximumSize"])
        }
    }

    func accessibilityDidChange(_ change: AccessibilityChange, of view: View) {
        guard change == .name, let window = view as? Window else { return }
        let path = path(of: window)
        if path != .root { changed(path, SceneBusContract.windowInterface, ["Title"]) }
    }

}
