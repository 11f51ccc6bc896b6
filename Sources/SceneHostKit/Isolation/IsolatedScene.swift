import DBusKit
import SceneChannel
import SceneCore
import SceneProcesses

/// One configured scene run in a scene process, as the board holds it: the process (a
/// ``SceneProcessHost``) and the scene's stand-in in the board's model, a ``WindowScene`` of the
/// same name and screen frame whose windows take the process's frames, levels, visibility and
/// titles and show its pictures. The bus objects, desktop windows and snapshots follow the stand-in
/// as they follow a scene loaded into the board; touches on it go to the process instead.
///
/// The stand-in connects when the process first lists its windows, and stays through crashes and
/// restarts: a crashed or hung scene's windows show a placeholder naming the scene and its plugin.
/// Main actor.
@MainActor
final class IsolatedScene {
    /// The process as the board sees it.
    enum State: Equatable, Sendable {
        /// Started, not yet listed its windows.
        case starting
        case running
        /// An answer is overdue.
        case notResponding
        /// Ended unasked; restarted after a delay unless quarantined.
        case crashed(SceneExit, quarantined: Bool)
    }

    let configuration: SceneConfiguration
    let process: SceneProcessHost
    private(set) var state: State = .starting
    /// The stand-in, once connected.
    private(set) var scene: WindowScene?
    /// The plugin's name once the process said it; the configured plugin until then.
    private(set) var pluginName: String
    /// How many times the process ended unasked.
    private(set) var crashCount = 0
    /// The stand-in's windows, by the process's window index.
    private(set) var windows: [Window] = []
    private var pictures: [StandInPicture] = []
    private var placeholders: [Label] = []
    private let application: Application
    private let screenFrame: Rect
    /// The first window list, held while the stand-in waits for its turn to connect.
    private var pendingList: SceneWindowList?
    /// Whether the stand-in may connect now: scenes connect in configuration order, so that their
    /// windows are numbered on the bus as with `isolation: none`.
    var mayConnect: () -> Bool = { true }
    /// Its pending work for the board's `WaitForIdle`.
    private(set) lazy var work = SceneProcessWorkSource(scene: self)
    /// Every report of the process, after the stand-in has taken it.
    var onEvent: ((IsolatedScene, SceneProcessEvent) -> Void)?

    init(configuration: SceneConfiguration, process: SceneProcessHost, application: Application, screenFrame: Rect) {
        self.configuration = configuration
        self.process = process
        self.application = application
        self.screenFrame = screenFrame
        sizeOfProcess = screenFrame.size
        pluginName = configuration.plugin
        process.onEvent = { [weak self] event in self?.take(event) }
    }

    var name: String { configuration.name }

    /// `Scene1.Process`: its state (`starting`, `running`, `not-responding`, `crashed`, `quarantined`),
    /// its process id (0 while there is none) and how it last ended unasked ("" before any crash).
    var processDescription: (state: String, processID: UInt32, lastExit: String) {
        let state =
            switch self.state {
            case .starting: "starting"
            case .running: "running"
            case .notResponding: "not-responding"
            case .crashed(_, let quarantined): quarantined ? "quarantined" : "crashed"
            }
        return (state, process.processID.map { UInt32(bitPattern: $0) } ?? 0, lastCrash ?? "")
    }

    /// How the process last ended unasked, in words (`SceneCrashed`'s reason, `Scene1.Process`, the log): its
    /// ``SceneExit``; when the Swift runtime said why it stopped the process (a trap: a
    /// `fatalError`, a force-unwrapped nil, an index out of range), that line, which names the
    /// plugin's file and line; and the innermost of the plugin's functions on the crashed thread's
    /// stack, as its crash handler found it (``PluginCrashFrames``) — e.g. `killed by signal 11
    /// (SIGSEGV); in Clock.tick() (libClock.so+0x1a2b)`.
    private(set) var lastCrash: String?
    /// The runtime's last fatal-error line of the running process.
    private var fatalError: String?
    /// The plugin frames its crash handler wrote.
    private var crashFrames: PluginCrashFrames?

    /// The process's index of `window`, when it is one of the stand-in's windows.
    func index(of window: Window) -> Int? { windows.firstIndex { $0 === window } }

    /// The stand-in's window at process index `index`, when there is one.
    func window(at index: Int32) -> Window? { index >= 0 && Int(index) < windows.count ? windows[Int(index)] : nil }

    // MARK: Resizes

    /// Resizes sent to the process and not answered yet. The process answers a resize after the
    /// frames of the turn it took it in, so until then its picture of the new size is not here:
    /// the stand-in's desktop window keeps its last frame meanwhile, as a compositor shows a client's
    /// last buffer until one of the new size comes, and is drawn once, at the new size.
    private var resizesInFlight = 0
    private var resizeWaiters: [@MainActor () -> Void] = []

    /// Whether the stand-in waits for its process's picture of its new size (see above).
    var awaitsPictureOfNewSize: Bool { resizesInFlight > 0 }

    /// Runs `action` once the process's picture of the stand-in's new size is here (at once when
    /// none is awaited), or once the process cannot give it (it crashed, or does not respond: its
    /// placeholder is drawn instead).
    func whenPictureOfNewSizeArrives(_ action: @escaping @MainActor () -> Void) {
        guard awaitsPictureOfNewSize else { return action() }
        resizeWaiters.append(action)
    }

    /// The size the process's scene has, or has been sent: the configured frame's when it starts,
    /// then each size sent (``sendSize(_:)``) or taken by the process itself (`Scene1.Resize` asks
    /// it first, ``processTookSize(_:)``).
    private var sizeOfProcess: Size

    /// The process took `size` itself: the stand-in's change to it is not sent back.
    func processTookSize(_ size: Size) {
        sizeOfProcess = size
    }

    /// Sends the stand-in's `size` to the process (``SceneCommand/resize(width:height:)``) when
    /// the process does not have it already (a resize it took itself, a restart at the same size).
    func sendSize(_ size: Size) {
        guard size != sizeOfProcess else { return }
        sizeOfProcess = size
        resizesInFlight += 1
        process.post(.resize(width: size.width, height: size.height)) { [weak self] in
            self?.endResizeWait(all: false)
        }
    }

    private func endResizeWait(all: Bool) {
        resizesInFlight = all ? 0 : max(0, resizesInFlight - 1)
        guard resizesInFlight == 0 else { return }
        let waiters = resizeWaiters
        resizeWaiters = []
        for waiter in waiters { waiter() }
    }

    /// Ends the process and disconnects the stand-in.
    func stop() {
        process.stop()
        if let scene { application.disconnect(scene) }
        scene = nil
    }

    private func take(_ event: SceneProcessEvent) {
        switch event {
        case .started:
            state = .starting
            sizeOfProcess = screenFrame.size
            fatalError = nil
            crashFrames = nil
            firstResponders = [:]
            receivesRemoteControl = false
        case .windows(let list):
            let started = state == .starting
            pluginName = list.plugin
            receivesRemoteControl = list.receivesRemoteControl
            listensForHover = list.listensForHover
            firstResponders = Dictionary(uniqueKeysWithValues: list.windows.enumerated().map { ($0.offset, $0.element.firstResponder) })
            textInputs = list.windows.map(\.textInput)
            state = .running
            if scene == nil, !mayConnect() {
                pendingList = list
            } else {
                mirror(list)
            }
            // A scene process activates its scene when it starts; a stand-in that is not active
            // (configured so, or sent away while the process restarted) has it follow.
            if started, let scene, scene.activationState != .foregroundActive {
                process.post(.activation(state: scene.activationState.wireName))
            }
            // A process starts at the configured frame; a stand-in resized since (Scene1.Resize,
            // its desktop window) has a restarted one take its size, as it sends it every resize.
            if started, let scene { sendSize(scene.screenFrame.size) }
        case .crashed(let exit, let quarantined):
            crashCount += 1
            lastCrash = ([exit.description] + [fatalError, crashFrames.flatMap(describe)].compactMap { $0 }).joined(separator: "; ")
            fatalError = nil
            crashFrames = nil
            work.take(SceneBusyList(entries: []), at: application.clock.now)
            state = .crashed(exit, quarantined: quarantined)
        case .notResponding:
            state = .notResponding
            endResizeWait(all: true)
        case .responding:
            if state == .notResponding { state = .running }
        case .placeholder(let placeholder):
            show(placeholder)
        case .frame(let window, let damage):
            showPicture(of: Int(window), damage: damage)
        case .busy(let busy):
            work.take(busy, at: application.clock.now)
        case .signal(let signal):
            noteFirstResponder(signal)
        case .output(let line):
            // The runtime's words before a trap: "File.swift:LINE: Fatal error: MESSAGE".
            if let marker = line.firstRange(of: ": Fatal error: "), line[..<marker.lowerBound].contains(".swift:") { fatalError = line }
            if let frames = PluginCrashFrames(line: line) { crashFrames = frames }
        case .clock, .accessibility:
            break
        }
        onEvent?(self, event)
    }

    /// Each window's first responder as the scene process last reported it (its window list, and
    /// each `FirstResponderChanged` since), described as the signal describes it, by the process's
    /// window index.
    private var firstResponders: [Int: String] = [:]

    /// Where each window's first responder takes text, by the process's window index, as its window
    /// list last said.
    private var textInputs: [SceneWindowList.Entry.TextArea?] = []

    /// Where the first responder of `window` (one of the stand-in's) takes text, in the scene's
    /// coordinates; nil when it takes none, or the process is not running.
    func textInput(of window: Window) -> Rect? {
        guard state == .running, let index = index(of: window), index < textInputs.count, let area = textInputs[index] else { return nil }
        return Rect(x: area.x, y: area.y, width: area.width, height: area.height)
    }

    /// `Window1.FirstResponder` of one of the stand-in's windows: the scene process's.
    func firstResponder(of window: Window) -> String {
        index(of: window).flatMap { firstResponders[$0] } ?? ""
    }

    /// Whether the scene process's application receives remote-control events, as its window list
    /// last said (false until it lists its windows).
    private(set) var receivesRemoteControl = false

    /// Whether a view of the scene process's scene has a hover recognizer, as its window list last
    /// said (false until it lists its windows).
    private(set) var listensForHover = false

    /// The responder a remote-control event sent to `window` of the stand-in would start at, by its
    /// reference: the scene process's first responder there while the process runs and receives
    /// remote-control events [FR-9]; nil otherwise. (Reception is the scene process's own, as each
    /// iOS app's is.)
    func remoteControlResponder(of window: Window) -> String? {
        guard state == .running, receivesRemoteControl, case let responder = firstResponder(of: window), !responder.isEmpty else { return nil }
        return responder
    }

    private func noteFirstResponder(_ signal: SceneSignal) {
        guard signal.member == HostSignals.firstResponderChanged.rawValue, signal.values.count >= 3, case .window(let index) = signal.values[0],
            case .string(let responder) = signal.values[2]
        else { return }
        firstResponders[Int(index)] = responder
    }

    /// Whether the process listed its windows and the stand-in waits for its turn.
    var isWaitingToConnect: Bool { pendingList != nil && scene == nil }

    /// Connects the stand-in that waited for its turn.
    func connectWaiting() {
        guard let list = pendingList else { return }
        pendingList = nil
        mirror(list)
        if let scene, scene.activationState != .foregroundActive { process.post(.activation(state: scene.activationState.wireName)) }
    }

    /// Makes the stand-in's windows match the process's list, connecting the stand-in first.
    private func mirror(_ list: SceneWindowList) {
        if scene == nil {
            do {
                let connected = try application.connectScene(
                    named: name, pluginName: list.plugin, delegate: nil, options: configuration.options, screenFrame: screenFrame,
                    sizeRestrictions: configuration.sizeRestrictions ?? .none)
                // It activates once its windows are there (below), so the application's key
                // window moves to its key window at once, not through none.
                scene = connected
                activatesOnceMirrored = configuration.active
            } catch {
                process.stop()
                return
            }
        }
        guard let scene else { return }
        for (index, entry) in list.windows.enumerated() {
            if index == windows.count { addWindow(to: scene) }
            let window = windows[index]
            window.frame = Rect(x: entry.x, y: entry.y, width: entry.width, height: entry.height)
            window.windowLevel = Window.Level(rawValue: entry.level)
            window.title = entry.title
            window.isHidden = entry.isHidden
            pictures[index].frame = window.bounds
            placeholders[index].frame = window.bounds
            // A picture that came while the stand-in waited for its turn, or of another size.
            showPicture(of: index)
        }
        // The scene's key window, once its windows are placed (Host1.KeyWindow follows from it).
        if let key = list.windows.firstIndex(where: \.isKey), !windows[key].isKeyWindow, !windows[key].isHidden { windows[key].makeKey() }
        if activatesOnceMirrored {
            activatesOnceMirrored = false
            scene.activate()
        }
    }

    /// Whether the stand-in just connected activates once its windows are mirrored (its
    /// configuration's `active`).
    private var activatesOnceMirrored = false

    private func addWindow(to scene: WindowScene) {
        let window = Window(windowScene: scene)
        let picture = StandInPicture(frame: window.bounds)
        picture.isUserInteractionEnabled = false
        // What assistive technologies (AT-SPI) find in the scene's window until they reach its views.
        picture.accessibilityLabel = "\(name) runs in a process of its own, which is not running"
        window.addSubview(picture)
        let placeholder = Label(frame: window.bounds)
        placeholder.numberOfLines = 0
        placeholder.textAlignment = .center
        placeholder.backgroundColor = Color(red255: 60, 60, 67)
        placeholder.textColor = Color(red255: 255, 255, 255)
        placeholder.isHidden = true
        window.addSubview(placeholder)
        windows.append(window)
        pictures.append(picture)
        placeholders.append(placeholder)
    }

    /// The scale a scene process draws its frames at (`--scene-scale`, which the board leaves at 1).
    static let frameScale = 1.0

    /// `windows` (the stand-in's) drawn by the scene process at `scale`, by their index.
    func pictures(at scale: Double, of windows: [Window]) async throws(SceneCallError) -> [(index: Int, picture: ScenePicture)] {
        var pictures: [(index: Int, picture: ScenePicture)] = []
        for window in windows {
            guard let index = index(of: window) else { continue }
            pictures.append((index, try await process.picture(window: UInt32(index), scale: scale)))
        }
        return pictures
    }

    /// Runs `body` (a snapshot's drawing) with each stand-in window in `pictures` showing the picture
    /// its scene process drew at `scale` instead of its frame, then shows the frames again. Nothing
    /// else runs meanwhile (the main actor's), so nothing but the snapshot sees those pictures.
    static func showing<Result>(
        _ pictures: [(scene: IsolatedScene, pictures: [(index: Int, picture: ScenePicture)])], scale: Double,
        while body: () throws -> Result
    ) throws -> Result {
        var shown: [(view: ImageView, image: Image?)] = []
        defer { for (view, image) in shown.reversed() { view.image = image } }
        for (scene, drawn) in pictures {
            for (index, picture) in drawn where index < scene.pictures.count {
                let view = scene.pictures[index]
                shown.append((view, view.image))
                view.image = try? Image(width: picture.width, height: picture.height, pixels: picture.pixels, scale: scale)
            }
        }
        return try body()
    }

    /// Has window `index` show the process's newest frame of it, from the slot the board holds, with
    /// `damage` the frame's (nil: no new frame, see ``StandInPicture/show(_:damage:)``).
    private func showPicture(of index: Int, damage: [DamageRect]? = nil) {
        guard index < pictures.count, let buffer = process.shownBuffer(window: UInt32(index)) else { return }
        pictures[index].show(buffer, damage: damage)
    }

    /// `in FUNCTION (LIBRARY+0xOFFSET)` for the innermost frame, named from the plugin's file; the
    /// offset alone when the file has no function there; nil when there is no frame.
    private func describe(_ crash: PluginCrashFrames) -> String? {
        guard let frame = crash.frames.first else { return nil }
        let place = "\(frame.library)+0x\(String(frame.offset, radix: 16))"
        guard let name = PluginSymbols(path: process.configuration.plugin)?.function(at: frame.offset) else { return "in \(place)" }
        return "in \(name) (\(place))"
    }

    private func show(_ placeholder: ScenePlaceholder?) {
        let text: String? =
            switch placeholder {
            case nil: nil
            case .crashed(.refused(let reason), _)?:
                "\(name) could not load its plugin: \(reason).\nReload to try again."
            case .crashed(let exit, let quarantined)?:
                "\(name) (\(pluginName)) crashed: \(exit).\n\(quarantined ? "Quarantined: Reload to try again." : "Restarting…")"
            case .notResponding?: "\(name) (\(pluginName)) is not responding.\nReload to restart it."
            }
        for label in placeholders {
            label.text = text
            label.isHidden = text == nil
        }
    }
}
