/// One scene of the application: a set of windows with a shared life-cycle, usually hosted from one
/// plugin: UIKit's `UIWindowScene`.
///
/// A scene has at most one key window [WS-4], lists its windows back to front [WS-3], and receives
/// touches only while `foregroundActive` [WS-1]. It is a responder: windows forward to it, and it
/// forwards to the application [RC-1].
@MainActor
open class WindowScene: Responder {
    /// The scene's name, unique in the application (the host's configuration key and D-Bus path element).
    public let name: String
    /// The plugin the scene was built from (informational).
    public let pluginName: String
    /// The scene's options from the host configuration.
    public let options: [String: String]
    /// The screen area the scene's windows cover by default. Its size changes by ``resize(to:)``
    /// (and by ``sizeRestrictions``) [LY-10]; its origin never changes.
    public internal(set) final var screenFrame: Rect
    /// What ``sizeRestrictions`` holds (normalised).
    var _sizeRestrictions = SceneSizeRestrictions.none
    /// The delegate that built the scene; the scene keeps it alive.
    public let delegate: (any SceneDelegate)?
    /// Counts the application's scene connections from 1: never the same for two scenes of one
    /// application, so that a cache keyed by scene can tell a new scene from a gone one that had the
    /// same address (without keeping a weak reference, which would slow every retain of the scene).
    public nonisolated let connectionNumber: UInt64
    // Back links cleared (UnretainedAccess.swift): the application owns its scenes and clears this
    // pointer when it disconnects one or goes away. Read on every delivery (short accesses).
    @exclusivity(unchecked) unowned(unsafe) var _application: Application?

    public internal(set) var activationState: ActivationState = .unattached
    /// The application-wide order in which scenes became active; the latest one provides the
    /// application's key window [WS-4].
    var activationSequence: UInt64 = 0
    var _windows: [Window] = []
    /// ``windowsFrontToBack``, kept until the scene's windows or their order change.
    private var frontToBackCache: [Window]?
    /// The scene's key window [WS-4].
    public internal(set) var keyWindow: Window?
    /// Windows that were key, oldest first, for handing key status back [WS-7].
    var keyHistory: [Window] = []

    init(
        name: String, pluginName: String, options: [String: String], screenFrame: Rect,
        delegate: (any SceneDelegate)?, application: Application, connectionNumber: UInt64
    ) {
        self.connectionNumber = connectionNumber
        self.name = name
        self.pluginName = pluginName
        self.options = options
        self.screenFrame = screenFrame
        self.delegate = delegate
        self._application = application
        super.init()
    }

    isolated deinit {
        for window in _windows where window._windowScene === self {
            window._windowScene = nil
        }
    }

    /// The application that owns the scene; nil once disconnected.
    public var application: Application? { _application }

    /// The application [RC-1].
    open override var next: Responder? { _application }

    /// The scene's windows, back to front (level bands, then the order windows were brought forward) [WS-3].
    public var windows: [Window] {
        _windows.sorted { ($0._level, $0.orderSequence) < ($1._level, $1.orderSequence) }
    }

    /// The scene's windows front to back (``windows`` reversed): the application's front-to-back
    /// order with the other scenes' windows left out, kept between changes (a hit test in one scene
    /// walks only its windows, and sorts nothing).
    var windowsFrontToBack: [Window] {
        if let cached = frontToBackCache { return cached }
        let sorted = _windows.sorted { ($0._level, $0.orderSequence) > ($1._level, $1.orderSequence) }
        frontToBackCache = sorted
        return sorted
    }

    /// A window's level or order changed, or one came or went: the kept order is dropped (and the
    /// application's, when the scene is in one).
    func windowOrderDidChange() {
        frontToBackCache = nil
        _application?.windowOrderDidChange()
    }

    /// Writes a line to the host's log, tagged with the scene's name (and, on D-Bus, as a `Log` signal).
    public func log(_ line: String) {
        guard let application = _application else { return }
        application.notifyObservers { $0.scene(self, didLog: line) }
    }

    // MARK: Windows

    func addWindow(_ window: Window) {
        _windows.append(window)
        frontToBackCache = nil
    }

    func removeWindow(_ window: Window) {
        _windows.removeAll { $0 === window }
        frontToBackCache = nil
        keyHistory.removeAll { $0 === window }
    }

    func notifyWindowsChanged() {
        _application?.notifyObservers { $0.windowsDidChange(in: self) }
    }

    /// [WS-5] the old key window resigns (hook, then notification), then `window` becomes key.
    func transferKey(to window: Window) {
        let old = keyWindow
        if let old {
            keyWindow = nil
            old.resignKey()
            _application?.notifyObservers { $0.windowDidResignKey(old) }
        }
        keyWindow = window
        keyHistory.removeAll { $0 === window }
        keyHistory.append(window)
        window.becomeKey()
        _application?.notifyObservers { $0.windowDidBecomeKey(window) }
        _application?.notifyObservers { $0.keyWindowDidChange(in: self, from: old, to: window) }
        _application?.updateKeyWindow()
    }

    /// [WS-7] a window is being hidden or detached: if it is key it resigns, and the most recent
    /// previous key window that is still visible, attached and able to become key takes over.
    func windowWillDetach(_ window: Window) {
        guard keyWindow === window else { return }
        keyWindow = nil
        window.resignKey()
        _application?.notifyObservers { $0.windowDidResignKey(window) }
        let successor = keyHistory.last { candidate in
            candidate !== window && candidate._windowScene === self && !candidate.isHidden && candidate.canBecomeKey
        }
        keyHistory.removeAll { $0 === window }
        if let successor {
            keyWindow = successor
            keyHistory.removeAll { $0 === successor }
            keyHistory.append(successor)
            successor.becomeKey()
            _application?.notifyObservers { $0.windowDidBecomeKey(successor) }
        }
        _application?.notifyObservers { $0.keyWindowDidChange(in: self, from: window, to: successor) }
        _application?.updateKeyWindow()
    }

    // MARK: Life-cycle [WS-1]

    /// foreground-inactive or background → foreground-active. Returns false (and changes nothing)
    /// when the scene is unattached.
    @discardableResult
    public func activate() -> Bool {
        switch activationState {
        case .foregroundActive: return true
        case .unattached: return false
        case .background:
            enterForeground()
            becomeActive()
        case .foregroundInactive:
            becomeActive()
        }
        return true
    }

    /// foreground-active → foreground-inactive: live touches are cancelled and a shake in progress
    /// gets `motionCancelled` [WS-1]. Returns false when the scene is not active.
    @discardableResult
    public func deactivate() -> Bool {
        guard activationState == .foregroundActive else { return false }
        resignActive()
        return true
    }

    /// → background (through foreground-inactive when active). Returns false when unattached.
    @discardableResult
    public func sendToBackground() -> Bool {
        switch activationState {
        case .background: return true
        case .unattached: return false
        case .foregroundActive:
            resignActive()
            enterBackground()
        case .foregroundInactive:
            enterBackground()
        }
        return true
    }

    func enterForeground() {
        delegate?.sceneWillEnterForeground(self)
        setState(.foregroundInactive)
    }

    private func becomeActive() {
        guard let application = _application else { return }
        activationSequence = application.nextActivationSequence()
        setState(.foregroundActive)
        delegate?.sceneDidBecomeActive(self)
    }

    private func resignActive() {
        delegate?.sceneWillResignActive(self)
        // A shake in progress is cancelled while the scene still provides the key window, so the
        // cancellation reaches the same chain as the began [FR-8].
        _application?.sceneWillResignActive(self)
        setState(.foregroundInactive)
        _application?.cancelTouches { $0.window?._windowScene === self }
    }

    private func enterBackground() {
        setState(.background)
        delegate?.sceneDidEnterBackground(self)
    }

    func setState(_ state: ActivationState) {
        guard state != activationState else { return }
        activationState = state
        _application?.notifyObservers { $0.sceneActivationDidChange(self, to: state) }
        _application?.updateKeyWindow()
    }
}
