import Dispatch
import Foundation
public import Logging
public import SceneCore
public import SceneDisplay
import SceneErrors
import SceneRender

/// The host's side of the desktop display: one desktop window per connected scene, frames drawn when
/// something changed (at most once per display refresh, or at once after discrete input:
/// ``FramePacing``), and the display's input turned into
/// ``InputRecord``s for ``DeviceInput``, the path scripted replays take too (wheel steps scaled by
/// ``SceneCore/InteractionSettings/wheelStepDistance`` on the way).
///
/// It observes the application: a scene that connects gets a window (titled with the scene's and
/// the plugin's names, at the scene's screen frame), one that disconnects loses it, one in the
/// background has it hidden. Each window of a scene has a damage observer whose notification
/// schedules a frame; a frame renders the damaged scenes (``SceneRender/Renderer/renderScene(_:scale:)``,
/// the scene's windows by level) and hands the images to the display thread. With nothing changing
/// nothing runs. Main actor only.
@MainActor
public final class DesktopDisplay: ApplicationObserver {
    /// What is still in flight between the display and the model (for idle detection).
    public struct PendingWork: Sendable, Equatable {
        /// Input events queued by the display thread, or held behind a scene process's answer, and
        /// not yet delivered to the model.
        public var queuedInputs: Int
        /// Whether a frame is owed: something changed and was not presented yet.
        public var frameOwed: Bool

        /// Nothing queued and nothing to draw.
        public var isIdle: Bool { queuedInputs == 0 && !frameOwed }
    }

    public let server: DisplayServer
    /// The model the windows show; observed from ``start()`` to ``stop()``.
    private let application: Application
    /// Where the display's input goes: the path scripted replays take too.
    private let deviceInput: DeviceInput
    /// The host's pending-work list: the display registers its own entries and asks for a check after
    /// each batch of input and each frame.
    private let pendingWorkRegistry: PendingWorkRegistry
    /// The model's clock: on a virtual clock events take the model's now, not SDL's time.
    private let clockMode: ClockMode
    /// The display's own renderer: its compositors report what changed since the display's last
    /// frame, whoever else takes snapshots meanwhile.
    private let renderer = Renderer()
    /// The window being rendered: its damage notifications during the rendering are this frame's.
    private weak var rendering: SceneWindow?
    private let logger: Logger
    private var windows: [ObjectIdentifier: SceneWindow] = [:]
    private var scenesByWindow: [DisplayWindowID: SceneWindow] = [:]
    private var nextWindowNumber: UInt32 = 1
    public private(set) var info: DisplayInfo?
    /// When the next frame is drawn: once per refresh for streams of changes, at once for discrete
    /// input.
    private var pacing = FramePacing(interval: 1.0 / 60)
    private var frameScheduled: Bool { pacing.isScheduled }
    /// The last input event handled.
    private var lastSerial: UInt64 = 0
    /// Pointer and touchscreen moves delivered to the model.
    public private(set) var movesDelivered: UInt64 = 0
    /// Input events that arrived with a serial not above the one before (the queue keeps order, so 0).
    public private(set) var outOfOrderInputs: UInt64 = 0
    /// Frames rendered and handed to the display thread (one per window with something to show, per
    /// render turn); the display thread's ``SceneDisplay/DisplayStatistics/framesPresented`` counts
    /// those it put on the screen.
    public private(set) var framesHandedOver: UInt64 = 0
    private var dirtiedDuringDrain = false
    /// The batch being drained holds a press, a release, a key or typed text.
    private var discreteInputInDrain = false
    private var textInput: (window: DisplayWindowID, caret: Rect?)?
    /// Called once when the display cannot start.
    public var onFailure: (@MainActor (DisplayError) -> Void)?
    /// Called when the display started.
    public var onReady: (@MainActor (DisplayInfo) -> Void)?

    /// One scene's desktop window.
    @MainActor
    private final class SceneWindow {
        let id: DisplayWindowID
        weak var scene: WindowScene?
        let name: String
        var observers: [ObjectIdentifier: (window: Window, observer: DamageObserver)] = [:]
        var dirty = true
        var needsFullFrame = true
        var visible = false
        /// The content's top-left on the desktop (nil: unknown, as on Wayland).
        var position: Point?
        /// The content size the window has or was last asked for (whole points: desktop pixels).
        var size: Size

        init(id: DisplayWindowID, scene: WindowScene) {
            self.id = id
            self.scene = scene
            name = scene.name
            size = DesktopDisplay.wholePixels(scene.screenFrame.size)
        }
    }

    /// The display's entries in the host's pending-work list.
    private lazy var workSource = DisplayWorkSource(display: self)

    /// Seconds between frames: one display refresh.
    public private(set) var frameInterval = 1.0 / 60

    /// The display holds these and nothing that holds it back (the host refers to its display weakly,
    /// the session owns it).
    ///
    /// - Parameters:
    ///   - application: the model whose scenes get desktop windows.
    ///   - deviceInput: where the windows' fingers, keys, text and focus are delivered.
    ///   - pendingWork: the host's pending-work list (idle detection).
    ///   - clockMode: the model's clock: real time keeps SDL's event times, a virtual clock its own now.
    public init(
        application: Application, deviceInput: DeviceInput, pendingWork: PendingWorkRegistry, clockMode: ClockMode, options: DisplayOptions,
        logger: Logger
    ) {
        self.application = application
        self.deviceInput = deviceInput
        self.pendingWorkRegistry = pendingWork
        self.clockMode = clockMode
        self.logger = logger
        // Weak: the display thread may outlive the controller by a moment at shutdown.
        let box = WeakDisplay()
        server = DisplayServer(options: options) {
            DispatchQueue.main.async {
                MainActor.assumeIsolated { box.display?.drain() }
            }
        }
        box.display = self
    }

    /// Starts the display thread and opens a window for every connected scene (later scenes get
    /// theirs when they connect).
    public func start() {
        application.addObserver(self)
        pendingWorkRegistry.register(workSource)
        // A scene process's text field that starts or stops editing says so in its window list.
        deviceInput.isolation?.observe { [weak self] _, event in
            if case .windows = event { self?.updateTextInput() }
        }
        server.start()
        for scene in application.connectedScenes { open(scene) }
    }

    /// Closes the windows and stops the display thread (at once; see ``DisplayServer/stop()``).
    public func stop() {
        application.removeObserver(self)
        pendingWorkRegistry.unregister(workSource)
        for window in windows.values { detachObservers(window) }
        windows = [:]
        scenesByWindow = [:]
        server.stop()
    }

    /// What is in flight between the display and the model.
    public var pendingWork: PendingWork {
        PendingWork(
            queuedInputs: server.queuedEventCount + inputOrder.heldCount,
            frameOwed: frameScheduled || windows.values.contains { $0.dirty && $0.visible } || server.hasPendingFrame)
    }

    /// The scenes whose window changed and was not drawn yet (hidden ones are drawn when shown).
    public var scenesOwingFrames: [WindowScene] {
        windows.values.filter { $0.dirty && $0.visible }.compactMap(\.scene).sorted { $0.name < $1.name }
    }

    /// Draws the owed frames now rather than at the next refresh (someone waits for idle).
    public func renderOwedFrames() {
        guard windows.values.contains(where: { $0.dirty && $0.visible }) else { return }
        renderFrames()
    }

    /// Brings `scene`'s desktop window to the front and asks for the keyboard focus, unless it has
    /// it (best effort: a Wayland compositor or a window manager may refuse).
    public func raise(_ scene: WindowScene) {
        guard let window = windows[ObjectIdentifier(scene)], window.visible, deviceInput.focusedScene != scene.name else { return }
        server.send(.raise(window.id))
    }

    /// Where `scene`'s area starts on the desktop: its window's content position; nil when there is
    /// no window for it or the windowing system hides positions (Wayland).
    public func desktopOrigin(of scene: WindowScene) -> Point? {
        windows[ObjectIdentifier(scene)]?.position
    }

    /// What to add to the model's screen coordinates of `scene` for the desktop's: where its window's
    /// content is minus where the scene is on the model's screen. Where the windowing system hides
    /// positions (Wayland) the window counts as at the desktop's origin, so coordinates are relative to
    /// the window. Nil without a window for the scene.
    public func desktopOffset(of scene: WindowScene) -> Point? {
        guard let window = windows[ObjectIdentifier(scene)] else { return nil }
        return (window.position ?? Point(x: 0, y: 0)) - scene.screenFrame.origin
    }

    /// Whether `scene` has a desktop window.
    public func hasWindow(for scene: WindowScene) -> Bool {
        windows[ObjectIdentifier(scene)] != nil
    }

    // MARK: Windows

    private func open(_ scene: WindowScene) {
        guard windows[ObjectIdentifier(scene)] == nil else { return }
        let id = DisplayWindowID(nextWindowNumber)
        nextWindowNumber += 1
        let window = SceneWindow(id: id, scene: scene)
        window.visible = Self.isShown(scene)
        windows[ObjectIdentifier(scene)] = window
        scenesByWindow[id] = window
        server.send(.open(id, title: Self.title(of: scene), frame: scene.screenFrame, visible: window.visible))
        sendSizeLimits(of: scene, to: window)
        attachObservers(window)
        markDirty(window, full: true)
    }

    private func close(_ scene: WindowScene) {
        guard let window = windows.removeValue(forKey: ObjectIdentifier(scene)) else { return }
        scenesByWindow[window.id] = nil
        detachObservers(window)
        server.send(.close(window.id))
        if textInput?.window == window.id { updateTextInput() }
    }

    /// `findview (FindView)`: the scene's name and its plugin's (ASCII, which every window manager
    /// shows right whichever title property it reads).
    static func title(of scene: WindowScene) -> String {
        scene.pluginName.isEmpty ? scene.name : "\(scene.name) (\(scene.pluginName))"
    }

    /// Scenes in the foreground (active or not) are shown; background ones hidden.
    static func isShown(_ scene: WindowScene) -> Bool {
        switch scene.activationState {
        case .foregroundActive, .foregroundInactive: true
        case .background, .unattached: false
        @unknown default: false
        }
    }

    /// Observes the damage of every window of the scene (and only those).
    private func attachObservers(_ sceneWindow: SceneWindow) {
        guard let scene = sceneWindow.scene else { return }
        let current = Set(scene.windows.map(ObjectIdentifier.init))
        for (key, entry) in sceneWindow.observers where !current.contains(key) {
            entry.window.removeDamageObserver(entry.observer)
            sceneWindow.observers[key] = nil
        }
        for window in scene.windows where sceneWindow.observers[ObjectIdentifier(window)] == nil {
            let observer = window.addDamageObserver()
            observer.onDamage = { [weak self, weak sceneWindow] in
                guard let self, let sceneWindow, sceneWindow !== self.rendering else { return }
                self.markDirty(sceneWindow)
            }
            sceneWindow.observers[ObjectIdentifier(window)] = (window, observer)
        }
    }

    private func detachObservers(_ sceneWindow: SceneWindow) {
        for entry in sceneWindow.observers.values {
            entry.window.removeDamageObserver(entry.observer)
        }
        sceneWindow.observers = [:]
    }

    // MARK: Frames

    private func markDirty(_ window: SceneWindow, full: Bool = false) {
        window.dirty = true
        if full { window.needsFullFrame = true }
        dirtiedDuringDrain = true
        scheduleFrame()
    }

    /// Renders at the next refresh (at once when the last frame is a refresh old), or at once for
    /// discrete input (``FramePacing``). A callback a later request replaced does nothing.
    private func scheduleFrame(_ cause: FramePacing.Cause = .change) {
        guard let (ticket, wait) = pacing.request(cause, now: Self.now()) else { return }
        let render: @Sendable () -> Void = { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.pacing.isCurrent(ticket) else { return }
                self.renderFrames()
            }
        }
        if wait <= 0 {
            DispatchQueue.main.async(execute: render)
        } else {
            DispatchQueue.main.asyncAfter(deadline: .now() + wait, execute: render)
        }
    }

    private func renderFrames() {
        pacing.frameDrawn(at: Self.now())
        var presented = false
        for window in windows.values where window.dirty {
            guard let scene = window.scene else { continue }
            guard window.visible else { continue }  // drawn when shown again
            // A scene process's picture of a press or release is drawn once the process answered it
            // (the answer follows the picture in the same turn), so that the frame carries its serial.
            guard !owedByProcesses.contains(where: { $0.scene === scene }) else { continue }
            // A stand-in just resized is drawn once its process's picture of the new size is there
            // (``sceneGeometryDidChange(_:from:)`` draws it then), not once more with the old one.
            guard deviceInput.isolation?.scene(standingIn: scene)?.awaitsPictureOfNewSize != true else { continue }
            window.dirty = false
            let frame: CompositeFrame
            rendering = window
            defer { rendering = nil }
            do {
                frame = try renderer.renderScene(scene, scale: 1)
            } catch {
                logger.error("display: cannot draw scene \(scene.name): \(error)")
                continue
            }
            // The rendering resolved every pending change; what the observers hold is in this frame.
            for entry in window.observers.values { _ = entry.observer.takeRegion() }
            let full = PixelRect(x: 0, y: 0, width: frame.image.width, height: frame.image.height)
            let damage = window.needsFullFrame ? [full] : frame.damage
            window.needsFullFrame = false
            guard !damage.isEmpty else { continue }
            server.present(window.id, image: frame.image, damage: damage, inputSerial: drawnThrough)
            framesHandedOver += 1
            presented = true
        }
        if !presented { server.inputsShowedNothing(through: drawnThrough) }
        pendingWorkRegistry.setNeedsCheck()
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    // MARK: Events from the display

    /// Handles every event the display thread queued, but those read after an input a scene process
    /// has not answered yet (``DesktopInputOrder``): they are handled once it answered.
    func drain() {
        inputOrder.hold(server.takeEvents())
        handleHeldEvents()
    }

    /// The events the display read and the board has not handled, held while a scene process owes
    /// the answer of an input read before them: one order across scenes.
    private lazy var inputOrder = DesktopInputOrder<DisplayEvent, ObjectIdentifier>(limit: Self.nanoseconds(server.options.inputWaitLimit))

    /// Whether ``handleHeldEvents()`` is running: an answer reported during it (a process that is
    /// down answers at once) lets its loop go on instead of starting another.
    private var handlingHeldEvents = false

    /// Handles the held events in order until one goes to a scene process that must answer it first,
    /// then carries out what the batch changed (text input, a frame at once, the display thread's
    /// wait, idle checks).
    private func handleHeldEvents() {
        guard !handlingHeldEvents else { return }
        handlingHeldEvents = true
        defer { handlingHeldEvents = false }
        dirtiedDuringDrain = false
        discreteInputInDrain = false
        let serialBefore = lastSerial
        while let event = inputOrder.next() {
            handle(event)
        }
        updateTextInput()
        // What a press, release or key changed is drawn at once, not at the next refresh slot, also in
        // a window that already owed a frame (its damage observer does not call back twice).
        let owesFrame = windows.values.contains { $0.dirty && $0.visible }
        if FramePacing.drawsAtOnce(discreteInput: discreteInputInDrain, reportedDamage: dirtiedDuringDrain, windowOwesFrame: owesFrame) {
            scheduleFrame(.discreteInput)
        }
        // After the text-input command the batch led to: the display thread then reads on. A press or
        // release a scene process still owes an answer for is handled once it answered (its window
        // list, which says whether a field now edits, comes before the answer).
        server.inputsHandled(through: drawnThrough)
        if lastSerial != serialBefore, !dirtiedDuringDrain, !frameScheduled {
            server.inputsShowedNothing(through: drawnThrough)
        }
        pendingWorkRegistry.setNeedsCheck()
    }

    /// The serials of presses and releases sent to scene processes and not yet answered: their
    /// input-to-photon samples end when the process's picture of them is presented, not when the
    /// board forwarded them (the board's own frames then hold no change of theirs).
    private var owedByProcesses: [(serial: UInt64, scene: WindowScene)] = []

    /// The input serial the frames drawn now show the effects of: the last handled, or the one
    /// before the oldest a scene process still owes a picture of.
    private var drawnThrough: UInt64 { owedByProcesses.map(\.serial).min().map { $0 - 1 } ?? lastSerial }

    /// A press or release (serial `serial`) went to `isolated`'s process: once it answered, its
    /// picture is drawn with the serial, or, when it drew nothing, the input is acknowledged as
    /// showing nothing.
    private func awaitPhoton(from isolated: IsolatedScene, through serial: UInt64) {
        guard let standIn = isolated.scene else { return }
        owedByProcesses.append((serial, standIn))
        let process = ObjectIdentifier(isolated)
        order(inputOrder.forwarded(serial: serial, to: process, now: Self.nanoseconds(Self.now())))
        // A scene process answers records at the end of its turn, after the frames it drew for them
        // (which its stand-in's desktop window holds back until then): by the answer, their pictures
        // are in the stand-in (its window owes a frame) or there are none.
        isolated.process.whenPostedRecordsAnswered { [weak self] in
            guard let self else { return }
            defer { order(inputOrder.answered(serial: serial, by: process)) }
            guard let owed = owedByProcesses.firstIndex(where: { $0.serial == serial }) else { return }
            owedByProcesses.remove(at: owed)
            updateTextInput()
            server.inputsHandled(through: drawnThrough)
            let owesFrame = windows.values.contains { $0.dirty && $0.visible }
            if owesFrame {
                scheduleFrame(.discreteInput)
            } else if !frameScheduled {
                server.inputsShowedNothing(through: drawnThrough)
            }
        }
    }

    /// Carries out what ``inputOrder`` decided: handles the events it let go, or ends the wait it
    /// began at its deadline.
    private func order(_ decision: DesktopInputOrder<DisplayEvent, ObjectIdentifier>.Decision) {
        switch decision {
        case .none:
            break
        case .resume:
            handleHeldEvents()
        case .waitUntil(let deadline):
            armOrderTimer(inputOrderTimer.wake(at: deadline))
        }
    }

    /// The timer that ends a wait of ``inputOrder`` at its deadline, armed lazily: a wait begun while
    /// it is armed for an earlier one keeps it (a wait's deadline is always its start plus the same
    /// limit), and it arms itself again for the latest when it fires; one wake-up per limit at most,
    /// however fast the input.
    private var inputOrderTimer = LazyTimer()

    private func armOrderTimer(_ decision: LazyTimer.Decision) {
        switch decision {
        case .keep:
            break
        case .arm(let deadline):
            let wait = Double(deadline - min(deadline, Self.nanoseconds(Self.now()))) / 1e9
            DispatchQueue.main.asyncAfter(deadline: .now() + wait) { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.armOrderTimer(self.inputOrderTimer.fired(at: Self.nanoseconds(Self.now())))
                }
            }
        case .run:
            let decision = inputOrder.deadlinePassed(now: Self.nanoseconds(Self.now()))
            if decision == .resume {
                logger.info("display: a scene process did not answer an input within \(server.options.inputWaitLimit) s; the desktop's input goes on without it")
            }
            order(decision)
        }
    }

    private static func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(max(0, seconds) * 1e9) }

    /// A key or typed text went to the scene process whose window is the key window: as for a press,
    /// the display reads on once it answered, so that what the key did is published before what the
    /// desktop's next input does to another scene (one process's order: a key, then the click that
    /// activates another scene), and its picture carries the key's serial.
    private func awaitKeyScene() {
        if let isolated = deviceInput.isolation?.keyScene { awaitPhoton(from: isolated, through: lastSerial) }
    }

    private func handle(_ event: DisplayEvent) {
        if let serial = event.serial {
            if serial <= lastSerial { outOfOrderInputs += 1 }
            lastSerial = max(lastSerial, serial)
        }
        switch event {
        case .ready(let info):
            self.info = info
            frameInterval = 1 / max(1, info.refreshRate)
            pacing.interval = frameInterval
            logger.info("display: \(info.driver), \(windows.count) window(s), \(Int(info.refreshRate.rounded())) Hz")
            onReady?(info)
        case .failed(let error):
            logger.warning("display: \(error.message)")
            onFailure?(error)
        case .fingers(let id, let changes, let timestamp, _):
            guard let window = scenesByWindow[id], let scene = window.scene else { return }
            // No raise here: a window manager focuses the clicked window itself (before the click
            // arrives); without one, the model's click to focus (the touched scene's key window
            // becomes the application's) already sends the keyboard there, and a late asynchronous
            // focus change would reset the modifiers of the pointer's next press.
            let steps = changes.map { FingerStep(slot: $0.finger, phase: Self.phase($0.phase), location: $0.location) }
            if steps.allSatisfy({ $0.phase == .move }) { movesDelivered += 1 } else { discreteInputInDrain = true }
            deviceInput.deliver(.touches(scene: scene.name, steps), timestamp: eventTime(timestamp))
            if let isolated = deviceInput.isolation?.scene(standingIn: scene), steps.contains(where: { $0.phase != .move }) {
                awaitPhoton(from: isolated, through: lastSerial)
            }
        case .key(_, let key, let timestamp, _):
            discreteInputInDrain = true
            switch key {
            case .key(let key, let isDown, _):
                deviceInput.deliver(.keyboard(.press(key, isDown ? .began : .ended)), timestamp: eventTime(timestamp))
            case .media(let subtype):
                deviceInput.deliver(.keyboard(.mediaKey(subtype)), timestamp: eventTime(timestamp))
            }
            awaitKeyScene()
        case .text(_, let text, let timestamp, _):
            do throws(InputError) {
                try KeyboardInput.checkTypedText(text)
                discreteInputInDrain = true
                deviceInput.deliver(.keyboard(.text(text)), timestamp: eventTime(timestamp))
                awaitKeyScene()
            } catch {
                logger.info("display: typed text ignored: \(error.message)")
            }
        case .focus(let id, let gained, let timestamp, _):
            guard let window = scenesByWindow[id], let scene = window.scene else { return }
            deviceInput.deliver(.focus(scene: scene.name, gained: gained), timestamp: eventTime(timestamp))
        case .wheel(let id, let location, let steps, let timestamp, _):
            guard let window = scenesByWindow[id], let scene = window.scene else { return }
            let delta = steps.delta(stepDistance: application.settings.wheelStepDistance)
            deviceInput.deliver(.wheel(scene: scene.name, location: location, delta: delta), timestamp: eventTime(timestamp))
        case .hover(let id, let location, let timestamp, _):
            guard let window = scenesByWindow[id], let scene = window.scene, deviceInput.sceneListensForHover(scene) else { return }
            deviceInput.deliver(.hover(scene: scene.name, location: location), timestamp: eventTime(timestamp))
        case .moved(let id, let position):
            scenesByWindow[id]?.position = position
        case .resized(let id, let size):
            guard let window = scenesByWindow[id] else { return }
            window.size = size
            markDirty(window, full: true)
            if let scene = window.scene { windowWasResized(window, scene: scene, to: size) }
        case .closeRequested(let id):
            guard let window = scenesByWindow[id], let scene = window.scene else { return }
            logger.info("display: the window of scene \(scene.name) was closed; disconnecting the scene")
            application.disconnect(scene)
        }
    }

    /// The time an event happened for the model: SDL's (monotonic seconds, the real clock's scale),
    /// or the model's own now on a virtual clock, where real time means nothing.
    private func eventTime(_ timestamp: Double) -> Double? {
        clockMode == .real ? timestamp : nil
    }

    static func phase(_ phase: FingerChange.Phase) -> InputSample.Phase {
        switch phase {
        case .down: .down
        case .move: .move
        case .up: .up
        case .cancel: .cancel
        }
    }

    /// Text input is on while the key window's first responder takes text (a text field editing),
    /// in the desktop window of its scene, with the candidate window at the field; for a scene in a
    /// process of its own, as its window list says (asked again whenever a list comes).
    private func updateTextInput() {
        var wanted: (window: DisplayWindowID, caret: Rect?)?
        if let keyWindow = application.keyWindow, let isolated = deviceInput.isolation?.scene(of: keyWindow) {
            // A scene in a process of its own: where its window list says its first responder edits.
            if let caret = isolated.textInput(of: keyWindow), let scene = keyWindow.windowScene, let window = windows[ObjectIdentifier(scene)] {
                wanted = (window.id, caret)
            }
        } else if let keyWindow = application.keyWindow, let responder = keyWindow.firstResponder, responder is any KeyInput,
            let scene = keyWindow.windowScene, let window = windows[ObjectIdentifier(scene)]
        {
            var caret: Rect?
            if let view = responder as? View {
                let origin = keyWindow.convertToScreen(view.convert(view.bounds.origin, to: nil)) - scene.screenFrame.origin
                caret = Rect(origin: origin, size: view.bounds.size)
            }
            wanted = (window.id, caret)
        }
        guard wanted?.window != textInput?.window || wanted?.caret != textInput?.caret else { return }
        textInput = wanted
        server.send(.textInput(wanted?.window, caret: wanted?.caret))
    }

    // MARK: Sizes [LY-10, LY-11]

    /// The user (or the window manager) gave the window `size`: the scene takes it, or the nearest
    /// size its restrictions allow, and then the window is asked for that size (a window manager
    /// honours the limits itself; without one nothing stops a resize, so the host puts it right).
    private func windowWasResized(_ window: SceneWindow, scene: WindowScene, to size: Size) {
        // A scene of 390.5 points has a window of 391 pixels: that is its size, not a resize.
        guard size != Self.wholePixels(scene.screenFrame.size) else { return }
        let allowed = scene.sizeRestrictions.clamp(size)
        if allowed != scene.screenFrame.size {
            do throws(ApplicationError) {
                try scene.resize(to: allowed)
                logger.info("display: the window of scene \(scene.name) was resized to \(size)")
            } catch {
                logger.warning("display: cannot resize scene \(scene.name) to \(size) with its window: \(error.message)")
            }
        }
        let wanted = Self.wholePixels(scene.screenFrame.size)
        if wanted != size { requestSize(wanted, of: window) }
    }

    private func requestSize(_ size: Size, of window: SceneWindow) {
        window.size = size
        server.send(.resize(window.id, to: size))
    }

    /// A size as a desktop window has it: whole pixels (points rounded), at least 1 × 1.
    static func wholePixels(_ size: Size) -> Size {
        Size(width: max(1, size.width.rounded()), height: max(1, size.height.rounded()))
    }

    private func sendSizeLimits(of scene: WindowScene, to window: SceneWindow) {
        let restrictions = scene.sizeRestrictions
        server.send(.setSizeLimits(window.id, minimum: restrictions.minimumSize, maximum: restrictions.maximumSize))
    }

    // MARK: ApplicationObserver

    public func sceneGeometryDidChange(_ scene: WindowScene, from previousFrame: Rect) {
        guard let window = windows[ObjectIdentifier(scene)] else { return }
        let wanted = Self.wholePixels(scene.screenFrame.size)
        if window.size != wanted { requestSize(wanted, of: window) }
        markDirty(window, full: true)
        // The board's isolation heard the change first (it observes from the board's start) and
        // sent the new size to the scene process.
        deviceInput.isolation?.scene(standingIn: scene)?.whenPictureOfNewSizeArrives { [weak self, weak window] in
            guard let self, let window, window.dirty else { return }
            scheduleFrame()
        }
    }

    public func sceneSizeRestrictionsDidChange(_ scene: WindowScene) {
        guard let window = windows[ObjectIdentifier(scene)] else { return }
        sendSizeLimits(of: scene, to: window)
    }

    public func sceneDidConnect(_ scene: WindowScene) {
        open(scene)
    }

    public func sceneDidDisconnect(_ scene: WindowScene) {
        close(scene)
    }

    public func sceneActivationDidChange(_ scene: WindowScene, to state: WindowScene.ActivationState) {
        guard let window = windows[ObjectIdentifier(scene)] else { return }
        let shown = Self.isShown(scene)
        guard shown != window.visible else { return }
        window.visible = shown
        server.send(.setVisible(window.id, shown))
        if shown { markDirty(window, full: true) }
    }

    public func windowsDidChange(in scene: WindowScene) {
        guard let window = windows[ObjectIdentifier(scene)] else { return }
        attachObservers(window)
        markDirty(window)
    }

    public func windowDidBecomeVisible(_ window: Window) {
        if let scene = window.windowScene, let sceneWindow = windows[ObjectIdentifier(scene)] { markDirty(sceneWindow) }
    }

    public func windowDidBecomeHidden(_ window: Window) {
        windowDidBecomeVisible(window)
    }

    public func firstResponderDidChange(in window: Window, from old: Responder?, to new: Responder?) {
        updateTextInput()
    }

    public func applicationKeyWindowDidChange(from old: Window?, to new: Window?) {
        updateTextInput()
    }
}

/// The display thread's way back to its controller, which may be gone.
@MainActor
private final class WeakDisplay {
    weak var display: DesktopDisplay?
}
