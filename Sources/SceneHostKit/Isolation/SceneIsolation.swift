import DBusKit
import Foundation
import Logging
import SceneChannel
import SceneCore
import SceneErrors
import ScenePlugins
import SceneProcesses
import SceneLoop

/// The configured scenes that run in scene processes (`isolation: process`): each one's
/// ``IsolatedScene``, and the scripted fingers that went down on them.
///
/// A finger goes to the scene whose window is frontmost under its first point (the board routes by
/// window rectangles; the scene process does UIKit's hit test), and every later step of it goes to
/// the same scene, under a slot of the scene's own (bus clients number their slots each from 0).
/// Main actor.
@MainActor
final class SceneIsolation {
    /// A bus client's finger: the client (its bus name) and its slot.
    struct Finger: Hashable {
        var client: String
        var slot: UInt32
    }

    let settings: IsolationConfiguration
    private let application: Application
    private let logger: Logger
    /// In configuration order.
    private(set) var scenes: [IsolatedScene] = []
    /// Who waits for the scenes' stop under way (``stopScenes(within:then:)``).
    private var stopDone: (@MainActor () -> Void)?
    /// The running scene processes ``stopScenes(within:then:)`` still waits for.
    private var stopWaiting: [IsolatedScene] = []
    private var fingers: [Finger: (scene: IsolatedScene, slot: UInt32)] = [:]
    /// Tells each scene process when the board changes its stand-in's activation or size.
    private let standInObserver = StandInObserver()
    /// The board's touch identifiers for the scene processes' touches.
    private var touchNumbers = TouchNumbering()
    /// The scene (by name) whose process took each key's `began`, until its end.
    private var pressedKeys: [KeyboardHIDUsage: String] = [:]
    private var nextSlot: UInt32 = 0
    /// Scenes not yet past their start (connected, or ended), and who waits for none to be left.
    private var starting: Set<String> = []
    private var startWaiters: [@MainActor () -> Void] = []
    /// Who waits for one scene's start (``whenStarted(_:_:)``).
    private var sceneStartWaiters: [(scene: IsolatedScene, action: @MainActor (IsolatedScene) -> Void)] = []
    /// Who hears every report of every scene process, after its ``IsolatedScene`` took it, in the
    /// order they asked (the bus publisher, then the MPRIS player).
    private var observers: [(IsolatedScene, SceneProcessEvent) -> Void] = []
    /// With `clock: virtual`, the board's clock: every scene process runs a virtual clock of its own
    /// that keeps this one's time (``advanceClock(by:)``, ``follow(_:from:)``).
    let virtualClock: VirtualClock?
    /// The board's pending-work list: each scene process's work is a source of it, checked again
    /// whenever a process reports or answers.
    private let pendingWork: PendingWorkRegistry
    /// The diagnostics topics the board logs, which its scene processes report too.
    private let diagnostics: DiagnosticTopics
    /// Reads the scene channels (the host's main loop).
    private let watches: any DescriptorWatching

    init(
        settings: IsolationConfiguration, application: Application, pendingWork: PendingWorkRegistry, diagnostics: DiagnosticTopics = [],
        watches: any DescriptorWatching, logger: Logger
    ) {
        self.settings = settings
        self.watches = watches
        self.diagnostics = diagnostics
        virtualClock = application.clock as? VirtualClock
        application.addObserver(standInObserver)
        self.application = application
        self.pendingWork = pendingWork
        self.logger = logger
        standInObserver.isolation = self
    }

    /// Whether the kernel confines scene processes (`sandbox: auto` and `on`), said once at start.
    static func sandboxes(_ mode: IsolationConfiguration.SandboxMode) -> Bool {
        switch mode {
        case .off: false
        case .on, .auto: SceneSandbox.landlockABI >= 1
        }
    }

    /// Starts a scene process for `scene` (whose plugin file was located and checked), placed at
    /// `frame`. Its stand-in connects when the process lists its windows. With `desktop` (the board
    /// shows desktop windows) the process says whether its scene listens for hover, which only the
    /// desktop's pointer reads; without, it spares the walk over every view that takes each turn.
    @discardableResult
    func start(
        _ scene: SceneConfiguration, pluginPath: String, frame: Rect, executable: String, environment: [String: String], desktop: Bool
    ) -> IsolatedScene {
        let confined = Self.sandboxes(settings.sandbox)
        let data = XDGFolders.state(environment: environment) + "/scenehost/scenes/\(scene.name)"
        var arguments = [
            "--scene-frame", "\(frame.minX),\(frame.minY),\(frame.width),\(frame.height)", "--scene-sandbox", confined ? "on" : "off",
            "--scene-data", data, "--scene-hover", desktop ? "on" : "off",
        ]
        for (key, value) in scene.options.sorted(by: { $0.key < $1.key }) { arguments += ["--scene-option", "\(key)=\(value)"] }
        let topics = DiagnosticTopics.names.filter { diagnostics.contains($0.1) }.map(\.0)
        if !topics.isEmpty { arguments += ["--scene-diagnostics", topics.joined(separator: ",")] }
        var policy = SceneSupervisionPolicy()
        policy.responseTimeout = UInt64(settings.responseTimeout * 1e9)
        policy.startTimeout = UInt64(settings.startTimeout * 1e9)
        // Stuck, for dropping its backlog when another scene is touched, after a tenth of the response
        // timeout: Android's 0.5 s of its 5 s, and as patient as the timeout a configuration gives a
        // slow machine (a scene under AddressSanitizer on a loaded one takes over 0.5 s per input).
        policy.staleAfter = policy.responseTimeout / 10
        var configuration = SceneProcessHost.Configuration(
            executable: executable, plugin: pluginPath, scene: scene.name, arguments: arguments,
            environment: Self.childEnvironment(environment), policy: policy)
        configuration.pluginName = scene.plugin
        if let virtualClock {
            // A scene process (first or restarted) starts at the board's time then.
            configuration.startArguments = { ["--scene-clock", "virtual:\(virtualClock.now)"] }
        }
        let process = SceneProcessHost(configuration: configuration, clock: MonotonicSceneProcessClock(), watches: watches)
        let isolated = IsolatedScene(configuration: scene, process: process, application: application, screenFrame: frame)
        isolated.onEvent = { [weak self] scene, event in self?.take(event, from: scene) }
        isolated.mayConnect = { [weak self, weak isolated] in
            guard let self, let isolated else { return true }
            return self.scenes.prefix { $0 !== isolated }.allSatisfy { !self.starting.contains($0.name) && !$0.isWaitingToConnect }
        }
        scenes.append(isolated)
        isolated.work.touchNumber = { [weak self] local in self?.touchNumbers.number(local, in: scene.name) ?? local }
        pendingWork.register(isolated.work)
        process.onCallEnded = { [pendingWork] in pendingWork.setNeedsCheck() }
        starting.insert(scene.name)
        process.start()
        return isolated
    }

    /// Runs `action` once every scene started so far has connected its stand-in or ended (at once
    /// when none is starting). A process that neither lists its windows nor ends is ended by its
    /// supervisor's start timeout, so this always comes.
    func whenStarted(_ action: @escaping @MainActor () -> Void) {
        if starting.isEmpty { return action() }
        startWaiters.append(action)
    }

    /// Runs `action` once `scene` has connected its stand-in (`scene.scene` is set) or ended before
    /// it could (`scene.state` says how); at once when it is past its start.
    func whenStarted(_ scene: IsolatedScene, _ action: @escaping @MainActor (IsolatedScene) -> Void) {
        guard isStarting(scene) else { return action(scene) }
        sceneStartWaiters.append((scene, action))
    }

    /// Ends `scene`'s process for good and takes its stand-in out of the model (`Scene1.Disconnect`,
    /// a `LoadPlugin` whose scene process ended before it listed its windows): its name is free again.
    func remove(_ scene: IsolatedScene) {
        guard scenes.contains(where: { $0 === scene }) else { return }
        scenes.removeAll { $0 === scene }
        fingers = fingers.filter { $0.value.scene !== scene }
        touchNumbers.forget(scene: scene.name)
        scene.stop()
        pendingWork.unregister(scene.work)
        logger.info("scene process ended: the scene was disconnected", metadata: ["scene": "\(scene.name)"])
        finishStart(of: scene)
    }

    /// Whether `scene` is one of the board's and has neither connected its stand-in nor ended yet.
    private func isStarting(_ scene: IsolatedScene) -> Bool {
        scenes.contains { $0 === scene } && (starting.contains(scene.name) || scene.isWaitingToConnect)
    }

    /// `scene` is past its start (connected, ended, or removed): later scenes waiting for their turn
    /// connect, and who waited hears of it.
    private func finishStart(of scene: IsolatedScene) {
        guard starting.remove(scene.name) != nil else { return }
        // Later scenes that listed their windows first connect now, in order.
        for waiting in scenes where waiting.isWaitingToConnect && waiting.mayConnect() { waiting.connectWaiting() }
        let ready = sceneStartWaiters.filter { !isStarting($0.scene) }
        sceneStartWaiters.removeAll { !isStarting($0.scene) }
        for waiter in ready { waiter.action(waiter.scene) }
        if starting.isEmpty {
            let waiters = startWaiters
            startWaiters = []
            for waiter in waiters { waiter() }
        }
    }

    /// The host's environment without what would connect a scene process to the bus, the desktop
    /// or the accessibility bus (it has none of those), and with the board's pid for
    /// ``ParentWatch``: a board that dies before its new scene process asked the kernel to kill it
    /// with its parent is noticed by the child, which ends instead of living on as an orphan.
    static func childEnvironment(_ environment: [String: String], parent: pid_t = getpid()) -> [String] {
        let withheld: Set<String> = ["DBUS_SESSION_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY", "AT_SPI_BUS_ADDRESS", "XAUTHORITY"]
        var kept = environment.filter { !withheld.contains($0.key) }
        kept[ParentWatch.environmentKey] = String(parent)
        return kept.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    func scene(named name: String) -> IsolatedScene? { scenes.first { $0.name == name } }

    /// The visible windows among `windows` that stand in for a running scene process's, by their
    /// scene, in the order of `windows` (what a snapshot at another scale asks those processes to draw).
    func runningStandIns(among windows: [Window]) -> [(scene: IsolatedScene, windows: [Window])] {
        var grouped: [(scene: IsolatedScene, windows: [Window])] = []
        for window in windows where !window.isHidden {
            guard let scene = scene(of: window), scene.state == .running else { continue }
            if let slot = grouped.firstIndex(where: { $0.scene === scene }) {
                grouped[slot].windows.append(window)
            } else {
                grouped.append((scene, [window]))
            }
        }
        return grouped
    }

    /// The isolated scene whose stand-in `scene` is.
    func scene(standingIn scene: WindowScene?) -> IsolatedScene? {
        guard let scene else { return nil }
        return scenes.first { $0.scene === scene }
    }

    /// The isolated scene whose stand-in has `window`.
    func scene(of window: Window?) -> IsolatedScene? { scene(standingIn: window?.windowScene) }

    /// The isolated scene a touch-down at `point` goes to: the one whose window is frontmost there
    /// among every scene's windows; nil when that window is a scene's loaded into the host (or none).
    func scene(at point: Point) -> IsolatedScene? {
        scene(of: application.hitTest(screenPoint: point)?.window)
    }

    /// Whether `finger` is down on an isolated scene.
    func owns(_ finger: Finger) -> Bool { fingers[finger] != nil }

    /// How many of `client`'s fingers are down on scenes in processes of their own.
    func fingerCount(of client: String) -> Int { fingers.keys.count { $0.client == client } }

    /// Puts `finger` down at `point` on `scene`: `completion` gets what the scene process hit, on the
    /// turn its answer comes. Other isolated scenes drop input queued behind a busy process, as
    /// Android does when another window is touched.
    func down(_ finger: Finger, at point: Point, on scene: IsolatedScene, completion: @escaping (Result<SceneTouchOutcome, SceneCallError>) -> Void) {
        dropBacklogs(besides: scene)
        let slot = nextSlot
        nextSlot &+= 1
        fingers[finger] = (scene, slot)
        activate(scene)
        scene.process.touch(SceneTouchRecord(slot: slot, phase: .down, x: point.x, y: point.y)) { [weak self] result in
            guard let self else { return completion(result) }
            switch result {
            case .success(let outcome):
                if !outcome.errorCode.isEmpty || outcome.window < 0 { fingers[finger] = nil }
                completion(.success(numbered(outcome, in: scene)))
            case .failure:
                fingers[finger] = nil
                completion(result)
            }
        }
    }

    /// Moves, lifts or cancels `finger` (which ``owns(_:)``) on its scene; `completion` gets the
    /// scene process's outcome on the turn it comes.
    func step(
        _ finger: Finger, _ phase: SceneTouchRecord.Phase, to point: Point = Point(x: 0, y: 0),
        completion: @escaping (Result<SceneTouchOutcome, SceneCallError>) -> Void
    ) {
        guard let (scene, slot) = fingers[finger] else { return completion(.success(SceneTouchOutcome())) }
        if phase == .up || phase == .cancel { fingers[finger] = nil }
        scene.process.touch(SceneTouchRecord(slot: slot, phase: phase, x: point.x, y: point.y)) { [weak self] result in
            if case .failure = result { self?.fingers[finger] = nil }
            completion(result)
        }
    }

    /// A bus client left: its fingers still down on scenes in processes of their own are cancelled
    /// there, as the board cancels its fingers on its own scenes (in the order they went down).
    func clientLeft(_ client: String) {
        let left = fingers.filter { $0.key.client == client }.sorted { $0.value.slot < $1.value.slot }
        for (finger, (scene, slot)) in left {
            fingers[finger] = nil
            scene.process.touch(SceneTouchRecord(slot: slot, phase: .cancel)) { _ in }
        }
    }

    /// The isolated scene the downs of `samples` land on (screen points, hit as each down would be
    /// now), or nil when none lands on one. A script whose downs land on a scene in a process of its
    /// own and on another scene is refused: each process runs its own part on its own clock. (A down
    /// that lands on no window goes nowhere either way.)
    func target(of samples: [InputSample]) throws(InputError) -> IsolatedScene? {
        var isolated: [IsolatedScene] = []
        var inHost = false
        for sample in samples where sample.phase == .down {
            guard let hit = application.hitTest(screenPoint: sample.location) else { continue }
            if let target = scene(of: hit.window) {
                if !isolated.contains(where: { $0 === target }) { isolated.append(target) }
            } else {
                inHost = true
            }
        }
        guard isolated.count > 1 || (inHost && !isolated.isEmpty) else { return isolated.first }
        let names = isolated.map(\.name) + (inHost ? ["(the host's own scenes)"] : [])
        throw InputError(
            code: .invalidValue,
            message: "the touches land on scenes \(names.joined(separator: ", ")), and a scene in a process of its own takes scripted touches one scene per call: send one call per scene")
    }

    /// Runs `samples` (checked against the caller's limits) in `scene`'s process, on its clock;
    /// returns what each down hit once the last step was delivered.
    func run(_ samples: [InputSample], on scene: IsolatedScene) async throws(SceneCallError) -> SceneScriptOutcome {
        dropBacklogs(besides: scene)
        if samples.contains(where: { $0.phase == .down }) { activate(scene) }
        let outcome = try await scene.process.script(SceneInputScript(steps: samples.map(\.sceneStep)))
        await followed()
        return numbered(outcome, in: scene)
    }

    /// A WebDriver command for `scene`'s own endpoint; one that injects input first drops the other
    /// scenes' backlogs and activates the scene, as a touch on it does.
    func webDriver(
        _ request: SceneWebDriverRequest, injectsInput: Bool, allowance: Double = 0, on scene: IsolatedScene,
        completion: @escaping (Result<SceneWebDriverResponse, SceneCallError>) -> Void
    ) {
        if injectsInput {
            dropBacklogs(besides: scene)
            activate(scene)
        }
        scene.process.webDriver(request, isInput: injectsInput, allowance: allowance, completion: completion)
    }

    /// What the WebDriver element ids of scene process `processID` begin with (`p<pid>-view-`).
    static func elementPrefix(processID: Int32) -> String { "p\(processID)-view-" }

    /// The scene process that gave out WebDriver element id `id` (``elementPrefix(processID:)``),
    /// and its scene while that process runs (nil once it ended); nil when `id` is not a scene
    /// process's.
    func scene(givingOutElement id: String) -> (processID: Int32, scene: IsolatedScene?)? {
        guard id.hasPrefix("p"), let dash = id.firstIndex(of: "-"), let pid = Int32(id[id.index(after: id.startIndex)..<dash]),
            id.hasPrefix(Self.elementPrefix(processID: pid))
        else { return nil }
        return (pid, scenes.first { $0.process.processID == pid })
    }

    /// `outcome` with the board's touch identifiers.
    private func numbered(_ outcome: SceneTouchOutcome, in scene: IsolatedScene) -> SceneTouchOutcome {
        var outcome = outcome
        outcome.touch = touchNumbers.number(outcome.touch, in: scene.name)
        return outcome
    }

    /// `outcome` with the board's touch identifiers.
    private func numbered(_ outcome: SceneScriptOutcome, in scene: IsolatedScene) -> SceneScriptOutcome {
        var outcome = outcome
        outcome.began = outcome.began.map { numbered($0, in: scene) }
        return outcome
    }


    /// Plays a Perform Actions body (`json`, parsed by the board, lasting `duration` seconds) in
    /// window `window` of `scene`'s process under the caller's `limits`, on its clock; returns what
    /// each finger that went down hit once the body is over.
    func play(_ json: String, window: Int, limits: ScriptLimits, duration: Double, on scene: IsolatedScene) async throws(SceneCallError) -> SceneScriptOutcome {
        let actions = SceneActions(
            window: UInt32(window), json: json, simultaneousTouches: UInt32(clamping: limits.simultaneousTouches),
            samplesPerCall: UInt32(clamping: limits.samplesPerCall), scriptSeconds: limits.scriptSeconds)
        dropBacklogs(besides: scene)
        let outcome = try await scene.process.actions(actions, duration: duration)
        await followed()
        return numbered(outcome, in: scene)
    }

    /// The isolated scene whose window is the application's key window (keys and text go there).
    var keyScene: IsolatedScene? { scene(of: application.keyWindow) }

    /// The isolated scene device input `record` goes to: the scene a desktop window's fingers, wheel
    /// or hover name, or the key window's for keys and text; nil for the host's own scenes and for
    /// focus (the stand-in takes the desktop's focus; the scene process's only scene is active).
    func target(of record: InputRecord) -> IsolatedScene? {
        switch record {
        case .touches(let name, _), .wheel(let name, _, _), .hover(let name, _): scene(named: name).flatMap { $0.scene == nil ? nil : $0 }
        case .keyboard(let input): target(of: input)
        case .focus: nil
        }
    }

    /// The scene process keyboard input `input` goes to: a key's `changed`, `ended` or `cancelled`
    /// to the process that took its `began` while that scene is there, as the model sends them to
    /// the press's window whichever window is key by then [KB-1]; anything else to the key
    /// window's process. Nil when that is none (the host's own scene takes it).
    func target(of input: KeyboardInput) -> IsolatedScene? {
        if case .press(let key, let phase, _) = input, phase != .began, let name = pressedKeys[key.keyCode],
            let scene = scene(named: name), scene.scene != nil
        {
            return scene
        }
        return keyScene
    }

    /// Keyboard input `input` is sent to `scene`'s process: a key's `began` remembers the process for
    /// its later phases (``target(of:)-(KeyboardInput)``), its end forgets it.
    func noteKeyboard(_ input: KeyboardInput, sentTo scene: IsolatedScene) {
        guard case .press(let key, let phase, _) = input else { return }
        switch phase {
        case .began: pressedKeys[key.keyCode] = scene.name
        case .ended, .cancelled: pressedKeys[key.keyCode] = nil
        default: break
        }
    }

    /// Delivers device input to `scene`'s process as its script line; nothing waits for it (the
    /// desktop does not), and a scene that cannot take it is reported by its own signals.
    func forward(_ record: InputRecord, to scene: IsolatedScene) {
        prepare(record, for: scene)
        if case .keyboard(let input) = record { noteKeyboard(input, sentTo: scene) }
        scene.process.postRecord(record.scriptLine)
    }

    /// Delivers device input to `scene`'s process as `forward(_:to:)` does, and returns once it was
    /// delivered with the touches its downs began (`Host1.SendInput`): each by the board's number, its
    /// stand-in's window and the view it hit.
    ///
    /// - Throws: why the scene process did not answer; an input error it refused the record with is
    ///   the answer's `refusal`.
    func deliver(_ record: InputRecord, to scene: IsolatedScene) async throws(SceneCallError)
        -> (began: [(touch: UInt64, window: Window?, view: String)], refusal: InputError?)
    {
        prepare(record, for: scene)
        if case .keyboard(let input) = record { noteKeyboard(input, sentTo: scene) }
        let outcome = try await scene.process.record(record.scriptLine)
        await followed()
        let began = outcome.began.map { began in
            (touch: began.touch == 0 ? 0 : touchNumbers.number(began.touch, in: scene.name), window: scene.window(at: began.window), view: began.view)
        }
        return (began, outcome.inputError)
    }

    /// A down drops the other scenes' backlogs and activates its scene, as a click on a desktop window
    /// activates its scene in the host.
    private func prepare(_ record: InputRecord, for scene: IsolatedScene) {
        if case .touches(_, let steps) = record, steps.contains(where: { $0.phase == .down }) {
            dropBacklogs(besides: scene)
            activate(scene)
        }
    }

    /// Whether a scene process that is up (running, or not responding) has the plugin file at `path`
    /// loaded (compared by real path, as the host's loader compares files).
    func runsPlugin(at path: String) -> Bool {
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return scenes.contains { scene in
            switch scene.state {
            case .running, .notResponding:
                URL(fileURLWithPath: scene.process.configuration.plugin).resolvingSymlinksInPath().path == real
            case .starting, .crashed: false
            }
        }
    }

    /// Runs `action` once every scene process has answered the records posted to it, with what each
    /// wrote to its standard error by then logged: an input script's `quit` stops the host after the
    /// scenes' own log lines of its input.
    func whenEveryProcessAnswered(_ action: @escaping @MainActor () -> Void) {
        var waiting = scenes.count
        guard waiting > 0 else { return action() }
        for scene in scenes {
            scene.process.whenPostedRecordsAnswered {
                scene.process.drainErrorOutput()
                waiting -= 1
                if waiting == 0 { action() }
            }
        }
    }

    /// `Host1.AdvanceClock` with scenes in processes of their own: moves the board's virtual clock by
    /// `seconds` (its own timers fire), then every scene process's to the same time, each firing its
    /// timers due on the way; returns once every process that is up has answered. A scene process
    /// that cannot answer fails the call (SceneNotResponding, SceneCrashed); one that is down is
    /// skipped (it starts at the board's time when it comes back).
    func advanceClock(by seconds: Double) async throws(SceneCallError) {
        guard let virtualClock else { return }
        virtualClock.advance(by: seconds)
        try await bringProcesses(to: virtualClock.now, except: nil)
    }

    /// A scene process's clock moved to `time` (its scripted input drove it): the board's clock and
    /// every other scene process's follow, so all scenes keep one time. Timers due meanwhile in the
    /// other scenes fire after the driving scene's input rather than between its steps (their order
    /// across scenes is not kept, each scene's own is).
    ///
    /// The driving call answers once the others have followed (``followed()``): its caller finds
    /// every scene at the same time, and idle when nothing else is due.
    private func follow(_ time: Double, from scene: IsolatedScene) {
        guard let virtualClock, time > virtualClock.now else { return }
        virtualClock.advance(to: time)
        let before = following
        following = Task { @MainActor in
            await before?.value
            try? await bringProcesses(to: time, except: scene)
        }
    }

    /// The other scene processes' clocks following a driving scene's (``follow(_:from:)``), while
    /// they are on their way.
    private var following: Task<Void, Never>?

    /// Returns once every clock that was following a driving scene's has caught up.
    private func followed() async {
        while let task = following {
            await task.value
            if following == task { following = nil }
        }
    }

    private func bringProcesses(to time: Double, except skipped: IsolatedScene?) async throws(SceneCallError) {
        for scene in scenes where scene !== skipped {
            switch scene.state {
            case .running, .notResponding: _ = try await scene.process.advanceClock(to: time)
            case .starting, .crashed: continue
            }
        }
    }

    /// A `Touch` signal with the board's identifier of its touch (kept while it lasts); others as
    /// they are.
    private func numbered(_ signal: SceneSignal, in scene: IsolatedScene) -> SceneSignal {
        guard signal.member == HostSignals.touch.rawValue, signal.values.count > 2, case .u64(let local) = signal.values[1] else { return signal }
        var signal = signal
        signal.values[1] = .u64(touchNumbers.number(local, in: scene.name))
        if case .string(let phase) = signal.values[2], phase == "ended" || phase == "cancelled" {
            touchNumbers.end(local, in: scene.name)
        }
        return signal
    }

    /// A finger going down on `scene` activates it as a touch activates a scene in the host [WS-11]
    /// and makes it the most recently touched, so its key window is the application's [WS-4]: its
    /// stand-in, whose activation its process follows (``followActivation(of:to:)``).
    func activate(_ scene: IsolatedScene) {
        guard let standIn = scene.scene else { return }
        if standIn.activationState != .foregroundActive { standIn.activate() }
        application.focus(standIn)
    }

    /// The board's model changed a stand-in's activation (a touch, `Scene1.Deactivate`,
    /// `SendToBackground`, the desktop's focus): its scene process's scene follows, before any input
    /// sent after it (the channel keeps the order).
    func followActivation(of standIn: WindowScene, to state: WindowScene.ActivationState) {
        guard let scene = scene(standingIn: standIn), state != .unattached else { return }
        postIfUp(.activation(state: state.wireName), to: scene)
    }

    /// The board's model resized a stand-in (`Scene1.Resize` after its scene process took the size,
    /// the desktop window resized): its scene process's scene takes the same size, before any input
    /// sent after it.
    func followGeometry(of standIn: WindowScene) {
        guard let scene = scene(standingIn: standIn) else { return }
        switch scene.state {
        case .running, .notResponding: scene.sendSize(standIn.screenFrame.size)
        case .starting, .crashed: break
        }
    }

    /// The board's model made `window` its stand-in's key window (`Window1.MakeKey`, the desktop's
    /// focus, or the process's own window list): its scene process's window follows, before any
    /// input sent after it (nothing changes there when it is key already).
    func followKeyWindow(_ window: Window) {
        guard let scene = scene(of: window), let index = scene.index(of: window) else { return }
        postIfUp(.makeKey(window: UInt32(index)), to: scene)
    }

    /// Posts `command` to `scene`'s process when one is up (a process that starts later follows
    /// its stand-in when it lists its windows).
    private func postIfUp(_ command: SceneCommand, to scene: IsolatedScene) {
        switch scene.state {
        case .running, .notResponding: scene.process.post(command)
        case .starting, .crashed: break
        }
    }

    /// Input for `scene`: the other scene processes drop input queued behind a busy one, as Android
    /// does when another window is touched.
    private func dropBacklogs(besides scene: IsolatedScene) {
        for other in scenes where other !== scene { other.process.otherSceneTouched() }
    }

    /// The first step of the board's stop, while every service still runs: each running scene
    /// process cancels its live touches and disconnects its scene (``SceneQueryCode/stop``; the
    /// cancelled `Touch` signals are published as they come, on the bus that is still up), its log
    /// lines so far are logged, then `done` runs — once every such process answered, or after
    /// `seconds` of real time when one does not (a hung scene is not waited for). ``stop()`` ends
    /// the processes later, with the scenes service.
    func stopScenes(within seconds: Double, then done: @escaping @MainActor () -> Void) {
        let running = scenes.filter { $0.state == .running }
        stopDone = done
        guard !running.isEmpty else { return finishStopScenes(running) }
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.stopDone != nil else { return }
                let names = self.stopWaiting.map(\.name).sorted().joined(separator: ", ")
                self.logger.warning("scene processes of \(names) did not cancel their touches within \(seconds) s of the stop; ending them anyway")
                self.finishStopScenes(running)
            }
        }
        stopWaiting = running
        for scene in running {
            Task { @MainActor [weak self] in
                do throws(SceneCallError) {
                    try await scene.process.stopScene()
                } catch {
                    // Crashed or not responding meanwhile: it is ended all the same.
                }
                guard let self else { return }
                stopWaiting.removeAll { $0 === scene }
                if stopWaiting.isEmpty { finishStopScenes(running) }
            }
        }
    }

    /// The end of ``stopScenes(within:then:)``, once (the processes answered, or the time ran out).
    private func finishStopScenes(_ running: [IsolatedScene]) {
        guard let done = stopDone else { return }
        stopDone = nil
        for scene in running { scene.process.drainErrorOutput() }
        done()
    }

    /// Ends every scene process and disconnects the stand-ins.
    func stop() {
        for scene in scenes.reversed() {
            scene.stop()
            pendingWork.unregister(scene.work)
        }
        starting = []
        startWaiters = []
        sceneStartWaiters = []
        scenes = []
        fingers = [:]
    }

    private func take(_ event: SceneProcessEvent, from scene: IsolatedScene) {
        pendingWork.setNeedsCheck()
        var event = event
        switch event {
        case .signal(let signal):
            event = .signal(numbered(signal, in: scene))
            // The scene's own lines go to the host log, tagged with the scene, as from a scene in the host.
            if signal.member == HostSignals.log.rawValue, signal.values.count >= 2, case .string(let line) = signal.values[1] {
                logger.info("\(line)", metadata: ["scene": "\(scene.name)"])
            }
        case .started:
            touchNumbers.forget(scene: scene.name)
        default:
            break
        }
        switch event {
        case .windows, .crashed:
            finishStart(of: scene)
        default: break
        }
        switch event {
        case .started(let processID):
            logger.info("scene process started", metadata: ["scene": "\(scene.name)", "pid": "\(processID)"])
            if let virtualClock {
                // It started at the board's time at its launch; the board's may have moved since.
                Task { @MainActor in _ = try? await scene.process.advanceClock(to: virtualClock.now) }
            }
        case .crashed(.refused(let reason), _):
            fingers = fingers.filter { $0.value.scene !== scene }
            logger.error("\(reason); the scene is not started (Reload to try again)", metadata: ["scene": "\(scene.name)"])
        case .crashed(let exit, let quarantined):
            // Its fingers went with it.
            fingers = fingers.filter { $0.value.scene !== scene }
            logger.error(
                "scene process crashed (\(scene.lastCrash ?? exit.description)); \(quarantined ? "quarantined (Reload to try again)" : "restarting")",
                metadata: ["scene": "\(scene.name)", "plugin": "\(scene.pluginName)"])
        case .notResponding:
            logger.warning(
                "scene process not responding for \(settings.responseTimeout) s", metadata: ["scene": "\(scene.name)", "plugin": "\(scene.pluginName)"])
        case .responding:
            logger.info("scene process responding again", metadata: ["scene": "\(scene.name)"])
        case .clock(let time):
            follow(time, from: scene)
        case .output(let line):
            // Its own messages name it for a reader of its standard error; the log line has the name.
            let own = "scene process \(scene.name): "
            if line.hasPrefix(own), let diagnostic = SceneProcessDiagnostics.message(in: line.dropFirst(own.count)) {
                // Under its topic, as a scene in the board logs it.
                logger.debug("\(diagnostic.message)", metadata: ["topic": "\(diagnostic.topic)"])
            } else {
                logger.info("\(line.hasPrefix(own) ? String(line.dropFirst(own.count)) : line)", metadata: ["scene": "\(scene.name)"])
            }
        case .windows, .placeholder, .signal, .frame, .busy, .accessibility:
            break
        }
        for observer in observers { observer(scene, event) }
    }

    /// Adds `observer` of every report of every scene process (for as long as the board runs).
    func observe(_ observer: @escaping (IsolatedScene, SceneProcessEvent) -> Void) {
        observers.append(observer)
    }
}
