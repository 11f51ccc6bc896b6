public import DBusKit
public import SceneLoop
public import Foundation
public import Logging
public import SceneBusServing
public import SceneCore
import SceneErrors
import SceneRender

/// The host on the AT-SPI2 accessibility bus: assistive tools (Orca, Accerciser, pyatspi, dogtail)
/// see the application, its windows and their views, and can operate them.
///
/// When (``AccessibilitySwitch``): with `accessibility: on` the bridge joins at start and stays (as
/// GTK 4 does). With `auto` it follows at-spi2-core's `org.a11y.Status` on the session bus
/// (``AccessibilityStatusWatcher``): it joins while `IsEnabled` or `ScreenReaderEnabled` is true,
/// leaves when both turn false (nothing is registered and no event is sent), and joins again, without
/// a restart, whenever assistive technology is turned on again. Without a session bus or without
/// `org.a11y.Status`, `auto` joins when `AT_SPI_BUS_ADDRESS` names an accessibility bus (as Qt does)
/// and otherwise stays off.
///
/// Joining, all on the main actor, never blocking it:
///
///     find the bus ──► connect (private, Hello) ──► export objects ──► watch the registry ──► Embed
///     AT_SPI_BUS_ADDRESS,        unique :1.N         /org/a11y/atspi/      NameOwnerChanged      Socket.Embed(root)
///     else org.a11y.Bus                              accessible/* (subtree)  of org.a11y.atspi.    → desktop reference
///     .GetAddress (3 s)                              /org/a11y/atspi/cache   Registry: Embed again
///                                                                           when it restarts
///
/// Objects are answered from the live model (``AccessibleTree``) by the interface tables in the
/// `AccessibilityBridge+…` files; every call is answered on the main actor without waiting for
/// anything, well inside the 800 ms libatspi clients allow. Model changes become AT-SPI events
/// (`AccessibilityBridge+Events.swift`). Each join starts with a fresh tree (new object ids on a new
/// connection), so nothing a client learnt before leaving can be stale.
///
/// When no accessibility bus can be found the bridge logs it once (at info for `auto`, as a warning
/// for `on`) and the host carries on without it.
@MainActor
public final class AccessibilityBridge {
    /// The model the bridge shows and operates.
    let application: Application
    /// The input policy for actions and value changes (a new gate is made from it for each join).
    private let inputPolicy: InputPolicy
    /// The accessible objects of the current join (made anew each time the bridge joins).
    private(set) var tree: AccessibleTree
    let logger: Logger
    /// The input policy for actions and value changes (asked of the accessibility bus; one per join,
    /// since it identifies callers on that join's connection).
    var gate: InputGate
    /// The accessibility bus connection, once attached.
    public private(set) var connection: BusConnection?
    /// The registry's desktop, from `Socket.Embed`: the application root's parent.
    var desktop = AccessibleReference.null
    /// `Application.Id`, set by the registry during `Embed`.
    var applicationID: Int32 = -1
    /// Whether the registry accepted the application (its latest `Embed` was answered).
    public private(set) var isRegistered = false
    /// The accessibility bus address, once found.
    public private(set) var busAddress: String?

    private let mode: AccessibilityMode
    private let environment: [String: String]
    /// Serves the accessibility bus's socket (the host's main loop), or nil for libdispatch sources.
    private var watches: (any DescriptorWatching)?
    /// Whether the bridge should be on the bus, and where its connection is.
    private var accessSwitch = AccessibilitySwitch()
    /// `org.a11y.Status`, followed in `auto` mode.
    private var statusWatcher: AccessibilityStatusWatcher?
    /// The pauses before asking a silent registry to embed again (reset by each answer).
    private var embedRetry = AnswerRetry()

    private var registrations: [ObjectRegistration] = []
    private var registryWatch: MatchSubscription?
    /// The registry's current unique name, followed through `NameOwnerChanged`.
    private var registryOwner: BusName?
    /// The registry instance the application is embedded in.
    private var embeddedOwner: BusName?
    private var isEmbedding = false
    private var isShutDown = false
    private var registryChangedDuringEmbed = false

    /// In a scene process: the server of its objects, which the host forwards calls to
    /// (``forwarded(application:inputPolicy:hostName:prefix:channelNumber:logger:output:)``).
    var forwardedServer: LocalObjectServer?
    /// In a scene process: the host's unique name on the accessibility bus, which references carry.
    var forwardedName: BusName?
    /// In a scene process: where its scene is on the desktop, as the host last said.
    var forwardedDesktopOffset: Point?
    /// In a scene process: who sent the calls the host forwarded, as the host identified them.
    var forwardedCallers: [String: InputAdmission.Caller] = [:]

    /// In the host: the path of a window whose objects a scene process serves (the host lists it
    /// among the root's children by that path and leaves the window's events to the process), or nil
    /// for a window the host serves. Asked whenever a window is referred to.
    public var remoteWindowPath: (@MainActor (Window) -> ObjectPath?)?
    /// In the host: runs each time the bridge has joined the accessibility bus, with its connection.
    public var onJoin: (@MainActor (BusConnection) -> Void)?
    /// In the host: runs each time the bridge leaves the accessibility bus.
    public var onLeave: (@MainActor () -> Void)?
    /// In the host: the cache items of the scene processes' objects (`Cache.GetItems`), each an
    /// `((so)(so)(so)iiassusau)` value; asked for each `GetItems`, answered once (at any time).
    public var remoteCacheItems: (@MainActor (_ completion: @escaping @MainActor ([BusValue]) -> Void) -> Void)?

    /// The unique name references carry: the accessibility bus connection's, or in a scene process
    /// the host's.
    var servingName: BusName? { connection?.uniqueName ?? forwardedName }

    /// The host's pasteboard for `EditableText` cut, copy and paste.
    var pasteboard: String?
    /// Measures text as windows draw it, for `Text` geometry; made on first use.
    lazy var textMeasurer = TextMeasurer()

    /// Model changes waiting for ``flushChanges()``: parents whose children changed, whether the
    /// windows changed, whether views may have left the tree.
    var dirtyParents: [ObjectIdentifier: View] = [:]
    var windowsChanged = false
    var needsPrune = false
    var flushScheduled = false
    /// The interface tables of the objects clients called, by path, with the interface names they were
    /// made for (``compiledInterfaces(at:)``).
    var compiledObjects: [ObjectPath: (names: [InterfaceName], compiled: CompiledInterfaces)] = [:]
    /// The interface tables of the table rows out of view that clients called most recently [TV-12].
    var compiledRows = RowInterfaceCache()

    /// How long the session bus's `org.a11y.Bus` may take to give the address or the status.
    static let lookupTimeout = Duration.seconds(3)
    /// How long the registry may take to answer `Embed` (it may be D-Bus-activated first).
    static let embedTimeout = Duration.seconds(10)

    init(
        application: Application, inputPolicy: InputPolicy, desktopOffset: @escaping @MainActor (WindowScene) -> Point?,
        mode: AccessibilityMode, environment: [String: String], logger: Logger
    ) {
        self.application = application
        self.inputPolicy = inputPolicy
        self.tree = AccessibleTree(application: application)
        // Extents in the desktop's coordinates when the scenes are in desktop windows.
        tree.desktopOffset = desktopOffset
        var logger = logger
        logger[metadataKey: "topic"] = "accessibility"
        self.logger = logger
        self.mode = mode
        self.environment = environment
        gate = InputGate(policy: inputPolicy, logger: logger)
    }

    /// Starts the bridge for `application` unless `mode` is ``AccessibilityMode/off``, and returns at once:
    /// reading `org.a11y.Status`, finding the bus, connecting and registering continue on the main
    /// actor as the main loop runs.
    ///
    /// - Parameters:
    ///   - mode: `on` joins the accessibility bus at once and stays (a missing bus is logged as a
    ///     warning); `auto` follows `org.a11y.Status` (see the type's description; a missing bus is
    ///     logged once at info); `off` returns nil.
    ///   - application: the model shown on the accessibility bus; the bridge observes it while joined.
    ///   - inputPolicy: who may operate it (actions, value and text changes, focus).
    ///   - desktopOffset: where a scene's area is on the desktop relative to the model's screen (its
    ///     desktop window's content position minus the scene's screen origin), or nil when it has no
    ///     desktop window; extents are the model's screen coordinates plus it. Asked on each query.
    ///   - environment: where `AT_SPI_BUS_ADDRESS` and `DBUS_SESSION_BUS_ADDRESS` are read.
    ///   - watches: serves the accessibility bus's socket: the main loop that runs the main thread
    ///     (`scene-host`'s), or by default a libdispatch source.
    /// - Returns: The bridge (keep it to ``shutdown(flushTimeout:then:)``), or nil for `off`.
    public static func start(
        application: Application, inputPolicy: InputPolicy, desktopOffset: @escaping @MainActor (WindowScene) -> Point?,
        mode: AccessibilityMode, logger: Logger, environment: [String: String] = ProcessInfo.processInfo.environment,
        watches: (any DescriptorWatching)? = nil
    ) -> AccessibilityBridge? {
        guard mode != .off else {
            logger.debug("AT-SPI2 accessibility is off (configuration)", metadata: ["topic": "accessibility"])
            return nil
        }
        let bridge = AccessibilityBridge(
            application: application, inputPolicy: inputPolicy, desktopOffset: desktopOffset, mode: mode, environment: environment,
            logger: logger)
        bridge.watches = watches
        Task { @MainActor in await bridge.begin() }
        return bridge
    }

    /// Leaves the accessibility bus for good: stops following `org.a11y.Status`, stops observing the
    /// model and closes the connection once what it sent is written (or `flushTimeout` passed),
    /// without blocking; the registry drops the application when its name goes. A start-up still
    /// under way stops before connecting. `done` runs once the connection is closed. Calling it again
    /// does nothing but `done`.
    public func shutdown(flushTimeout: Duration = .seconds(2), then done: @escaping @MainActor () -> Void = {}) {
        isShutDown = true
        statusWatcher?.stop()
        statusWatcher = nil
        leave(flushTimeout: flushTimeout, then: done)
        gate.stop()
    }

    // MARK: On and off

    private func begin() async {
        switch mode {
        case .off:
            return
        case .on:
            perform(accessSwitch.want(true))
        case .auto:
            await followStatus()
        }
    }

    /// `auto`: reads `org.a11y.Status` and follows it; without it, joins only when
    /// `AT_SPI_BUS_ADDRESS` names a bus.
    private func followStatus() async {
        let named = environment[AtspiNames.busAddressVariable].map { !$0.isEmpty } ?? false
        guard let session = environment["DBUS_SESSION_BUS_ADDRESS"], !session.isEmpty else {
            if named {
                logger.info("no session bus to read org.a11y.Status from; \(AtspiNames.busAddressVariable) names the accessibility bus: AT-SPI2 is on")
                perform(accessSwitch.want(true))
            } else {
                logger.info("no accessibility bus: no session bus (DBUS_SESSION_BUS_ADDRESS is not set) and no \(AtspiNames.busAddressVariable); AT-SPI2 stays off")
            }
            return
        }
        let watcher: AccessibilityStatusWatcher
        do {
            watcher = try await AccessibilityStatusWatcher.start(sessionAddress: session, timeout: Self.lookupTimeout)
        } catch {
            if named {
                logger.info("\(error.message); \(AtspiNames.busAddressVariable) names the accessibility bus: AT-SPI2 is on")
                perform(accessSwitch.want(true))
            } else {
                logger.info("no accessibility bus: \(error.message); AT-SPI2 stays off")
            }
            return
        }
        guard !isShutDown else {
            watcher.stop()
            return
        }
        statusWatcher = watcher
        watcher.onChange = { [weak self] status in self?.statusChanged(to: status) }
        watcher.onFirstAnswer = { [weak self] status in self?.statusRead(status) }
        if watcher.hasAnswered {
            statusRead(watcher.status)
        } else {
            logger.info(
                "org.a11y.Status on the session bus at \(session) did not answer within \(Self.lookupTimeout): AT-SPI2 stays off until it does (asking again, and following its changes)")
        }
    }

    /// The launcher's first answer.
    private func statusRead(_ status: AccessibilityStatus) {
        guard !isShutDown else { return }
        logger.info(
            status.wantsAccessibility
                ? "assistive technology is on (org.a11y.Status: \(status)): joining the accessibility bus"
                : "assistive technology is off (org.a11y.Status: \(status)): AT-SPI2 waits until it is turned on")
        perform(accessSwitch.want(status.wantsAccessibility))
    }

    private func statusChanged(to status: AccessibilityStatus) {
        guard !isShutDown else { return }
        if status.wantsAccessibility != accessSwitch.isWanted {
            logger.info(
                status.wantsAccessibility
                    ? "assistive technology turned on (org.a11y.Status: \(status)): joining the accessibility bus"
                    : "assistive technology turned off (org.a11y.Status: \(status)): leaving the accessibility bus")
        }
        perform(accessSwitch.want(status.wantsAccessibility))
    }

    private func perform(_ action: AccessibilitySwitch.Action) {
        switch action {
        case .none:
            break
        case .join(let generation):
            Task { @MainActor in await self.join(generation) }
        case .leave:
            leave()
        }
    }

    /// Leaves the accessibility bus, ready to join again: stops observing the model, unexports,
    /// closes the connection, and forgets what the registry and clients were told.
    /// Leaves the bus; the connection closes once what it sent is written (or `flushTimeout` passed),
    /// and then `done` runs.
    private func leave(flushTimeout: Duration = .seconds(2), then done: @escaping @MainActor () -> Void = {}) {
        guard let connection else {
            done()
            return
        }
        application.removeObserver(self)
        onLeave?()
        registryWatch?.cancel()
        registryWatch = nil
        for registration in registrations.reversed() { registration.unexport() }
        registrations.removeAll()
        connection.disconnectHandler = nil
        connection.close(flushingWithin: flushTimeout, then: done)
        self.connection = nil
        isRegistered = false
        isEmbedding = false
        embedRetry = AnswerRetry()
        registryChangedDuringEmbed = false
        registryOwner = nil
        embeddedOwner = nil
        desktop = .null
        applicationID = -1
        dirtyParents.removeAll()
        windowsChanged = false
        needsPrune = false
        compiledObjects.removeAll()
        compiledRows.removeAll()
        tree = AccessibleTree(application: application)
        gate.stop()
        gate = InputGate(policy: inputPolicy, logger: logger)
    }

    // MARK: Joining

    private func join(_ generation: UInt64) async {
        logger.debug("looking for the accessibility bus")
        var found: (address: String, source: AccessibilityBusLocator.Source)?
        var retry = AnswerRetry()
        do {
            while found == nil {
                do {
                    found = try await AccessibilityBusLocator.locate(environment: environment, timeout: Self.lookupTimeout)
                } catch where error.code == .noAnswer {
                    // The launcher is there but slow: ask again while this join is still wanted.
                    let pause = retry.next()
                    if pause == AnswerRetry.first { logger.info("\(error.message); asking again") }
                    try? await Task.sleep(for: pause)
                    guard accessSwitch.isCurrent(generation), !isShutDown else {
                        accessSwitch.joined(generation: generation, succeeded: false)
                        return
                    }
                }
            }
        } catch {
            if accessSwitch.isCurrent(generation) {
                if mode == .auto {
                    logger.info("no accessibility bus: \(error.message); AT-SPI2 stays off")
                } else {
                    logger.warning("accessibility is on but there is no accessibility bus: \(error.message); AT-SPI2 stays off")
                }
            }
            accessSwitch.joined(generation: generation, succeeded: false)
            return
        }
        // Turned off (or shut down) while the launcher answered: nothing was built.
        guard accessSwitch.isCurrent(generation), !isShutDown, let found else { return }
        do {
            // Connecting runs off the main thread (a slow accessibility bus holds nothing up); the
            // join may have been called off meanwhile.
            let connection = try await Self.connect(to: found.address, source: found.source, watches: watches)
            guard accessSwitch.isCurrent(generation), !isShutDown else {
                connection.close()
                return
            }
            try attach(connection, address: found.address, source: found.source)
        } catch {
            logger.warning("\(error.message); AT-SPI2 stays off")
            accessSwitch.joined(generation: generation, succeeded: false)
            return
        }
        accessSwitch.joined(generation: generation, succeeded: true)
        guard let connection else { return }
        await watchRegistry(on: connection)
        guard self.connection === connection else { return }
        await embed()
    }

    private static func connect(
        to address: String, source: AccessibilityBusLocator.Source, watches: (any DescriptorWatching)?
    ) async throws(AccessibilityError) -> BusConnection {
        do {
            return try await BusConnection.connect(to: .address(address), watches: watches)
        } catch {
            throw Self.cannotServe(at: address, from: source, error)
        }
    }

    private static func cannotServe(at address: String, from source: AccessibilityBusLocator.Source, _ error: any Error) -> AccessibilityError {
        AccessibilityError(
            code: .connectionFailed, message: "cannot serve on the accessibility bus at \(address) (from \(source.rawValue)): \(error)")
    }

    /// Exports the objects on the accessibility bus's `connection` and starts observing the model.
    private func attach(_ connection: BusConnection, address: String, source: AccessibilityBusLocator.Source) throws(AccessibilityError) {
        do {
            // Handlers first: the registry calls Properties.Set(Application.Id) before answering Embed.
            registrations.append(
                try connection.exportSubtree(at: AtspiNames.accessiblePrefix, resolveCompiled: { [weak self] path in self?.compiledInterfaces(at: path) }))
            registrations.append(try connection.export([cacheInterface()], at: AtspiNames.cachePath))
        } catch {
            for registration in registrations.reversed() { registration.unexport() }
            registrations.removeAll()
            connection.close()
            throw Self.cannotServe(at: address, from: source, error)
        }
        connection.disconnectHandler = { [weak self] _ in self?.connectionLost() }
        BusOutputReport.logBackpressure(of: connection, place: "the accessibility bus at \(address)", logger: logger)
        self.connection = connection
        busAddress = address
        tree.announceCurrentWindows()
        application.addObserver(self)
        onJoin?(connection)
    }

    /// The accessibility bus closed under the bridge.
    private func connectionLost() {
        switch mode {
        case .auto where statusWatcher != nil:
            logger.warning("the accessibility bus went away; AT-SPI2 joins again when org.a11y.Status next turns on or its launcher returns")
        case .auto, .on, .off:
            logger.warning("the accessibility bus went away; AT-SPI2 is off until scene-host restarts")
        }
        accessSwitch.connectionLost()
        leave()
    }

    /// Follows the registry's owner: a new registry (after a restart) gets the application again.
    private func watchRegistry(on connection: BusConnection) async {
        let rule = MatchRule.signal(
            sender: .bus, interface: .bus, member: AtspiNames.nameOwnerChanged,
            arguments: [0: AtspiNames.registry.rawValue])
        let watch = try? await connection.addMatch(rule) { [weak self] message in
            guard let self, let newOwner = message.arguments.last?.stringValue else { return }
            self.registryOwnerChanged(to: try? BusName(newOwner))  // "" (no owner) is not a name
        }
        // Left (and perhaps joined again) meanwhile: this watch belongs to a closed connection.
        guard self.connection === connection else {
            watch?.cancel()
            return
        }
        registryWatch = watch
    }

    private func registryOwnerChanged(to owner: BusName?) {
        registryOwner = owner
        guard let owner else {
            isRegistered = false
            embeddedOwner = nil
            logger.info("the AT-SPI registry left the accessibility bus; waiting for it to return")
            return
        }
        if isEmbedding {
            registryChangedDuringEmbed = true
        } else if owner != embeddedOwner {
            Task { @MainActor in await self.embed() }
        }
    }

    /// `Socket.Embed(root)` on the registry; stores the desktop reference it answers.
    private func embed() async {
        guard let connection, let uniqueName = connection.uniqueName, !isEmbedding else { return }
        isEmbedding = true
        registryChangedDuringEmbed = false
        let again = embeddedOwner != nil || desktop != .null
        do {
            let root = AccessibleReference(busName: uniqueName, path: AtspiNames.rootPath)
            let reply = try await connection.call(
                destination: AtspiNames.registry, path: AtspiNames.rootPath, interface: AtspiNames.socket,
                member: AtspiNames.embed, arguments: [root.busValue], timeout: Self.embedTimeout)
            guard self.connection === connection else { return }  // left meanwhile
            desktop = try reply.read { reader in try AccessibleReference(reading: &reader) }
            embeddedOwner = desktop.busName
            isRegistered = true
            logger.info(
                again ? "registered again with the AT-SPI registry" : "registered with the AT-SPI registry",
                metadata: [
                    "a11y.bus": "\(busAddress ?? "?")", "a11y.unique": "\(uniqueName)", "a11y.desktop": "\(desktop)",
                ])
        } catch let error as BusError where error.code == .timedOut {
            guard self.connection === connection else { return }  // left meanwhile: the call failed with it
            isRegistered = false
            isEmbedding = false
            // A registry that is there but slow (a session starting under load) is asked again.
            let pause = embedRetry.next()
            logger.warning("the AT-SPI registry did not answer Embed within \(Self.embedTimeout); asking again in \(pause)")
            try? await Task.sleep(for: pause)
            guard self.connection === connection, !isRegistered, !isShutDown else { return }
            await embed()
            return
        } catch {
            guard self.connection === connection else { return }  // left meanwhile: the call failed with it
            isRegistered = false
            logger.warning("the AT-SPI registry did not accept the application: \(error); trying again when it restarts")
        }
        embedRetry = AnswerRetry()
        isEmbedding = false
        if registryChangedDuringEmbed, let owner = registryOwner, owner != embeddedOwner {
            await embed()
        }
    }

    // MARK: References

    /// The `(so)` reference of `node` (giving a view its id on first use).
    func reference(of node: AccessibleNode) -> AccessibleReference {
        if let remoteWindowPath, case .view(let view) = node, let window = view as? Window, let path = remoteWindowPath(window) {
            return AccessibleReference(busName: servingName, path: path)
        }
        return AccessibleReference(busName: servingName, path: tree.path(of: node))
    }

    /// Whether `node` is in a window a scene process serves (``remoteWindowPath``).
    func isRemote(_ node: AccessibleNode) -> Bool {
        guard let remoteWindowPath else { return false }
        let view: View
        switch node {
        case .application: return false
        case .view(let shown): view = shown
        case .row(let table, _): view = table
        }
        var top = view
        while let superview = top.superview { top = superview }
        guard let window = top as? Window else { return false }
        // An alert attached to a frame window is in the frame's scene, served where the frame is.
        return remoteWindowPath(window) != nil
    }

    /// The reference of `view`, or the null reference for nil.
    func reference(of view: View?) -> AccessibleReference {
        view.map { reference(of: .view($0)) } ?? .null
    }

    /// The reference of `node`'s parent: the desktop for the application root.
    func parentReference(of node: AccessibleNode) -> AccessibleReference {
        tree.parent(of: node).map { reference(of: $0) } ?? desktop
    }
}
