/// The root of the model: owns the scenes and dispatches every event: UIKit's `UIApplication`.
///
/// There is no shared instance: the host creates one and passes it in; views reach it through
/// `window?.windowScene?.application`. Time comes from the injected ``clock``.
///
/// The host feeds input through ``touchDown(at:timestamp:)`` and friends (or
/// ``dispatch(_:timestamp:)`` for multi-finger frames), ``sendMotion(_:phase:timestamp:)`` and
/// ``sendRemoteControl(_:timestamp:)``; everything the model does is reported to the
/// ``ApplicationObserver``s. All of it runs synchronously on the main actor.
@MainActor
open class Application: Responder {
    /// The clock every timestamp and timer comes from.
    public let clock: any EventClock
    /// Thresholds; see ``InteractionSettings``.
    public var settings: InteractionSettings
    /// The delegate; the end of the responder chain when it is a plain responder [RC-1].
    public weak var delegate: (any ApplicationDelegate)?
    /// Topics for which the model reports ``ApplicationObserver/diagnostic(_:_:)`` messages.
    public var diagnostics: DiagnosticTopics = []
    /// Measures text for sizes that come from it [LY-6] (the host's renderer gives it); nil: views
    /// sized by their text have no intrinsic size.
    public var textMeasurer: (any TextMeasuring)?

    // Read on every delivery. Unchecked exclusivity (short accesses, UnretainedAccess.swift):
    // `notifyObservers` iterates a copy, so an observer added or removed from a callback cannot
    // overlap the iteration.
    @exclusivity(unchecked) var observers: [any ApplicationObserver] = []
    var scenes: [WindowScene] = []
    private var orderCounter: UInt64 = 0
    private var activationCounter: UInt64 = 0
    private var connectionCounter: UInt64 = 0
    private var frontToBackCache: [Window]?
    /// The application's key window [WS-4].
    public private(set) var keyWindow: Window?
    /// The one touches event, reused for every multi-touch sequence [TD-6].
    let touchEvent: Event
    var nextTouchIdentifier: UInt64 = 1
    /// True between ``beginReceivingRemoteControlEvents()`` and ``endReceivingRemoteControlEvents()`` [FR-9].
    public internal(set) var isReceivingRemoteControlEvents = false
    var shakeTimer: ClockTimer?
    weak var shakeScene: WindowScene?
    weak var shakeHandler: Responder?
    /// Presses whose key is down, by key [KB-1].
    var livePresses: [KeyboardHIDUsage: Press] = [:]
    /// Presses whose `began` the application's keyboard behaviour handled [KB-3].
    var pressesHandledByApplication: Set<ObjectIdentifier> = []
    /// Where the trackpad scroll gesture in progress is routed [SV-18, SV-20].
    var scrollLatch = ScrollLatch.idle
    /// The hover recognizers the pointer is over, began or changed [SV-21].
    var hoveredRecognizers: [HoverGestureRecognizer] = []
    /// The running view animations and their frames [AN-2].
    let animator: ViewAnimator

    public init(clock: any EventClock, settings: InteractionSettings = InteractionSettings()) {
        self.clock = clock
        self.settings = settings
        self.animator = ViewAnimator(clock: clock)
        self.touchEvent = Event(type: .touches, timestamp: clock.now)
        super.init()
    }

    isolated deinit {
        shakeTimer?.cancel()
        for scene in scenes where scene._application === self {
            scene._application = nil
        }
    }

    /// The delegate when it is a plain responder (not a view, view controller or application) [RC-1].
    open override var next: Responder? {
        guard let responder = delegate as? Responder else { return nil }
        if responder is View || responder is ViewController || responder is Application { return nil }
        return responder
    }

    // MARK: Dispatch

    /// Dispatches `event` [TD-5]. Touches go to each window that owns touches in the event, in the
    /// order of those touches; motion and remote-control events go to the key window (which starts at
    /// its first responder, or at itself), or to the application itself when there is no key window
    /// [FR-8, FR-9]; presses go to the window they began in [KB-1]; scroll and hover events go to the
    /// window under the pointer [SV-18, SV-21]. Overrides must call `super`.
    open func sendEvent(_ event: Event) {
        switch event.type {
        case .touches:
            dispatchTouchesToWindows(event)
        case .motion, .remoteControl:
            if let keyWindow {
                keyWindow.sendEvent(event)
            } else {
                deliverToSelf(event)
            }
        case .presses:
            if let window = event.press?.window {
                window.sendEvent(event)
            } else {
                deliverToSelf(event)
            }
        case .scroll, .hover:
            event.pointerWindow?.sendEvent(event)
        case .transform:
            break
        }
    }

    /// Sends `action` [RC-3, RC-4].
    ///
    /// With a `target`, the action is performed on it without consulting the responder chain, and
    /// the call returns true. With a nil target, the search starts at the first responder of the
    /// sender's window, else the key window's first responder, else the sender itself (when it is a
    /// responder), and walks the chain with ``Responder/target(forAction:withSender:)``; the first
    /// responder that can perform it does, and the call returns true. It returns false when nobody
    /// can. Observers hear about every dispatch (``ApplicationObserver/actionWasSent(_:from:to:event:)``).
    @discardableResult
    open func sendAction(_ action: Selector, to target: AnyObject?, from sender: AnyObject?, for event: Event?) -> Bool {
        if let target {
            _ = (target as? any ActionTarget)?.perform(action, sender: sender, event: event)
            diagnose(.responderChain, "action \(action) → explicit target \(ViewReference.describe(target))")
            notifyObservers { $0.actionWasSent(action, from: sender, to: target, event: event) }
            return true
        }
        let start = nilTargetedActionStart(sender: sender)
        guard let receiver = start?.target(forAction: action, withSender: sender) else {
            diagnose(.responderChain, "action \(action) from \(sender.map(ViewReference.describe) ?? "nil"): no responder implements it")
            notifyObservers { $0.actionWasSent(action, from: sender, to: nil, event: event) }
            return false
        }
        _ = (receiver as? any ActionTarget)?.perform(action, sender: sender, event: event)
        diagnose(.responderChain, "action \(action) → \(ViewReference.describe(receiver)) (nil-targeted)")
        notifyObservers { $0.actionWasSent(action, from: sender, to: receiver, event: event) }
        return true
    }

    // MARK: Observers

    /// Adds an observer; observers are called in the order they were added.
    public func addObserver(_ observer: any ApplicationObserver) {
        observers.append(observer)
    }

    /// Removes an observer (by identity).
    public func removeObserver(_ observer: any ApplicationObserver) {
        observers.removeAll { $0 === observer }
    }

    @inline(__always)
    var hasObservers: Bool { !observers.isEmpty }

    @inline(__always)
    func notifyObservers(_ body: (any ApplicationObserver) -> Void) {
        guard !observers.isEmpty else { return }
        for observer in observers { body(observer) }
    }

    /// Sends a diagnostic message when `topic` is enabled; the message is only built then.
    @inline(__always)
    func diagnose(_ topic: DiagnosticTopics, _ message: @autoclosure () -> String) {
        guard diagnostics.contains(topic), hasObservers else { return }
        let text = message()
        notifyObservers { $0.diagnostic(topic, text) }
    }

    // MARK: Scenes [WS-1]

    /// Connected scenes, in the order they connected.
    public var connectedScenes: [WindowScene] { scenes }

    /// The connected scene called `name`.
    public func scene(named name: String) -> WindowScene? {
        scenes.first { $0.name == name }
    }

    /// Connects a scene: creates it, lets `delegate` build its windows
    /// (``SceneDelegate/scene(_:willConnectWith:)``), then moves it to foreground-inactive
    /// (`willEnterForeground`). Call ``WindowScene/activate()`` to make it receive touches.
    ///
    /// - Throws: ``ApplicationError`` when `name` is already used or is not `[A-Za-z0-9_-]+`.
    @discardableResult
    public func connectScene(
        named name: String, pluginName: String = "", delegate: (any SceneDelegate)?,
        options: [String: String] = [:], screenFrame: Rect
    ) throws(ApplicationError) -> WindowScene {
        try connectScene(
            named: name, pluginName: pluginName, delegate: delegate, options: options, screenFrame: screenFrame,
            sizeRestrictions: .none)
    }

    /// Connects a scene as ``connectScene(named:pluginName:delegate:options:screenFrame:)`` does, with
    /// `sizeRestrictions` in place before the delegate builds it [LY-11] (the delegate may change
    /// them). A `screenFrame` whose size is outside them is clamped into them.
    @discardableResult
    public func connectScene(
        named name: String, pluginName: String, delegate: (any SceneDelegate)?,
        options: [String: String], screenFrame: Rect, sizeRestrictions: SceneSizeRestrictions
    ) throws(ApplicationError) -> WindowScene {
        try Application.validateSceneName(name)
        guard scene(named: name) == nil else {
            throw ApplicationError(
                code: .duplicateSceneName,
                message: "a scene named '\(name)' is already connected: choose another name or disconnect it first")
        }
        connectionCounter += 1
        let scene = WindowScene(
            name: name, pluginName: pluginName, options: options, screenFrame: screenFrame,
            delegate: delegate, application: self, connectionNumber: connectionCounter)
        let restrictions = sizeRestrictions.normalized
        scene._sizeRestrictions = restrictions
        scene.screenFrame.size = restrictions.clamp(screenFrame.size)
        scenes.append(scene)
        delegate?.scene(scene, willConnectWith: options)
        scene.enterForeground()
        notifyObservers { $0.sceneDidConnect(scene) }
        return scene
    }

    /// Disconnects `scene`: it goes to the background (cancelling its touches), its windows are hidden
    /// and detached, it becomes unattached (`sceneDidDisconnect`) and leaves ``connectedScenes``.
    public func disconnect(_ scene: WindowScene) {
        guard scenes.contains(where: { $0 === scene }) else { return }
        scene.sendToBackground()
        for window in scene._windows {
            window.isHidden = true
        }
        for window in scene._windows {
            window.windowScene = nil
        }
        scene.setState(.unattached)
        scene.delegate?.sceneDidDisconnect(scene)
        scenes.removeAll { $0 === scene }
        scene._application = nil
        windowOrderDidChange()
        notifyObservers { $0.sceneDidDisconnect(scene) }
        updateKeyWindow()
    }

    /// Checks that `name` can name a scene (`[A-Za-z0-9_-]+`, since it becomes a D-Bus path element),
    /// so a host can refuse a bad name before it loads anything.
    ///
    /// - Throws: ``ApplicationError`` with code `invalidSceneName`, quoting the name.
    public nonisolated static func validateSceneName(_ name: String) throws(ApplicationError) {
        guard !name.isEmpty, name.utf8.allSatisfy({ Application.isSceneNameByte($0) }) else {
            throw ApplicationError(
                code: .invalidSceneName,
                message: "scene name '\(name)' is invalid: use letters, digits, '_' or '-' (it becomes a D-Bus path element)")
        }
    }

    private nonisolated static func isSceneNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte == 0x2D
    }

    func nextActivationSequence() -> UInt64 {
        activationCounter += 1
        return activationCounter
    }

    func sceneWillResignActive(_ scene: WindowScene) {
        if shakeScene === scene, shakeTimer != nil {
            sendMotion(.motionShake, phase: .cancelled)
        }
        cancelPresses { $0.window?._windowScene === scene }
    }

    // MARK: Windows [WS-3, WS-4]

    /// Every window of every connected scene, back to front.
    public var windows: [Window] { windowsFrontToBack.reversed() }

    /// Windows front to back: higher level first, then most recently ordered front.
    var windowsFrontToBack: [Window] {
        if let cached = frontToBackCache { return cached }
        let sorted = scenes.flatMap(\._windows).sorted {
            ($0._level, $0.orderSequence) > ($1._level, $1.orderSequence)
        }
        frontToBackCache = sorted
        return sorted
    }

    func nextOrderSequence() -> UInt64 {
        orderCounter += 1
        return orderCounter
    }

    func windowOrderDidChange() {
        frontToBackCache = nil
    }

    /// [WS-4] the key window of the most recently activated foreground-active scene.
    func updateKeyWindow() {
        let scene = scenes.filter { $0.activationState == .foregroundActive }.max { $0.activationSequence < $1.activationSequence }
        let newKey = scene?.keyWindow
        guard newKey !== keyWindow else { return }
        let old = keyWindow
        keyWindow = newKey
        notifyObservers { $0.applicationKeyWindowDidChange(from: old, to: newKey) }
    }

    func subtreeDidLeaveWindow(_ root: View) {
        if let handler = shakeHandler as? View, handler === root || handler.isDescendant(of: root), shakeTimer != nil {
            sendMotion(.motionShake, phase: .cancelled)
        }
    }
}
