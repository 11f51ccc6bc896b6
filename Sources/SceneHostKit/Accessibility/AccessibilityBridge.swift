import DBusKit
public import Foundation
public import Logging
import SceneCore
import SceneRender

/// The host on the AT-SPI2 accessibility bus: assistive tools (Orca, Accerciser, pyatspi, dogtail)
/// see the application, its windows and their views, and can operate them.
///
/// Start-up (``start(host:mode:logger:environment:)``), all on the main actor, never blocking it:
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
/// (`AccessibilityBridge+Events.swift`).
///
/// When no accessibility bus can be found the bridge logs it once (at info for `auto`, as a warning
/// for `on`) and the host carries on without it.
@MainActor
public final class AccessibilityBridge {
    let host: SceneHost
    let tree: AccessibleTree
    let logger: Logger
    /// The input policy for actions and value changes (asked of the accessibility bus).
    let gate: InputGate
    /// The accessibility bus connection, once attached.
    private(set) var connection: BusConnection?
    /// The registry's desktop, from `Socket.Embed`: the application root's parent.
    var desktop = AccessibleReference.null
    /// `Application.Id`, set by the registry during `Embed`.
    var applicationID: Int32 = -1
    /// Whether the registry accepted the application (its latest `Embed` was answered).
    public private(set) var isRegistered = false
    /// The accessibility bus address, once found.
    public private(set) var busAddress: String?

    private var registrations: [ObjectRegistration] = []
    private var registryWatch: MatchSubscription?
    /// The registry's current unique name, followed through `NameOwnerChanged`.
    private var registryOwner: BusName?
    /// The registry instance the application is embedded in.
    private var embeddedOwner: BusName?
    private var isEmbedding = false
    private var isShutDown = false
    private var registryChangedDuringEmbed = false

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

    /// How long the session bus's `org.a11y.Bus` may take to give the address.
    static let lookupTimeout = Duration.seconds(3)
    /// How long the registry may take to answer `Embed` (it may be D-Bus-activated first).
    static let embedTimeout = Duration.seconds(10)

    private init(host: SceneHost, logger: Logger) {
        self.host = host
        self.tree = AccessibleTree(application: host.application)
        // Extents in the desktop's coordinates when the scenes are in desktop windows.
        tree.desktopOffset = { [weak host] scene in host?.desktop?.desktopOffset(of: scene) }
        var logger = logger
        logger[metadataKey: "topic"] = "accessibility"
        self.logger = logger
        gate = InputGate(policy: host.configuration.input, logger: logger)
    }

    /// Starts the bridge for `host` unless `mode` is ``AccessibilityMode/off``, and returns at once:
    /// finding the bus, connecting and registering continue on the main actor as the main loop runs.
    ///
    /// - Parameters:
    ///   - mode: `auto` exposes the host when an accessibility bus exists (logging once at info when
    ///     there is none); `on` does the same but logs a missing bus as a warning; `off` returns nil.
    ///   - environment: where `AT_SPI_BUS_ADDRESS` and `DBUS_SESSION_BUS_ADDRESS` are read.
    /// - Returns: The bridge (keep it to ``shutdown()``), or nil for `off`.
    public static func start(
        host: SceneHost, mode: AccessibilityMode, logger: Logger,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> AccessibilityBridge? {
        guard mode != .off else {
            logger.debug("AT-SPI2 accessibility is off (configuration)", metadata: ["topic": "accessibility"])
            return nil
        }
        let bridge = AccessibilityBridge(host: host, logger: logger)
        Task { @MainActor in await bridge.connect(mode: mode, environment: environment) }
        return bridge
    }

    /// Leaves the accessibility bus: stops observing the model and closes the connection (the
    /// registry drops the application when its name goes). A start-up still under way stops before
    /// connecting. Calling it again does nothing.
    public func shutdown() {
        isShutDown = true
        guard let connection else { return }
        host.application.removeObserver(self)
        registryWatch?.cancel()
        gate.stop()
        for registration in registrations.reversed() { registration.unexport() }
        registrations.removeAll()
        connection.flush()
        connection.close()
        self.connection = nil
        isRegistered = false
    }

    // MARK: Start-up

    private func connect(mode: AccessibilityMode, environment: [String: String]) async {
        logger.debug("looking for the accessibility bus")
        let found: (address: String, source: AccessibilityBusLocator.Source)
        do {
            found = try await AccessibilityBusLocator.locate(environment: environment, timeout: Self.lookupTimeout)
        } catch {
            if mode == .auto {
                logger.info("no accessibility bus: \(error.message); AT-SPI2 stays off")
            } else {
                logger.warning("accessibility is on but there is no accessibility bus: \(error.message); AT-SPI2 stays off")
            }
            return
        }
        guard !isShutDown else { return }
        do {
            try attach(to: found.address, source: found.source)
        } catch {
            logger.warning("\(error.message); AT-SPI2 stays off")
            return
        }
        await watchRegistry()
        await embed()
    }

    /// Connects to the accessibility bus, exports the objects and starts observing the model.
    private func attach(to address: String, source: AccessibilityBusLocator.Source) throws(AccessibilityError) {
        let connection: BusConnection
        do {
            connection = try BusConnection.connect(to: .address(address))
            // Handlers first: the registry calls Properties.Set(Application.Id) before answering Embed.
            registrations.append(
                try connection.exportSubtree(at: AtspiNames.accessiblePrefix) { [weak self] path in self?.interfaces(at: path) })
            registrations.append(try connection.export([cacheInterface()], at: AtspiNames.cachePath))
        } catch {
            throw AccessibilityError(
                code: .connectionFailed, message: "cannot serve on the accessibility bus at \(address) (from \(source.rawValue)): \(error)")
        }
        connection.disconnectHandler = { [weak self] _ in
            self?.logger.warning("the accessibility bus went away; AT-SPI2 is off until scene-host restarts")
            self?.shutdown()
        }
        self.connection = connection
        busAddress = address
        tree.announcedWindows = tree.windows
        host.application.addObserver(self)
    }

    /// Follows the registry's owner: a new registry (after a restart) gets the application again.
    private func watchRegistry() async {
        guard let connection else { return }
        let rule = MatchRule.signal(
            sender: .bus, interface: .bus, member: AtspiNames.nameOwnerChanged,
            arguments: [0: AtspiNames.registry.rawValue])
        registryWatch = try? await connection.addMatch(rule) { [weak self] message in
            guard let self, let newOwner = message.arguments.last?.stringValue else { return }
            self.registryOwnerChanged(to: try? BusName(newOwner))  // "" (no owner) is not a name
        }
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
            desktop = try reply.read { reader in try AccessibleReference(reading: &reader) }
            embeddedOwner = desktop.busName
            isRegistered = true
            logger.info(
                again ? "registered again with the AT-SPI registry" : "registered with the AT-SPI registry",
                metadata: [
                    "a11y.bus": "\(busAddress ?? "?")", "a11y.unique": "\(uniqueName)", "a11y.desktop": "\(desktop)",
                ])
        } catch {
            isRegistered = false
            logger.warning("the AT-SPI registry did not accept the application: \(error); trying again when it restarts")
        }
        isEmbedding = false
        if registryChangedDuringEmbed, let owner = registryOwner, owner != embeddedOwner {
            await embed()
        }
    }

    // MARK: References

    /// The `(so)` reference of `node` (giving a view its id on first use).
    func reference(of node: AccessibleNode) -> AccessibleReference {
        AccessibleReference(busName: connection?.uniqueName, path: tree.path(of: node))
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
