import Dispatch
import Foundation
import DBusKit
import Glibc
import SceneChannel
import SceneCore
import ScenePlugins
import SceneErrors
import SceneLoop
import SceneProcesses
import SceneRender
import SceneWebDriver
import Logging

/// The inside of a scene process (`scene-host --scene-process PLUGIN`): one scene's application,
/// its plugin, its clock's timers, its layout and the rendering of its windows into shared buffers,
/// served over the scene channel on descriptor 3.
///
/// The board has probed the plugin already; this process says hello, loads it, connects the scene,
/// and then answers: each `input` with its `inputDone` (in order), each `releaseBuffer` by drawing
/// into the slot again when the window changes. At the end of every turn of its main loop it lays
/// out, renders what changed and writes what it has to say, in order. It ends when the channel
/// closes (the board is gone or let it go). Main actor, on the process's main thread.
@MainActor
final class SceneProcessRuntime {
    struct Arguments {
        var pluginPath: String
        var sceneName: String
        var options: [String: String]
        var screenFrame: Rect
        var scale: Double
        /// The virtual clock's starting time (the board's time now), or nil for real time.
        var virtualClockStart: Double?
        /// The diagnostics topics the board logs (``SceneProcessDiagnostics``).
        var diagnostics: DiagnosticTopics = []
        /// Whether the window list says if the scene listens for hover (a walk over every view of
        /// the scene at the end of each turn): only a board with desktop windows reads it.
        var reportsHover = true
    }

    private let connection: ChannelConnection
    private let application: Application
    private let injector: TouchInjector
    /// Device input forwarded by the board (its desktop window's fingers, keys and text).
    private let deviceInput: DeviceInput
    /// Record batches and resizes delivered this turn, answered at its end, after its frames.
    private var recordAnswers: [(id: UInt64, body: [UInt8])] = []
    /// Whether an input's answer (``done(_:_:)``) waits in the channel's queue: it is written before
    /// the turn's pictures are drawn.
    private var answerQueued = false
    /// Draws the scene's windows at the scales the board's snapshots ask for (``SceneQueryCode/picture``).
    private let snapshotRenderer = Renderer()
    /// Matches the board's selectors (`Host1.Find`, `Host1.TapMatching`) against the scene.
    private let selectors = SelectorMatcher()
    /// Each window's pictures, in the order the scene made the windows: a window's index here is
    /// its number on the channel (frames, window lists, signals).
    private var windows: [SceneWindowFrames] = []
    private var scene: WindowScene?
    private var recorder: SceneSignalRecorder?
    private var pluginName = ""
    private var scale = 1.0
    /// ``Arguments/reportsHover``.
    private var reportsHover = true
    /// The window list the board was last told.
    private var announcedWindows: SceneWindowList?
    /// What the scene still has to do (SceneCore's work, its timers, scripts running), and what the
    /// board was last told of it.
    private let pendingWork: PendingWorkRegistry
    private var announcedBusy = SceneBusyList(entries: [])
    /// With `clock: virtual`: the clock, which the board moves (and scripted input drives), and the
    /// time the board was last told.
    private let virtualClock: VirtualClock?
    private var announcedClock: Double?
    /// The main loop, which reads the channel on the main thread as it becomes readable.
    private let loop: EventLoop
    private var readWatch: (any DescriptorWatch)?
    private var writeSource: (any DispatchSourceWrite)?
    private var writeSourceActive = false
    private(set) var finished = false
    /// The scene's own WebDriver endpoint, made when the board first forwards a command to it
    /// (``SceneQueryCode/webDriver``). Its element ids begin with `p<pid>-`, so the board knows
    /// they are this process's.
    private var webDriver: WebDriverEndpoint?
    /// The scene's accessible objects, served for the board while it is on the accessibility bus.
    private lazy var accessibility = SceneProcessAccessibility(
        application: application, channelNumber: { [weak self] window in self?.index(of: window) },
        logger: Logger(label: "scene-host.accessibility")
    ) { [connection] message in try? connection.send(message) }

    init(connection: ChannelConnection, loop: EventLoop, virtualClockStart: Double? = nil) {
        self.connection = connection
        self.loop = loop
        let virtualClock = virtualClockStart.map { VirtualClock(now: $0) }
        self.virtualClock = virtualClock
        announcedClock = virtualClockStart
        let clock: any HostClock = virtualClock ?? MonotonicClock()
        application = Application(clock: clock)
        application.textMeasurer = TextMeasurer()
        // The board checked every script against its limits; these bound only what it may send.
        var limits = ScriptLimits()
        limits.simultaneousTouches = 64
        limits.samplesPerCall = SceneInputScript.maximumSteps
        limits.scriptSeconds = 86_400
        injector = TouchInjector(application: application, limits: limits)
        deviceInput = DeviceInput(application: application)
        pendingWork = PendingWorkRegistry(application: application, clock: clock)
        pendingWork.register(ModelWorkSource(application: application))
        pendingWork.register(ClockTimerSource(clock: clock))
        pendingWork.register(injector.scripts)
    }

    /// Runs the scene until the channel closes; returns the process's exit status.
    static func run(_ arguments: Arguments) -> Int32 {
        let socket = ChannelSocket(adopting: SharedDescriptor(adopting: SceneProcessLauncher.channelDescriptor))
        guard let loop = MainLoop.make(speaker: "scene process \(arguments.sceneName)") else { return 2 }
        let runtime = SceneProcessRuntime(
            connection: ChannelConnection(socket: socket), loop: loop, virtualClockStart: arguments.virtualClockStart)
        do {
            try runtime.start(arguments)
        } catch {
            FileHandle.standardError.write(Data("scene process \(arguments.sceneName): \(error)\n".utf8))
            if let refusal = error as? PluginLoadError {
                let event = ScenePluginRefusal(code: refusal.code.name, plugin: refusal.plugin, message: refusal.message)
                try? runtime.connection.send(.event(code: SceneEventCode.refused, body: event.body))
            }
            try? runtime.connection.send(.goodbye(reason: "\(error)"))
            _ = try? runtime.connection.flush()
            return 2
        }
        loop.run(endOfTurn: { runtime.endOfTurn() }) { runtime.finished }
        return 0
    }

    /// The scene's name, as its messages on standard error begin (`scene process NAME: …`; the
    /// board logs them under the name instead).
    private var sceneName = ""

    private func start(_ arguments: Arguments) throws {
        sceneName = arguments.sceneName
        if !arguments.diagnostics.isEmpty {
            application.diagnostics = arguments.diagnostics
            application.addObserver(SceneProcessDiagnostics(sceneName: arguments.sceneName))
        }
        accessibility.beforeReply = { [weak self] in
            guard let self else { return }
            self.application.layoutIfNeeded()
            self.announceWindows()
        }
        // First: what the scene says while it connects (its log, its activation) follows the hello.
        // The board's calls are read only once the scene is connected (the read source starts below).
        try connection.send(.hello(ChannelHello(processID: getpid())))
        // Every event signal of the scene goes to the board, from its connection on.
        // A window the scene names in a signal before its turn ends (it makes its first window key as
        // it connects) gets its channel number then, so the signal names it, not none.
        let recorder = SceneSignalRecorder(index: { [weak self] window in self?.channelIndex(of: window) }) {
            [weak self, connection] signal in
            try? connection.send(.event(code: SceneEventCode.signal, body: signal.body))
            // A long turn (a body of 10,000 key actions played at once) sends what it has every few
            // hundred signals, or every 50 ms, rather than all at its end: the board hears the scene
            // is alive (its input in flight is not overdue while it reports) and the queue stays small.
            self?.flushLongTurn()
        }
        application.addObserver(recorder)
        self.recorder = recorder
        let loading = DispatchTime.now().uptimeNanoseconds
        let loaded = try PluginLoader.load(path: arguments.pluginPath, plugin: arguments.pluginPath)
        // The line the host's own loader logs, for the board to log under the scene's name.
        FileHandle.standardError.write(Data(
            "scene process \(arguments.sceneName): plugin loaded plugin=\(loaded.name) plugin.version=\(loaded.version) plugin.path=\(arguments.pluginPath) load.ms=\(PluginRegistry.milliseconds(DispatchTime.now().uptimeNanoseconds - loading))\n"
                .utf8))
        // Its own file opens say what the sandbox refuses them, as the libraries' before it do.
        SceneSandbox.sayRefusalsOfLoadedLibraries()
        // From here on, a fatal signal writes the plugin's frames for the board (SceneCrashed).
        if !PluginCrashHandler.install(pluginPath: URL(fileURLWithPath: arguments.pluginPath).resolvingSymlinksInPath().path),
            !PluginCrashHandler.underThreadSanitizer
        {
            FileHandle.standardError.write(Data("scene process \(arguments.sceneName): its crash report is off (the plugin's code was not found in its maps)\n".utf8))
        }
        scale = arguments.scale
        reportsHover = arguments.reportsHover
        let scene = try application.connectScene(
            named: arguments.sceneName, pluginName: loaded.name, delegate: loaded.descriptor.makeSceneDelegate(),
            options: arguments.options, screenFrame: arguments.screenFrame)
        scene.activate()
        self.scene = scene
        pluginName = loaded.name
        application.layoutIfNeeded()
        let descriptor = connection.socket.descriptor.rawValue
        readWatch = try loop.watchReadable(descriptor, owner: nil) { [weak self] in self?.receive() }
        let write = DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: .main)
        write.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.flush() } }
        writeSource = write
        endOfTurn()
    }

    private func receive() {
        let received: ChannelConnection.Received
        do {
            received = try connection.receiveAvailable()
        } catch {
            FileHandle.standardError.write(Data("scene process \(sceneName): the board sent what this process cannot read: \(error); ending\n".utf8))
            return finish()
        }
        for envelope in received.envelopes { handle(envelope.message) }
        if received.closed { finish() }
    }

    private func handle(_ message: ChannelMessage) {
        switch message {
        case .input(let id, SceneInputCode.touch, let body):
            let outcome: SceneTouchOutcome
            do {
                outcome = try deliver(SceneTouchRecord(body: body))
            } catch {
                outcome = SceneTouchOutcome(errorCode: error.code.name, errorMessage: error.message)
            }
            done(id, outcome.body)
        case .input(let id, SceneInputCode.script, let body):
            run(id: id, body: body)
        case .input(let id, SceneInputCode.record, let body):
            done(id, deliver(record: String(decoding: body, as: UTF8.self)).body)
        case .input(let id, SceneInputCode.records, let body):
            do {
                let batch = try SceneRecordBatch(body: body)
                let refused = batch.lines.lazy.map { self.deliver(record: $0) }.reduce(SceneRecordOutcome?.none) { first, outcome in
                    first ?? (outcome.errorCode.isEmpty ? nil : outcome)
                }
                // Answered at the end of the turn, after the frames it drew: the board then knows
                // that the pictures of these records came before the answer (input to photon).
                recordAnswers.append((id, (refused ?? SceneRecordOutcome()).body))
            } catch {
                done(id, SceneRecordOutcome(errorCode: "InvalidValue", errorMessage: error.message).body)
            }
        case .input(let id, SceneInputCode.clock, let body):
            var reader = WireReader(body, context: "clock input")
            if let time = try? reader.f64("time"), (try? reader.finish()) != nil {
                virtualClock?.advance(to: time)
            }
            var writer = WireWriter(capacity: 8)
            writer.f64(application.clock.now)
            done(id, writer.bytes)
        case .input(let id, SceneInputCode.actions, let body):
            play(id: id, body: body)
        case .input(let id, SceneInputCode.command, let body):
            let command: SceneCommand
            let outcome: SceneCommandOutcome
            do {
                command = try SceneCommand(body: body)
                outcome = try perform(command)
            } catch {
                done(id, SceneCommandOutcome(errorCode: "InvalidValue", errorMessage: error.message).body)
                return
            }
            if case .resize = command, outcome.errorCode.isEmpty {
                // Answered after the turn's frames, as records are: the board holds its stand-in's
                // desktop window until the picture of the new size is there (a compositor waits for
                // a client's buffer of the new size), so the window is drawn once at it.
                recordAnswers.append((id, outcome.body))
            } else {
                done(id, outcome.body)
            }
        case .input(let id, SceneInputCode.webDriver, let body):
            serveWebDriver(id: id, body: body, isInput: true)
        case .input(let id, let code, _):
            try? connection.send(.inputDone(id: id, body: SceneTouchOutcome(errorCode: "UnknownInput", errorMessage: "input code \(code) is not known to this scene process").body))
        case .query(let id, SceneQueryCode.describeTree, let body):
            do throws(ChannelError) {
                var reader = WireReader(body, context: "describeTree query")
                let index = Int(try reader.u32("window"))
                let path = try reader.string("path")
                try reader.finish()
                guard index < windows.count, let objectPath = try? ObjectPath(path) else {
                    throw ChannelError(code: .malformed, message: "describeTree of window \(index) at '\(path)': the scene has \(windows.count) windows, and the path must be a D-Bus object path")
                }
                try? connection.send(.reply(id: id, body: Array(TreeDescription.json(of: windows[index].window, path: objectPath).utf8)))
            } catch {
                try? connection.send(.failure(id: id, code: SceneQueryFailureCode.invalidArguments, message: error.message))
            }
        case .query(let id, SceneQueryCode.picture, let body):
            answer(id) { () throws(ChannelError) -> [UInt8] in
                var reader = WireReader(body, context: "picture query")
                let window = try self.window(try reader.u32("window"))
                let scale = try reader.f64("scale")
                try reader.finish()
                let image: PixelImage
                do throws(RenderError) {
                    image = try self.snapshotRenderer.renderWindow(window, scale: scale).image
                } catch {
                    throw ChannelError(code: .malformed, message: error.message)
                }
                return image.withUnsafeBytes { bytes in
                    ScenePicture(premultiplied: bytes, width: image.width, height: image.height, bytesPerRow: image.bytesPerRow).body
                }
            }
        case .query(let id, SceneQueryCode.stop, _):
            injector.cancelAllSlots()
            deviceInput.cancelAllFingers()
            application.cancelAllTouches()
            if let scene {
                application.disconnect(scene)
                self.scene = nil
            }
            answer(id) { () throws(ChannelError) -> [UInt8] in [] }
        case .query(let id, SceneQueryCode.hitTest, let body):
            answer(id) { () throws(ChannelError) -> [UInt8] in
                var reader = WireReader(body, context: "hitTest query")
                let window = try self.window(try reader.u32("window"))
                let point = Point(x: try reader.f64("x"), y: try reader.f64("y"))
                try reader.finish()
                return Array((window.hitTest(point, with: nil).map(ViewReference.reference(for:)) ?? "").utf8)
            }
        case .query(let id, SceneQueryCode.viewCenter, let body):
            answer(id) { () throws(ChannelError) -> [UInt8] in
                var reader = WireReader(body, context: "viewCenter query")
                let window = try self.window(try reader.u32("window"))
                let reference = try reader.string("view")
                try reader.finish()
                guard let view = window.view(forReference: reference) else { return [] }
                let center = view.convert(view.bounds.center, to: nil)
                var writer = WireWriter(capacity: 16)
                writer.f64(center.x)
                writer.f64(center.y)
                return writer.bytes
            }
        case .query(let id, SceneQueryCode.match, let body):
            answer(id) { () throws(ChannelError) -> [UInt8] in try self.match(String(decoding: body, as: UTF8.self)).body }
        case .query(let id, SceneQueryCode.matchForTap, let body):
            answer(id) { () throws(ChannelError) -> [UInt8] in
                try self.match(String(decoding: body, as: UTF8.self), scrollingRowsIntoView: true).body
            }
        case .query(let id, SceneQueryCode.webDriver, let body):
            serveWebDriver(id: id, body: body, isInput: false)
        case .query(let id, SceneQueryCode.accessibilityState, let body):
            accessibility.setState(id: id, body: body)
        case .query(let id, SceneQueryCode.accessibilityCall, let body):
            accessibility.call(id: id, body: body)
        case .query(let id, let code, _):
            try? connection.send(.failure(id: id, code: SceneQueryFailureCode.unknownQuery, message: "query code \(code) is not known to this scene process"))
        case .releaseBuffer(let window, let slot):
            guard Int(window) < windows.count else { return }
            try? windows[Int(window)].release(slot)
        case .goodbye:
            finish()
        case .hello, .inputDone, .reply, .failure, .event, .attachBuffer, .frame, .detachWindow:
            break  // the board's messages only
        }
    }

    /// Answers a WebDriver command the board forwarded, once the endpoint has (an element click
    /// after its tap was delivered; the reply goes out with the end of that turn). An input's
    /// answer tells the board first what the scene still has to do (``done(_:_:)``).
    private func serveWebDriver(id: UInt64, body: [UInt8], isInput: Bool) {
        let request: SceneWebDriverRequest
        do throws(ChannelError) {
            request = try SceneWebDriverRequest(body: body)
        } catch {
            try? connection.send(.failure(id: id, code: SceneQueryFailureCode.invalidArguments, message: error.message))
            return
        }
        let endpoint = webDriver ?? WebDriverEndpoint(
            host: SceneProcessWebDriverHost(
                application: application, selectors: selectors, injector: injector, pendingWork: pendingWork, renderer: snapshotRenderer,
                virtualClock: virtualClock != nil),
            logger: Logger(label: "scene-host.webdriver"), elementPrefix: SceneIsolation.elementPrefix(processID: getpid()))
        webDriver = endpoint
        endpoint.adoptSession(id: request.sessionID, sceneName: request.sceneName)
        endpoint.handle(WebDriverRequest(method: request.method, path: request.path, body: Data(request.body))) { [weak self] response in
            guard let self else { return }
            let answer = SceneWebDriverResponse(status: UInt16(clamping: response.status), body: Array(response.body)).encoded
            if isInput { done(id, answer) } else { try? connection.send(.reply(id: id, body: answer)) }
        }
    }

    private func deliver(_ record: SceneTouchRecord) throws(ChannelError) -> SceneTouchOutcome {
        do throws(InputError) {
            switch record.phase {
            case .down:
                let touch = try injector.down(slot: record.slot, at: Point(x: record.x, y: record.y))
                let window = touch?.window.flatMap(index(of:))
                return SceneTouchOutcome(
                    touch: touch?.identifier ?? 0, window: window.map(Int32.init) ?? -1, view: touch?.view.map(ViewReference.reference(for:)) ?? "")
            case .move: try injector.move(slot: record.slot, to: Point(x: record.x, y: record.y))
            case .up: try injector.up(slot: record.slot)
            case .cancel: try injector.cancel(slot: record.slot)
            }
            return SceneTouchOutcome()
        } catch {
            return SceneTouchOutcome(errorCode: error.code.name, errorMessage: error.message)
        }
    }

    /// Runs a timed script on this process's clock; its `inputDone` goes when the last step was
    /// delivered (or at once, with the error, when it is refused).
    private func run(id: UInt64, body: [UInt8]) {
        let samples: [InputSample]
        do {
            samples = try SceneInputScript(body: body).steps.map(InputSample.init)
        } catch {
            try? connection.send(.inputDone(id: id, body: SceneScriptOutcome(errorCode: "InvalidValue", errorMessage: error.message).body))
            return
        }
        do throws(InputError) {
            try injector.run(samples) { [weak self] touches in
                guard let self else { return }
                self.done(id, SceneScriptOutcome(began: touches.map(self.outcome(of:))).body)
                self.flush()
            }
        } catch {
            try? connection.send(.inputDone(id: id, body: SceneScriptOutcome(errorCode: error.code.name, errorMessage: error.message).body))
        }
    }


    /// Delivers a command the board checked already (points, deltas, names); what is left to refuse
    /// is what only the scene knows: its windows and views.
    private func perform(_ command: SceneCommand) throws(ChannelError) -> SceneCommandOutcome {
        switch command {
        case .scroll(let index, let x, let y, let dx, let dy, let continuous):
            let view = ScriptedScroll.scroll(
                continuous ? .continuous : .discrete, by: Point(x: dx, y: dy), at: Point(x: x, y: y), in: try window(index), application: application)
            return SceneCommandOutcome(text: view.map(ViewReference.reference(for:)) ?? "")
        case .makeFirstResponder(let index, let reference):
            let window = try window(index)
            if reference.isEmpty { return SceneCommandOutcome(accepted: window.firstResponder?.resignFirstResponder() ?? true) }
            guard let view = window.view(forReference: reference) else {
                return SceneCommandOutcome(errorCode: "UnknownView", errorMessage: "no view '\(reference)' in window \(index)")
            }
            return SceneCommandOutcome(accepted: view.becomeFirstResponder())
        case .motion(let name):
            guard let phase = MotionPhase(rawValue: name) else {
                return SceneCommandOutcome(errorCode: "InvalidName", errorMessage: "motion phase '\(name)' does not exist; use began, ended or cancelled")
            }
            return SceneCommandOutcome(text: SignalRecords.describe(application.sendMotion(.motionShake, phase: phase)))
        case .remoteControl(let name):
            guard let subtype = Event.EventSubtype(wireName: name), subtype.isRemoteControl else {
                return SceneCommandOutcome(errorCode: "InvalidName", errorMessage: "remote-control subtype '\(name)' does not exist")
            }
            return SceneCommandOutcome(text: SignalRecords.describe(application.sendRemoteControl(subtype)))
        case .resize(let width, let height):
            guard let scene else { return SceneCommandOutcome(errorCode: "InvalidValue", errorMessage: "the scene is not connected") }
            do throws(ApplicationError) {
                try scene.resize(to: Size(width: width, height: height))
                return SceneCommandOutcome(accepted: true)
            } catch {
                return SceneCommandOutcome(errorCode: "InvalidValue", errorMessage: error.message)
            }
        case .makeKey(let index):
            let window = try window(index)
            if !window.isKeyWindow { window.makeKey() }
            return SceneCommandOutcome(accepted: window.isKeyWindow)
        case .activation(let state):
            guard let scene else { return SceneCommandOutcome(errorCode: "InvalidValue", errorMessage: "the scene is not connected") }
            switch state {
            case WindowScene.ActivationState.foregroundActive.wireName: return SceneCommandOutcome(accepted: scene.activate())
            case WindowScene.ActivationState.foregroundInactive.wireName:
                // A stand-in passes through foreground-inactive from the background only on its way
                // to foreground-active (SceneCore's activate()), whose own command follows and makes
                // both steps here: the scene's delegate hears each once.
                if scene.activationState == .background { return SceneCommandOutcome(accepted: true) }
                return SceneCommandOutcome(accepted: scene.deactivate())
            case WindowScene.ActivationState.background.wireName: return SceneCommandOutcome(accepted: scene.sendToBackground())
            default:
                return SceneCommandOutcome(errorCode: "InvalidName", errorMessage: "activation state '\(state)' is not foreground-active, foreground-inactive or background")
            }
        }
    }

    /// What `text` (a selector) matches in the scene, and whether a strict tap on its one match is
    /// ready now, asked after the scene's pending layout as the board's own search asks it.
    private func match(_ text: String, scrollingRowsIntoView: Bool = false) throws(ChannelError) -> SceneSelectorAnswer {
        let selector: ViewSelector
        do throws(SelectorError) {
            selector = try ViewSelector.parse(text)
        } catch {
            throw ChannelError(code: .malformed, message: "selector '\(text)': \(error.description)")
        }
        var matches = selectors.matches(selector, in: application)
        if scrollingRowsIntoView, TapReadiness.scrollIntoView(matches) {
            matches = selectors.matches(selector, in: application)
        }
        func named(_ window: Window, _ reference: String) -> SceneSelectorAnswer.View? {
            index(of: window).map { SceneSelectorAnswer.View(window: UInt32($0), reference: reference) }
        }
        func view(_ window: Window, _ view: View) -> SceneSelectorAnswer.View? { named(window, ViewReference.reference(for: view)) }
        let found = matches.prefix(SceneSelectorAnswer.maximumMatches).compactMap { named($0.window, $0.reference) }
        guard matches.count == 1, let match = matches.first else { return SceneSelectorAnswer(matches: found) }
        let readiness: SceneSelectorAnswer.Readiness =
            switch TapReadiness.evaluate(match, matcher: selectors, application: application) {
            case .ready(_, let point): .ready(x: point.x, y: point.y)
            case .notVisible: .notVisible
            case .notEnabled: .notEnabled
            case .notHittable(_, let point, let hit): .notHittable(x: point.x, y: point.y, hit: hit.flatMap { view($0.window, $0.view) })
            case .noMatch, .ambiguous: .none
            }
        return SceneSelectorAnswer(matches: found, readiness: readiness)
    }

    /// What a touch a script put down hit, as the board answers it.
    private func outcome(of touch: Touch?) -> SceneTouchOutcome {
        SceneTouchOutcome(
            touch: touch?.identifier ?? 0, window: touch?.window.flatMap(index(of:)).map(Int32.init) ?? -1,
            view: touch?.view.map(ViewReference.reference(for:)) ?? "")
    }

    /// Plays a Perform Actions body in one of the scene's windows under the bus client's limits (an
    /// injector of its own, whose scripts count as the scene's pending work); its `inputDone` goes
    /// when the body is over, or at once with the error that refused it (nothing delivered then).
    private func play(id: UInt64, body: [UInt8]) {
        let refused: SceneScriptOutcome
        do {
            let request = try SceneActions(body: body)
            let window = try window(request.window)
            var limits = ScriptLimits()
            limits.simultaneousTouches = Int(request.simultaneousTouches)
            limits.samplesPerCall = Int(request.samplesPerCall)
            limits.scriptSeconds = request.scriptSeconds
            let player = TouchInjector(application: application, limits: limits, scripts: injector.scripts)
            let actions = try PointerActions.parse(json: request.json, maximumActions: limits.samplesPerCall)
            // An origin is a view reference (D-Bus) or an element id of this process's WebDriver endpoint.
            let timeline = try actions.timeline(in: .window(window)) { [selectors, webDriver] reference in
                let view = window.view(forReference: reference) ?? webDriver?.view(forElement: reference).flatMap { $0.window === window ? $0 : nil }
                return view.flatMap { selectors.visibleRect(of: $0)?.center }
            }
            try ActionsPlayer.play(timeline, injector: player) { [weak self] touches in
                guard let self else { return }
                self.done(id, SceneScriptOutcome(began: touches.map(self.outcome(of:))).body)
                self.flush()
            }
            return
        } catch let error as ActionsError {
            refused = SceneScriptOutcome(errorCode: error.sceneProcessCode, errorMessage: error.description)
        } catch let error as InputError {
            refused = SceneScriptOutcome(errorCode: error.code.name, errorMessage: error.message)
        } catch let error as ChannelError {
            refused = SceneScriptOutcome(errorCode: "InvalidValue", errorMessage: error.message)
        } catch {
            refused = SceneScriptOutcome(errorCode: "InvalidValue", errorMessage: "\(error)")
        }
        done(id, refused.body)
    }

    /// Delivers a device-input record given as its script line; a key's answer names who took it.
    private func deliver(record line: String) -> SceneRecordOutcome {
        do throws(InputError) {
            let record = try InputRecord(scriptLine: line)
            if case .keyboard(let input) = record {
                return SceneRecordOutcome(handledBy: SignalRecords.describe(input.deliver(to: application)))
            }
            let began = deviceInput.deliver(record).map { touch in
                SceneRecordOutcome.Began(
                    touch: touch?.identifier ?? 0, window: touch?.window.flatMap(index(of:)).map(Int32.init) ?? -1,
                    view: touch?.view.map(ViewReference.reference(for:)) ?? "")
            }
            return SceneRecordOutcome(began: began)
        } catch {
            return SceneRecordOutcome(errorCode: error.code.name, errorMessage: error.message)
        }
    }

    /// Answers input `id`, telling the board first what the input changed of the windows (their key
    /// window, visibility, levels), the clock and what the scene still has to do now: the board's
    /// stand-in shows them by the time the caller hears the answer (an input script's next line aims
    /// at the key window a tap just changed), and a `WaitForIdle` after the answer sees the work.
    private func done(_ id: UInt64, _ body: [UInt8]) {
        // Laid out first, as at the end of the turn: a list of frames before layout would differ from
        // the turn's own (a text field's caret, announced twice, would restart the desktop's text input).
        application.layoutIfNeeded()
        announceWindows()
        announceClock()
        announceBusy()
        try? connection.send(.inputDone(id: id, body: body))
        answerQueued = true
    }

    /// Tells the board the virtual clock's time, when it moved.
    private func announceClock() {
        guard let virtualClock, virtualClock.now != announcedClock else { return }
        announcedClock = virtualClock.now
        var writer = WireWriter(capacity: 8)
        writer.f64(virtualClock.now)
        try? connection.send(.event(code: SceneEventCode.clock, body: writer.bytes))
    }

    /// Tells the board what the scene still has to do, when it changed.
    private func announceBusy() {
        var busy = SceneBusyList(
            entries: pendingWork.busySources().map { source in
                SceneBusyList.Entry(
                    kind: source.kind.rawValue, window: source.window.flatMap(index(of:)).map(Int32.init) ?? -1,
                    view: source.view.map(ViewReference.reference(for:)) ?? "", detail: source.detail, deadline: source.deadline)
            })
        // Sent when what is pending changes, not when only the time does.
        guard busy.entries != announcedBusy.entries else { return }
        busy.now = application.clock.now
        announcedBusy = busy
        try? connection.send(.event(code: SceneEventCode.busy, body: busy.body))
    }

    /// Replies to query `id` with what `body` makes, or fails it with the reason.
    private func answer(_ id: UInt64, _ body: () throws(ChannelError) -> [UInt8]) {
        do throws(ChannelError) {
            try connection.send(.reply(id: id, body: try body()))
        } catch {
            try? connection.send(.failure(id: id, code: SceneQueryFailureCode.invalidArguments, message: error.message))
        }
    }

    /// The window of index `index` in the process's window list, or the error naming it.
    private func window(_ index: UInt32) throws(ChannelError) -> Window {
        guard Int(index) < windows.count else {
            throw ChannelError(code: .malformed, message: "window \(index) does not exist: the scene has \(windows.count) windows")
        }
        return windows[Int(index)].window
    }

    /// The index of `window` in the process's window list.
    private func index(of window: Window) -> Int? { windows.firstIndex { $0.window === window } }

    /// Where UIKit commits: layout, then the windows' new pictures, then one write of everything.
    private func endOfTurn() {
        guard !finished else { return }
        application.layoutIfNeeded()
        announceWindows()
        announceClock()
        announceBusy()
        // Answers to inputs go before pictures are drawn: the caller hears of a touch on a button
        // while its highlight is drawn (on the other processor), not after. The board takes the frames
        // as they come, and a snapshot after the answer waits for them (``FrameCurrency``). With
        // nothing to draw, one write at the end, as the last thing before the process waits: work
        // after it would hold up the board, woken on this processor.
        if answerQueued, windows.contains(where: \.needsDrawing) { flush() }
        for window in windows {
            do {
                for envelope in try window.produce() { try connection.send(envelope) }
            } catch {
                FileHandle.standardError.write(Data("scene process \(sceneName): window \(window.index): \(error)\n".utf8))
            }
        }
        // A picture that waits for a buffer the board still holds goes with a later turn (its release
        // wakes this process): the answers wait for it, so that they still follow the records' frames.
        if !windows.contains(where: \.holdsUnsentDamage) {
            for (id, body) in recordAnswers { try? connection.send(.inputDone(id: id, body: body)) }
            recordAnswers = []
        }
        flush()
    }

    /// Starts the pictures of windows the scene added, then tells the board the windows when they
    /// differ from what it was last told. A window keeps its index for the process's life (one the
    /// scene drops stays in the list, hidden, as SceneCore leaves a detached window).
    private func announceWindows() {
        guard let scene else { return }
        for window in scene.windows { _ = channelIndex(of: window) }
        let list = SceneWindowList(
            plugin: pluginName, receivesRemoteControl: application.isReceivingRemoteControlEvents,
            listensForHover: reportsHover && DeviceInput.listensForHover(scene),
            windows: windows.map(\.window).map { window in
                SceneWindowList.Entry(
                    x: window.frame.minX, y: window.frame.minY, width: window.frame.width, height: window.frame.height,
                    level: window.windowLevel.rawValue, isHidden: window.isHidden, isKey: window.isKeyWindow, title: window.title,
                    firstResponder: SignalRecords.describe(window.firstResponder), textInput: textInput(of: window, in: scene))
            })
        guard list != announcedWindows else { return }
        announcedWindows = list
        try? connection.send(.event(code: SceneEventCode.windows, body: list.body))
    }

    /// The channel number of `window`, a window of this process's scene: the one it has, or the next
    /// one, its pictures started now; nil for another scene's window or one that cannot be drawn.
    private func channelIndex(of window: Window) -> Int? {
        if let index = windows.firstIndex(where: { $0.window === window }) { return index }
        guard window.windowScene?.name == sceneName else { return nil }
        do {
            windows.append(try SceneWindowFrames(index: UInt32(windows.count), window: window, scale: scale))
            return windows.count - 1
        } catch {
            FileHandle.standardError.write(Data("scene process \(sceneName): a window of the scene cannot be drawn: \(error)\n".utf8))
            return nil
        }
    }

    /// Where `window`'s first responder takes text, as the board's desktop needs it (as
    /// `DesktopDisplay` finds it for a scene of its own): the view's frame in the scene's coordinates.
    private func textInput(of window: Window, in scene: WindowScene) -> SceneWindowList.Entry.TextArea? {
        guard let responder = window.firstResponder, responder is any KeyInput, let view = responder as? View else { return nil }
        let origin = window.convertToScreen(view.convert(view.bounds.origin, to: nil)) - scene.screenFrame.origin
        return SceneWindowList.Entry.TextArea(x: origin.x, y: origin.y, width: view.bounds.width, height: view.bounds.height)
    }

    /// Signals queued in one turn before they are written without waiting for its end.
    static let signalsPerWrite = 256
    /// Nanoseconds after which a turn's queued signals are written without waiting for its end.
    static let reportInterval: UInt64 = 50_000_000
    /// When the oldest signal still queued was queued (monotonic nanoseconds); nil with none queued.
    private var oldestQueuedSignal: UInt64?

    /// Writes the queue when a turn has held many signals, or held them long; a turn's first signal
    /// waits for its end as usual.
    private func flushLongTurn() {
        let now = DispatchTime.now().uptimeNanoseconds
        guard let oldest = oldestQueuedSignal else {
            oldestQueuedSignal = now
            return
        }
        if connection.queuedCount >= Self.signalsPerWrite || now >= oldest &+ Self.reportInterval { flush() }
    }

    private func flush() {
        oldestQueuedSignal = nil
        answerQueued = false
        do {
            let done = try connection.flush()
            if done, writeSourceActive {
                writeSource?.suspend()
                writeSourceActive = false
            } else if !done, !writeSourceActive {
                writeSource?.resume()
                writeSourceActive = true
            }
        } catch {
            finish()
        }
    }

    private func finish() {
        guard !finished else { return }
        finished = true
        readWatch?.cancel()
        if !writeSourceActive { writeSource?.resume() }
        writeSource?.cancel()
        MainLoop.stop()
    }
}

