public import DBusKit
import Foundation
public import Logging
import SceneBusContract
import SceneBusServing
public import SceneCore
import SceneLoop
import SceneProcesses

/// The host on D-Bus: the connection, the well-known name, the exported objects and the publisher.
///
/// Start-up: choose the bus (``BusMode``; with `auto` and no session bus the host starts its own
/// private `dbus-daemon` and publishes its address with ``BusDiscovery``), claim
/// `org.scenehost.SceneHost` (refusing to run as a second host unless replacing), export the root
/// object with `Host1` and an ObjectManager, then publish scenes and windows as they appear. Every
/// handler runs on the main actor.
@MainActor
public final class HostBusService {
    public let host: SceneHost
    public let connection: BusConnection
    /// The address of the bus the host is on.
    public let address: String
    /// The output statistics of the host's bus connections (`Host1.BusStatistics`): this one as
    /// `api`; the session adds the others.
    let outputReport = BusOutputReport()
    /// The private daemon the host started, if it started one.
    private let daemon: BusDaemon?
    private(set) var publisher: BusPublisher!
    let clients: ClientInput
    /// The input policy for the host API's methods.
    let gate: InputGate
    let logger: Logger
    private var registrations: [ObjectRegistration] = []
    private var departures: MatchSubscription?
    /// Called when another host replaced this one (the name was lost).
    public var onReplaced: (@MainActor () -> Void)?

    /// Why the service could not start.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
        /// The process exit status to use.
        public let exitStatus: Int32
    }

    private init(host: SceneHost, connection: BusConnection, address: String, daemon: BusDaemon?, logger: Logger) {
        self.host = host
        self.connection = connection
        self.address = address
        self.daemon = daemon
        self.logger = logger
        clients = ClientInput(application: host.application, limits: host.configuration.bus.limits, scripts: host.scripts)
        gate = InputGate(policy: host.configuration.input, logger: logger)
        outputReport.add("api") { connection }
        BusOutputReport.logBackpressure(of: connection, place: "the D-Bus API's bus at \(address)", logger: logger)
    }

    /// Connects and exports the root object; scenes connected later (or already) are published as
    /// they appear. The name is claimed afterwards, with ``goLive(replace:)``, once the configured
    /// scenes are in, so that a client (or D-Bus activation) that finds the name finds the scenes.
    ///
    /// - Parameter replace: take the name over from a running host (which then shuts down).
    /// - Throws: ``StartError`` — no bus could be reached, or another host owns the name and
    ///   `replace` is false (checked now, before any plugin is probed).
    public static func start(host: SceneHost, mode: BusMode, replace: Bool, logger: Logger) async throws(StartError) -> HostBusService {
        let (connection, address, daemon) = try await connect(mode: mode, replace: replace, watches: host.watches, logger: logger)
        let service = HostBusService(host: host, connection: connection, address: address, daemon: daemon, logger: logger)
        if !replace { try await service.checkNameIsFree() }
        service.publisher = BusPublisher(connection: connection, service: service, logger: logger)
        do {
            service.registrations.append(try connection.export([HostInterface.describe(service: service)], at: SceneBusContract.rootPath))
            service.registrations.append(try connection.addObjectManager(at: SceneBusContract.rootPath))
        } catch {
            throw StartError(description: "cannot export \(SceneBusContract.rootPath): \(error)", exitStatus: 1)
        }
        host.application.addObserver(service.publisher)
        host.isolation?.observe { [weak publisher = service.publisher] scene, event in publisher?.sceneProcess(scene, event) }
        service.publisher.synchronize()
        host.deviceInput.recordObserver = { [weak publisher = service.publisher] record, timestamp in
            publisher?.inputWasReceived(record, at: timestamp)
        }
        connection.nameLostHandler = { [weak service] name in
            guard let service, name == SceneBusContract.busName else { return }
            service.logger.info("another scene-host took over \(name); shutting down")
            service.onReplaced?()
        }
        connection.disconnectHandler = { [weak service] _ in
            service?.logger.error("the bus connection was lost; scripted input and signals stop (scenes keep running)")
        }
        Task { @MainActor [weak service] in await service?.followDepartures() }
        if let daemon {
            do {
                try BusDiscovery.publish(daemon.address)
            } catch {
                logger.warning("\(error); scenectl will need --address \(daemon.address)")
            }
        }
        return service
    }

    /// Claims `org.scenehost.SceneHost`: from now on clients find the host.
    ///
    /// - Throws: ``StartError`` when another host owns the name and `replace` is false.
    public func goLive(replace: Bool) async throws(StartError) {
        try await claimName(replace: replace)
        logger.info(
            "on D-Bus as \(SceneBusContract.busName)",
            metadata: ["bus.address": "\(address)", "bus.unique": "\(connection.uniqueName.map(\.rawValue) ?? "?")"])
    }

    /// Refuses to start a second host early, before plugins are probed.
    private func checkNameIsFree() async throws(StartError) {
        let owned = try? await connection.call(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "NameHasOwner",
            arguments: [.string(SceneBusContract.busName.rawValue)], timeout: .seconds(5)
        ).read { reader in try reader.readBool() }
        if owned == true { throw anotherHostRunning }
    }

    private var anotherHostRunning: StartError {
        StartError(
            description:
                "another scene-host is already running (it owns \(SceneBusContract.busName) on the bus at \(address)); stop it, or start this one with --replace",
            exitStatus: 1)
    }

    private static func connect(mode: BusMode, replace: Bool, watches: any DescriptorWatching, logger: Logger) async throws(StartError)
        -> (BusConnection, String, BusDaemon?)
    {
        func open(_ endpoint: BusEndpoint, _ address: String) async throws(StartError) -> BusConnection {
            do {
                return try await BusConnection.connect(to: endpoint, watches: watches)
            } catch {
                throw StartError(description: "cannot connect to \(endpoint): \(error)", exitStatus: 1)
            }
        }
        switch mode {
        case .session:
            guard let address = BusDiscovery.sessionBusAddress else {
                throw StartError(
                    description: "bus mode 'session' but DBUS_SESSION_BUS_ADDRESS is not set; use bus mode 'auto' or 'private'",
                    exitStatus: 1)
            }
            return (try await open(.session, address), address, nil)
        case .system:
            return (try await open(.system, "system"), "unix:path=/run/dbus/system_bus_socket", nil)
        case .address(let address):
            return (try await open(.address(address), address), address, nil)
        case .privateBus:
            return try startPrivateBus(watches: watches, logger: logger)
        case .auto:
            // Started by a bus (D-Bus activation): serve on that bus, whose client is waiting for us.
            if let address = BusDiscovery.starterBusAddress {
                return (try await open(.address(address), address), address, nil)
            }
            if let address = BusDiscovery.sessionBusAddress, let connection = try? await BusConnection.connect(to: .session, watches: watches) {
                return (connection, address, nil)
            }
            // No session bus. Another host's private bus? Join it so the name check refuses to run
            // twice; when replacing, take the name there (that host then shuts down, and its bus with
            // it) and serve from a bus of our own.
            if let published = BusDiscovery.publishedAddress(),
                let connection = try? await BusConnection.connect(to: .address(published), watches: watches)
            {
                guard replace else { return (connection, published, nil) }
                await displaceHost(on: connection, at: published, logger: logger)
            }
            return try startPrivateBus(watches: watches, logger: logger)
        }
    }

    /// Takes the name from the host on another private bus, waits (up to 5 s, without blocking) for
    /// that host to leave the bus, then drops the connection.
    ///
    /// The old host shuts down when it loses the name (``onReplaced``), leaving the bus before it
    /// withdraws the published address and stops its private bus; its unique name leaving (the bus's
    /// `NameOwnerChanged`), or the bus itself going away, is the event waited for.
    private static func displaceHost(on connection: BusConnection, at address: String, logger: Logger) async {
        defer { connection.close() }
        do {
            let owner = try await connection.call(
                destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetNameOwner",
                arguments: [.string(SceneBusContract.busName.rawValue)], timeout: .seconds(5)
            ).arguments.first?.stringValue.flatMap { try? BusName($0) }
            let reply = try await connection.requestName(SceneBusContract.busName, options: [.replaceExisting, .doNotQueue])
            guard reply == .primaryOwner else { return }
            logger.info("replacing the scene-host on the private bus at \(address)")
            if let owner, try await !connection.waitUntilUnowned(owner, timeout: .seconds(5)) {
                logger.warning("the scene-host on the private bus at \(address) did not leave within 5 s; starting anyway")
            }
        } catch {
            logger.warning("cannot replace the scene-host on the private bus at \(address): \(error)")
        }
    }

    private static func startPrivateBus(watches: any DescriptorWatching, logger: Logger) throws(StartError) -> (BusConnection, String, BusDaemon?) {
        let daemon: BusDaemon
        do {
            daemon = try BusDaemon()
        } catch {
            throw StartError(description: "cannot start a private bus: \(error)", exitStatus: 1)
        }
        do {
            let connection = try BusConnection.connectBlocking(to: .address(daemon.address), watches: watches)
            logger.info("no session bus: started a private bus", metadata: ["bus.address": "\(daemon.address)"])
            return (connection, daemon.address, daemon)
        } catch {
            daemon.stop()
            throw StartError(description: "cannot connect to the private bus at \(daemon.address): \(error)", exitStatus: 1)
        }
    }

    /// Claims `org.scenehost.SceneHost` with the typed request, allowing a later `--replace` to take
    /// it over.
    private func claimName(replace: Bool) async throws(StartError) {
        var options: RequestNameOptions = [.allowReplacement, .doNotQueue]
        if replace { options.insert(.replaceExisting) }
        let reply: RequestNameReply
        do {
            reply = try await connection.requestName(SceneBusContract.busName, options: options)
        } catch {
            throw StartError(description: "cannot claim \(SceneBusContract.busName): \(error)", exitStatus: 1)
        }
        switch reply {
        case .primaryOwner, .alreadyOwner:
            return
        case .inQueue, .exists:
            throw anotherHostRunning
        }
    }

    /// Cancels the fingers of clients that leave the bus.
    private func followDepartures() async {
        let rule = MatchRule.signal(sender: .bus, interface: .bus, member: "NameOwnerChanged")
        departures = try? await connection.addMatch(rule) { [weak self] message in
            let arguments = message.arguments
            guard arguments.count == 3, let name = arguments[0].stringValue, name.hasPrefix(":"),
                arguments[2].stringValue == ""
            else { return }
            self?.clients.clientLeft(name)
            self?.host.isolation?.clientLeft(name)
        }
    }

    /// Admits one call from its sender against the call-rate budget and returns the sender's injector.
    func admit(_ call: MethodCall) throws -> TouchInjector {
        let sender = call.sender?.rawValue ?? "anonymous"
        guard clients.admit(sender) else { throw HostBusErrors.rateLimited(sender, limit: clients.callsPerSecond) }
        return clients.injector(for: sender)
    }

    /// Delivers a remote-control command to the key window's first responder and up the chain [FR-9]:
    /// the one path for `Host1.SendRemoteControl` and the MPRIS player, so both produce the same
    /// `RemoteControlDelivered` signal and log lines. Returns the responder that handled it.
    @discardableResult
    public func sendRemoteControl(_ subtype: Event.EventSubtype) -> Responder? {
        host.application.sendRemoteControl(subtype)
    }

    /// Probes (in a child process, off the main thread) and loads `plugin`, then connects a scene.
    /// Logs the outcome, success or refusal, with the caller.
    func loadPlugin(
        _ plugin: String, sceneName: String, caller: String,
        completion: @escaping @MainActor (Result<WindowScene, SceneLoadError>) -> Void
    ) {
        let scene = SceneConfiguration(name: sceneName, plugin: plugin)
        host.connectScene(scene) { [logger] result in
            switch result {
            case .success(let connected):
                logger.info(
                    "LoadPlugin connected a scene",
                    metadata: ["plugin": "\(plugin)", "scene": "\(connected.name)", "caller": "\(caller)"])
            case .failure(let error):
                logger.warning(
                    "LoadPlugin refused: \(error.description)",
                    metadata: ["plugin": "\(plugin)", "scene": "\(sceneName)", "caller": "\(caller)"])
            }
            completion(result)
        }
    }

    /// Leaves the bus without blocking: unexports, lets what was sent (the last signals) be written
    /// within `flushTimeout` while the main loop runs on, then closes the connection, withdraws the
    /// published address, stops a private daemon and calls `done`.
    public func shutdown(flushTimeout: Duration = .seconds(2), then done: @escaping @MainActor () -> Void = {}) {
        departures?.cancel()
        gate.stop()
        for registration in registrations.reversed() { registration.unexport() }
        registrations.removeAll()
        connection.close(flushingWithin: flushTimeout) { [daemon] in
            if let daemon {
                BusDiscovery.withdraw(daemon.address)
                daemon.stop()
            }
            done()
        }
    }
}
