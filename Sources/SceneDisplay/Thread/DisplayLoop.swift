internal import CSDL2
import Foundation
import Glibc
import SceneCore
import SceneRender
import SceneSync

/// The display thread's body: SDL's whole life (hints, init, windows, the event loop, shutdown).
/// Created and run on the display thread and never shared: every SDL call of the process is made
/// here (except the thread-safe `SDL_PushEvent` that wakes it).
final class DisplayLoop {
    private let server: DisplayServer
    private let options: DisplayOptions
    private var windows: [DisplayWindowID: SDLWindow] = [:]
    private var bySDLID: [UInt32: DisplayWindowID] = [:]
    private var pointer: PointerFingers
    /// The window the pointer's fingers went down in.
    private var pointerWindow: DisplayWindowID?
    /// Where a window's two-finger pair is centred once a Shift-drag moved it (the window's centre
    /// before).
    private var pairCenters: [DisplayWindowID: Point] = [:]
    private var touchscreen = TouchscreenFingers()
    /// The pointer hovering with its button up.
    private var hover = PointerHover()
    private var serial: UInt64 = 0
    /// The modifiers held as of the last event handled (`SDL_Keymod` bits of the last key event):
    /// SDL's own `SDL_GetModState` is the state after every event SDL has read from the windowing
    /// system, which can be ahead of the event being handled.
    private var modifiers = 0
    /// Seconds to add to SDL's ticks (milliseconds since `SDL_Init`) for `CLOCK_MONOTONIC` seconds.
    private var clockOffset = 0.0
    /// Focus losses held until the end of the event batch, so that a gain in the same batch is
    /// reported first (one key-window change instead of two).
    private var heldFocusLosses: [(DisplayWindowID, Double)] = []
    /// Arrival times of finger downs and ups not yet shown by a frame.
    private var arrivals: [(serial: UInt64, time: Double)] = []
    private var latencies: [Double] = []
    private var running = true
    /// Whether SDL makes text of key presses now (the owner's last `.textInput` command).
    private var textInputOn = false
    /// An input was posted while text input was off that could make the owner turn it on (a tap on
    /// a text field, Tab, a focus change): no more events are read from the desktop until the owner
    /// has handled it, because SDL decides whether a key press is also text when it reads it.
    private var awaitedInput: UInt64?

    init(server: DisplayServer) {
        self.server = server
        options = server.options
        pointer = PointerFingers(modifier: server.options.twoFingerModifier)
    }

    func run() {
        setHints()
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
            let reason = String(cString: SDL_GetError())
            // A failed SDL_Init leaves what it started (the video bootstrap, SDL's D-Bus connection)
            // until SDL_Quit, which is safe after a failure.
            SDL_Quit()
            let environment = ProcessInfo.processInfo.environment
            let names = DisplayEnvironment.variables.map { "\($0)=\(environment[$0].map { "'\($0)'" } ?? "unset")" }
            server.events.post(.failed(DisplayError(message: "SDL could not open a display (\(names.joined(separator: ", "))): \(reason)")))
            return
        }
        SDL_StopTextInput()
        modifiers = Int(SDL_GetModState().rawValue)
        clockOffset = Self.monotonicNow() - Double(SDL_GetTicks64()) / 1000
        let wakeType = SDL_RegisterEvents(1)
        let driver = String(cString: SDL_GetCurrentVideoDriver())
        var mode = SDL_DisplayMode()
        let refresh = SDL_GetCurrentDisplayMode(0, &mode) == 0 && mode.refresh_rate > 0 ? Double(mode.refresh_rate) : 60
        server.counters.withLock { $0.driver = driver }
        server.channel.started(wakeType: wakeType)
        server.events.post(.ready(DisplayInfo(driver: driver, refreshRate: refresh, knowsWindowPositions: driver != "wayland")))
        // What was sent before SDL started pushed no wake-up: carry it out now.
        serve()
        var event = SDL_Event()
        while running {
            // Blocks until the desktop or the owner (a user event) has something; SDL ≥ 2.0.16
            // really sleeps here (no polling).
            if SDL_WaitEvent(&event) != 0 {
                handle(event)
                // Polling reads the desktop's events into SDL's queue; once an input awaits the
                // owner, only those already read (their text already decided) are handled.
                while awaitedInput == nil ? SDL_PollEvent(&event) != 0 : takeQueuedEvent(&event) { handle(event) }
            }
            for (window, time) in heldFocusLosses {
                postInput { .focus(window: window, gained: false, timestamp: time, serial: $0) }
            }
            heldFocusLosses = []
            serve()
            if let serial = awaitedInput {
                awaitOwner(through: serial)
                serve()
            }
        }
        server.channel.stopping()
        windows = [:]
        SDL_Quit()
    }

    /// The next event SDL has already queued, without reading the desktop's (no `SDL_PumpEvents`).
    private func takeQueuedEvent(_ event: inout SDL_Event) -> Bool {
        SDL_PeepEvents(&event, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) > 0
    }

    /// Waits until the owner has handled input `serial` (and so sent the `.textInput` command it
    /// led to, which the following `serve()` carries out), at most the configured limit.
    private func awaitOwner(through serial: UInt64) {
        server.counters.withLock { $0.awaitedInput = serial }
        let handled = server.channel.waitUntilHandled(serial, timeout: options.inputWaitLimit)
        awaitedInput = nil
        server.counters.withLock { counters in
            counters.awaitedInput = nil
            counters.inputWaits += 1
            if !handled { counters.inputWaitTimeouts += 1 }
        }
    }

    private func setHints() {
        // The host handles SIGINT/SIGTERM itself.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // A scene on the screen is no reason to keep the screen awake.
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        // Wayland when there is one (SDL2 would prefer X11), else X11; never a silent offscreen
        // window or KMSDRM.
        SDL_SetHint(SDL_HINT_VIDEODRIVER, options.driver == .offscreen ? "offscreen" : "wayland,x11")
        // With auto-capture, X11 without a window manager reported drags against the focused window.
        SDL_SetHint(SDL_HINT_MOUSE_AUTO_CAPTURE, "0")
        // One finger is never two: no mouse events made from touches, no touches made from the mouse.
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        // A click on a window that is not focused is a touch, as on a desktop with click-through.
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        // Closing the last window is not quitting: the host is a service.
        SDL_SetHint(SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE, "0")
        SDL_SetHint(SDL_HINT_APP_NAME, "SceneHost")
    }

    // MARK: Owner's commands and frames

    private func serve() {
        let batch = server.channel.takeBatch()
        for command in batch.commands { perform(command) }
        arrivals.removeAll { $0.serial <= batch.acknowledged }
        var presented: UInt64 = 0
        for (id, frame) in batch.frames {
            guard let window = windows[id] else { continue }
            if window.present(frame) {
                presented += 1
                recordLatencies(through: frame.inputSerial, presentedAt: Self.monotonicNow())
            }
        }
        for window in windows.values where window.needsPresent && batch.frames[window.id] == nil {
            window.present(nil)
        }
        server.counters.withLock { counters in
            counters.framesPresented += presented
            counters.framesCoalesced += batch.coalesced
            counters.windows = windows.count
            if !latencies.isEmpty {
                counters.inputToPhotonLatencies.append(contentsOf: latencies)
                let excess = counters.inputToPhotonLatencies.count - options.latencySampleLimit
                if excess > 0 { counters.inputToPhotonLatencies.removeFirst(excess) }
            }
        }
        latencies = []
        if batch.quit { running = false }
    }

    private func recordLatencies(through serial: UInt64, presentedAt time: Double) {
        while let first = arrivals.first, first.serial <= serial {
            latencies.append(time - first.time)
            arrivals.removeFirst()
        }
    }

    private func perform(_ command: DisplayCommand) {
        switch command {
        case .open(let id, let title, let frame, let visible):
            guard windows[id] == nil else { return }
            guard let window = SDLWindow(id: id, title: title, frame: frame, visible: visible) else {
                let reason = String(cString: SDL_GetError())
                FileHandle.standardError.write(Data("scene-host: display: cannot open the window '\(title)': \(reason)\n".utf8))
                return
            }
            windows[id] = window
            bySDLID[window.sdlID] = id
            reportPosition(of: window)
        case .close(let id):
            guard let window = windows.removeValue(forKey: id) else { return }
            cancelFingers(in: id)
            pairCenters[id] = nil
            bySDLID[window.sdlID] = nil
        case .setVisible(let id, let visible):
            guard let window = windows[id] else { return }
            if !visible { cancelFingers(in: id) }
            window.setVisible(visible)
            if visible { reportPosition(of: window) }
        case .setTitle(let id, let title):
            windows[id]?.setTitle(title)
        case .resize(let id, let size):
            windows[id]?.resize(to: size)
        case .setSizeLimits(let id, let minimum, let maximum):
            windows[id]?.setSizeLimits(minimum: minimum, maximum: maximum)
        case .raise(let id):
            windows[id]?.raise()
        case .textInput(let id, let caret):
            if let id, windows[id] != nil {
                if let caret {
                    var rect = SDL_Rect(
                        x: Int32(clamping: Int(caret.minX.rounded())), y: Int32(clamping: Int(caret.minY.rounded())),
                        w: Int32(clamping: Int(caret.width.rounded(.up))), h: Int32(clamping: Int(caret.height.rounded(.up))))
                    SDL_SetTextInputRect(&rect)
                }
                SDL_StartTextInput()
                textInputOn = true
            } else {
                SDL_StopTextInput()
                textInputOn = false
            }
        case .synthesizeTouch(let id, let fingers):
            guard let window = windows[id] else { return }
            for finger in fingers {
                var event = SDL_Event()
                switch finger.phase {
                case .down: event.type = SDL_FINGERDOWN.rawValue
                case .move: event.type = SDL_FINGERMOTION.rawValue
                case .up: event.type = SDL_FINGERUP.rawValue
                }
                event.tfinger.touchId = Self.syntheticTouchDevice
                event.tfinger.fingerId = finger.fingerID
                event.tfinger.x = Float(finger.x)
                event.tfinger.y = Float(finger.y)
                event.tfinger.pressure = 1
                event.tfinger.windowID = window.sdlID
                _ = SDL_PushEvent(&event)
            }
        }
    }

    /// The device of synthesized touches (not a real one, not SDL's mouse touch device).
    static let syntheticTouchDevice: Int64 = 0x5343_454E

    private func reportPosition(of window: SDLWindow) {
        let position: Point? = String(cString: SDL_GetCurrentVideoDriver()) == "wayland" ? nil : window.position
        server.events.post(.moved(window: window.id, position: position))
    }

    // MARK: SDL events

    private func handle(_ event: SDL_Event) {
        let time = hostTime(event.common.timestamp)
        switch SDL_EventType(event.type) {
        case SDL_WINDOWEVENT:
            handleWindowEvent(event.window, time: time)
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            handleButton(event.button, time: time)
        case SDL_MOUSEMOTION:
            handleMotion(event.motion, time: time)
        case SDL_MOUSEWHEEL:
            handleWheel(event.wheel, time: time)
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            handleFinger(event.tfinger, type: SDL_EventType(event.type), time: time)
        case SDL_KEYDOWN, SDL_KEYUP:
            let key = event.key
            modifiers = Int(key.keysym.mod)
            let window = bySDLID[key.windowID]
            guard
                let translated = KeyTranslation.key(
                    scancode: Int(key.keysym.scancode.rawValue), keycode: Int(key.keysym.sym), modifiers: Int(key.keysym.mod),
                    isDown: key.state == UInt8(SDL_PRESSED), isRepeat: key.repeat != 0)
            else { return }
            postInput { .key(window: window, translated, timestamp: time, serial: $0) }
        case SDL_TEXTINPUT:
            var text = event.text
            let string = withUnsafeBytes(of: &text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !string.isEmpty else { return }
            let window = bySDLID[event.text.windowID]
            postInput { .text(window: window, string, timestamp: time, serial: $0) }
        default:
            break
        }
    }

    private func handleWindowEvent(_ event: SDL_WindowEvent, time: Double) {
        guard let id = bySDLID[event.windowID], let window = windows[id] else { return }
        switch SDL_WindowEventID(UInt32(event.event)) {
        case SDL_WINDOWEVENT_FOCUS_GAINED:
            heldFocusLosses.removeAll { $0.0 == id }
            postInput { .focus(window: id, gained: true, timestamp: time, serial: $0) }
        case SDL_WINDOWEVENT_FOCUS_LOST:
            heldFocusLosses.append((id, time))
        case SDL_WINDOWEVENT_LEAVE:
            postHover(hover.leave(id), time: time)
        case SDL_WINDOWEVENT_MOVED:
            server.events.post(.moved(window: id, position: Point(x: Double(event.data1), y: Double(event.data2))))
        case SDL_WINDOWEVENT_SIZE_CHANGED:
            window.sizeChanged()
            server.events.post(.resized(window: id, size: window.size))
        case SDL_WINDOWEVENT_EXPOSED:
            window.repaint()
        case SDL_WINDOWEVENT_HIDDEN, SDL_WINDOWEVENT_MINIMIZED:
            cancelFingers(in: id)
        case SDL_WINDOWEVENT_CLOSE:
            server.events.post(.closeRequested(window: id))
        default:
            break
        }
    }

    private func handleButton(_ event: SDL_MouseButtonEvent, time: Double) {
        guard event.which != csdl_touch_mouse_id(), event.button == UInt8(SDL_BUTTON_LEFT) else { return }
        if event.state == UInt8(SDL_PRESSED) {
            guard let id = bySDLID[event.windowID], let window = windows[id], !pointer.isDown else { return }
            let location = Point(x: Double(event.x), y: Double(event.y))
            // The pointer is a finger now: its hover ends first.
            postHover(hover.end(), time: time)
            let changes = pointer.press(
                at: location, windowSize: window.size, modifiers: KeyTranslation.pointerModifiers(modifiers),
                pairCenter: pairCenters[id])
            pointerWindow = id
            postFingers(changes, in: id, time: time)
        } else {
            guard let id = pointerWindow, pointer.isDown else { return }
            // A release outside the window comes with no window (SDL lost the mouse focus at the
            // edge): the fingers lift where they last were.
            let location = bySDLID[event.windowID] == id ? Point(x: Double(event.x), y: Double(event.y)) : nil
            let wasPanning = if case .together = pointer.state { true } else { false }
            if wasPanning, let location { _ = pointer.move(to: location) }
            if wasPanning, let center = pointer.pairCenter { pairCenters[id] = center }
            let changes = pointer.release(at: location)
            pointerWindow = nil
            postFingers(changes, in: id, time: time)
        }
    }

    /// Motion with the pointer's finger down moves it; with the finger up it is a hover.
    private func handleMotion(_ event: SDL_MouseMotionEvent, time: Double) {
        guard event.which != csdl_touch_mouse_id() else { return }
        let location = Point(x: Double(event.x), y: Double(event.y))
        if pointer.isDown {
            guard let id = pointerWindow, bySDLID[event.windowID] == id else { return }
            postFingers(pointer.move(to: location), in: id, time: time)
        } else if let id = bySDLID[event.windowID] {
            postHover(hover.move(in: id, to: location), time: time)
        }
    }

    /// A wheel event over one of the windows, with the pointer where SDL last saw it in that window.
    private func handleWheel(_ event: SDL_MouseWheelEvent, time: Double) {
        guard event.which != csdl_touch_mouse_id(), let id = bySDLID[event.windowID] else { return }
        let steps = WheelSteps(
            preciseX: Double(event.preciseX), preciseY: Double(event.preciseY), flipped: event.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue)
        guard !steps.isZero else { return }
        let location = Point(x: Double(event.mouseX), y: Double(event.mouseY))
        postInput { serial in
            // A wheel step moves content at once: an input-to-photon sample, as a finger's down is.
            arrivals.append((serial, Self.monotonicNow()))
            return .wheel(window: id, location: location, steps, timestamp: time, serial: serial)
        }
    }

    private func postHover(_ changes: [PointerHover.Change], time: Double) {
        for change in changes {
            switch change {
            case .moved(let id, let location):
                postInput { .hover(window: id, location: location, timestamp: time, serial: $0) }
            case .left(let id):
                postInput { .hover(window: id, location: nil, timestamp: time, serial: $0) }
            }
        }
    }

    private func handleFinger(_ event: SDL_TouchFingerEvent, type: SDL_EventType, time: Double) {
        // SDL's synthetic touches made from the mouse: the pointer is already a finger.
        guard event.touchId != csdl_mouse_touch_id() else { return }
        let identity = TouchscreenFingers.Identity(device: event.touchId, finger: event.fingerId)
        let sizes: (DisplayWindowID) -> Size? = { [windows] in windows[$0]?.size }
        let result: (DisplayWindowID, FingerChange)?
        switch type {
        case SDL_FINGERDOWN:
            let id = bySDLID[event.windowID] ?? SDL_GetMouseFocus().flatMap { bySDLID[SDL_GetWindowID($0)] }
            guard let id, let window = windows[id] else { return }
            result = touchscreen.down(identity, x: Double(event.x), y: Double(event.y), window: id, size: window.size)
        case SDL_FINGERMOTION:
            result = touchscreen.move(identity, x: Double(event.x), y: Double(event.y), size: sizes)
        default:
            result = touchscreen.up(identity, x: Double(event.x), y: Double(event.y), size: sizes)
        }
        guard let (id, change) = result else { return }
        postFingers([change], in: id, time: time, showPointer: false)
    }

    private func cancelFingers(in id: DisplayWindowID) {
        var changes: [FingerChange] = []
        if pointerWindow == id {
            changes += pointer.cancel()
            pointerWindow = nil
        }
        changes += touchscreen.cancel(in: id)
        let now = Self.monotonicNow()
        postHover(hover.end(in: id), time: now)
        postFingers(changes, in: id, time: now)
    }

    private func postFingers(_ changes: [FingerChange], in id: DisplayWindowID, time: Double, showPointer: Bool = true) {
        if showPointer, options.drawsFingers, let window = windows[id] {
            window.showFingers(pointerWindow == id ? pointer.fingerLocations : [])
        }
        guard !changes.isEmpty else { return }
        let isMove = changes.allSatisfy { $0.phase == .move }
        postInput { serial in
            if !isMove { arrivals.append((serial, Self.monotonicNow())) }
            return .fingers(window: id, changes: changes, timestamp: time, serial: serial)
        }
        if isMove { server.counters.withLock { $0.moves += 1 } }
    }

    /// Numbers an input event and posts it (waiting while the owner's queue is full). With text input
    /// off, an input that could turn it on is awaited before more desktop events are read.
    private func postInput(_ make: (UInt64) -> DisplayEvent) {
        serial += 1
        let event = make(serial)
        if server.events.post(event) {
            server.counters.withLock { $0.inputEvents += 1 }
            if !textInputOn, options.inputWaitLimit > 0, Self.mayTurnTextInputOn(event) { awaitedInput = serial }
        }
    }

    /// Anything but a move, text, a wheel step or a hover can change the key window's first responder.
    private static func mayTurnTextInputOn(_ event: DisplayEvent) -> Bool {
        switch event {
        case .fingers(_, let changes, _, _): !changes.allSatisfy { $0.phase == .move }
        case .key, .focus: true
        case .text, .wheel, .hover, .ready, .failed, .moved, .resized, .closeRequested: false
        }
    }

    // MARK: Time

    /// An SDL event time (milliseconds since `SDL_Init`, 32 bits) in monotonic seconds.
    private func hostTime(_ ticks: UInt32) -> Double {
        let now = SDL_GetTicks64()
        // The newest 64-bit tick count whose low 32 bits are `ticks` and that is not after now.
        let back = UInt64(UInt32(truncatingIfNeeded: now) &- ticks)
        let full = now >= back ? now - back : 0
        return clockOffset + Double(full) / 1000
    }

    static func monotonicNow() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
