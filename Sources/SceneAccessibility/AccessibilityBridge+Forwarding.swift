public import DBusKit
public import Logging
public import SceneBusServing
public import SceneCore

/// The bridge of a scene process: its scene's accessible objects, served through the host's
/// connection to the accessibility bus. The host forwards each call below the process's prefix
/// (`/org/a11y/atspi/accessible/p<pid>`) and each `Cache.GetItems`; the bridge answers them from the
/// process's model with the same interface tables as the host's bridge, and sends its events for
/// the host to emit. References name the host's unique name; the process's windows are
/// `<prefix>/w<number>` (their numbers on the scene channel) and their parent is the host's root,
/// which announces them. Main actor.
extension AccessibilityBridge {
    /// A call the host forwarded, with what the process needs to answer it as the host would.
    public struct ForwardedCall: Sendable {
        /// The call's wire bytes.
        public var wire: [UInt8]
        /// Where the scene is on the desktop (nil without a desktop window).
        public var desktopOffset: Point?
        /// Where the process's first window is among the root's children.
        public var rootIndexOffset: Int32
        /// The caller's executable and process id as the host found them, when the input policy
        /// names executables; nil otherwise.
        public var caller: (pid: Int32, executable: String)?

        public init(wire: [UInt8], desktopOffset: Point?, rootIndexOffset: Int32, caller: (pid: Int32, executable: String)?) {
            self.wire = wire
            self.desktopOffset = desktopOffset
            self.rootIndexOffset = rootIndexOffset
            self.caller = caller
        }
    }

    /// A bridge serving `application`'s objects through the host at `hostName` (a scene process's).
    ///
    /// - Parameters:
    ///   - prefix: the process's objects' prefix, below ``AtspiNames/accessiblePrefix``.
    ///   - channelNumber: each window's number on the scene channel (its path).
    ///   - output: receives each reply and event, as wire bytes, in order, for the host.
    public static func forwarded(
        application: Application, inputPolicy: InputPolicy, hostName: BusName, prefix: ObjectPath,
        channelNumber: @escaping @MainActor (Window) -> Int?, logger: Logger, output: @escaping @MainActor ([UInt8]) -> Void
    ) throws -> AccessibilityBridge {
        let bridge = AccessibilityBridge(
            application: application, inputPolicy: inputPolicy, desktopOffset: { _ in nil }, mode: .on, environment: [:], logger: logger)
        bridge.forwardedName = hostName
        bridge.tree.prefix = prefix
        bridge.tree.channelNumber = channelNumber
        bridge.tree.desktopOffset = { [weak bridge] _ in bridge?.forwardedDesktopOffset }
        bridge.gate.identifyForwardedCaller = { [weak bridge] sender in
            bridge?.forwardedCallers[sender] ?? .unidentified(name: sender, reason: "the host did not identify the caller")
        }
        let server = LocalObjectServer(output: output)
        try server.exportSubtree(at: prefix) { [weak bridge] path in bridge?.compiledInterfaces(at: path) }
        try server.export([bridge.cacheInterface()], at: AtspiNames.cachePath)
        bridge.forwardedServer = server
        bridge.tree.announceCurrentWindows()
        application.addObserver(bridge)
        return bridge
    }

    /// Answers a call the host forwarded (now, or later for one that waits).
    ///
    /// - Throws: ``BusError`` when the bytes are not a method call.
    public func receive(_ call: ForwardedCall) throws {
        try receive(call, message: try BusMessage(wireBytes: call.wire))
    }

    /// Answers a call the host forwarded, `message` being its bytes already read.
    ///
    /// - Throws: ``BusError`` when it is not a method call.
    public func receive(_ call: ForwardedCall, message: BusMessage) throws {
        guard let forwardedServer else { return }
        forwardedDesktopOffset = call.desktopOffset
        tree.rootIndexOffset = call.rootIndexOffset
        if let caller = call.caller, let sender = message.sender {
            forwardedCallers[sender.rawValue] = .process(name: sender.rawValue, pid: caller.pid, executable: caller.executable)
        }
        try forwardedServer.receive(message)
    }

    /// In a scene process: whether its scene holds the host's application key window, as the host
    /// says when it changes; a change is announced as the key window's (window `Activate` or
    /// `Deactivate`, `active`, the focus).
    public func setHoldsApplicationKey(_ holds: Bool) {
        guard holds != tree.holdsApplicationKey else { return }
        let old = tree.keyWindow
        tree.holdsApplicationKey = holds
        announceKeyWindowChange(from: old, to: tree.keyWindow)
    }

    /// Stops serving: no more answers or events (the host left the accessibility bus).
    public func stopForwarding() {
        application.removeObserver(self)
        forwardedServer?.stop()
        forwardedServer = nil
        gate.stop()
    }
}

extension AccessibilityBridge {
    /// In the host: runs `change`, which changes who serves `windows` (a scene process begins
    /// serving them, or stops: crashed, or left), and announces each window whose reference changed
    /// as replaced among the root's children (removed by its old reference, added by its new one, at
    /// its index). What changed before is announced first, under the old references.
    public func changeServer(of windows: [Window], _ change: () -> Void) {
        guard connection != nil else { return change() }
        flushChanges()
        let before = windows.map { (window: $0, reference: reference(of: .view($0))) }
        change()
        for (window, old) in before {
            let new = reference(of: .view(window))
            guard new != old, let index = tree.announcedWindows.firstIndex(where: { $0 === window }) else { continue }
            emit(AtspiNames.objectEvents, AtspiNames.childrenChanged, from: .application, detail: "remove", Int32(index), data: .reference(old))
            emit(AtspiNames.objectEvents, AtspiNames.childrenChanged, from: .application, detail: "add", Int32(index), data: .reference(new))
        }
    }

    /// In the host: the position of `window` among the root's children, as clients were last told;
    /// nil when it is not one.
    public func rootIndex(of window: Window) -> Int? {
        tree.announcedWindows.firstIndex { $0 === window }
    }
}
