public import DBusKit
import Foundation
import Glibc
public import Logging
import SceneBusContract
import SceneCore

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
    /// The private daemon the host started, if it started one.
    private let daemon: BusDaemon?
    private(set) var publisher: BusPublisher!
    let clients: ClientInput
    /// The input policy for the host API's methods.
    let gate: InputGate
    private let logger: Logger
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
        clients = ClientInput(application: host.application, limits: host.configuration.bus.limits)
        gate = InputGate(policy: host.configuration.input, logger: logger)
    }

    /// Connects, claims the name and exports the root object. Scenes connected later (or already) are
    /// published as they appear.
    ///
    /// - Parameter replace: take the name over from a running host (which then shuts down).
    /// - Throws: ``StartError`` — no bus could be reached, or another host owns the name and
    ///   `replace` is false.
    public static func start(host: SceneHost, mode: BusMode, replace: Bool, logger: Logger) throws(StartError) -> HostBusService {
        let (connection, address, daemon) = try connect(mode: mode, replace: replace, logger: logger)
        let service = HostBusService(host: host, connection: connection, address: address, daemon: daemon, logger: logger)
        try service.claimName(replace: replace)
        service.publisher = BusPublisher(connection: connection, service: service, logger: logger)
        do {
            service.registrations.append(try connection.export([HostInterface.describe(service: service)], at: SceneBusContract.rootPath))
            service.registrations.append(try connection.addObjectManager(at: SceneBusContract.rootPath))
        } catch {
            throw StartError(description: "cannot export \(SceneBusContract.rootPath): \(error)", exitStatus: 1)
        }
        host.application.addObserver(service.publisher)
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
        logger.info(
            "on D-Bus as \(SceneBusContract.busName)",
            metadata: ["bus.address": "\(address)", "bus.unique": "\(connection.uniqueName.map(\.rawValue) ?? "?")"])
        return service
    }

    private static func connect(mode: BusMode, replace: Bool, logger: Logger) throws(StartError)
        -> (BusConnection, String, BusDaemon?)
    {
        func open(_ endpoint: BusEndpoint, _ address: String) throws(StartError) -> BusConnection {
            do {
                return try BusConnection.connect(to: endpoint)
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
            return (try open(.session, address), address, nil)
        case .system:
            return (try open(.system, "system"), "unix:path=/run/dbus/system_bus_socket", nil)
        case .address(let address):
            return (try open(.address(address), address), address, nil)
        case .privateBus:
            return try startPrivateBus(logger: logger)
        case .auto:
            // Started by a bus (D-Bus activation): serve on that bus, whose client is waiting for us.
            if let address = BusDiscovery.starterBusAddress {
                return (try open(.address(address), address), address, nil)
            }
            if let address = BusDiscovery.sessionBusAddress, let connection = try? BusConnection.connect(to: .session) {
                return (connection, address, nil)
            }
            // No session bus. Another host's private bus? Join it so the name check refuses to run
            // twice; when replacing, take the name there (that host then shuts down, and its bus with
            // it) and serve from a bus of our own.
            if let published = BusDiscovery.publishedAddress(),
                let connection = try? BusConnection.connect(to: .address(published))
            {
                guard replace else { return (connection, published, nil) }
                displaceHost(on: connection, at: published, logger: logger)
            }
            return try startPrivateBus(logger: logger)
        }
    }

    /// Takes the name from the host on another private bus, waits (up to 5 s) for it to leave, then
    /// drops the connection.
    private static func displaceHost(on connection: BusConnection, at address: String, logger: Logger) {
        defer { connection.close() }
        let flags: UInt32 = 0x2 | 0x4  // REPLACE_EXISTING | DO_NOT_QUEUE
        guard
            let reply = try? connection.callBlocking(
                destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "RequestName",
                arguments: [.string(SceneBusContract.busName.rawValue), .uint32(flags)], timeout: .seconds(5)),
            let code = try? reply.read({ reader in try reader.readUInt32() }), code == 1
        else { return }
        logger.info("replacing the scene-host on the private bus at \(address)")
        // The old host shuts down when it loses the name; its private bus goes with it.
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, BusDiscovery.publishedAddress() == address {
            usleep(20_000)
        }
    }

    private static func startPrivateBus(logger: Logger) throws(StartError) -> (BusConnection, String, BusDaemon?) {
        let daemon: BusDaemon
        do {
            daemon = try BusDaemon()
        } catch {
            throw StartError(description: "cannot start a private bus: \(error)", exitStatus: 1)
        }
        do {
            let connection = try BusConnection.connect(to: .address(daemon.address))
            logger.info("no session bus: started a private bus", metadata: ["bus.address": "\(daemon.address)"])
            return (connection, daemon.address, daemon)
        } catch {
            daemon.stop()
            throw StartError(description: "cannot connect to the private bus at \(daemon.address): \(error)", exitStatus: 1)
        }
    }

    /// Claims `org.scenehost.SceneHost`, allowing a later `--replace` to take it over.
    private func claimName(replace: Bool) throws(StartError) {
        var flags: UInt32 = 0x1  // DBUS_NAME_FLAG_ALLOW_REPLACEMENT
        if replace { flags |= 0x2 }  // DBUS_NAME_FLAG_REPLACE_EXISTING
        flags |= 0x4  // DBUS_NAME_FLAG_DO_NOT_QUEUE
        let code: UInt32
        do {
            let reply = try connection.callBlocking(
                destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "RequestName",
                arguments: [.string(SceneBusContract.busName.rawValue), .uint32(flags)], timeout: .seconds(5))
            code = try reply.read { reader in try reader.readUInt32() }
        } catch {
            throw StartError(description: "cannot claim \(SceneBusContract.busName): \(error)", exitStatus: 1)
        }
        switch code {
        case 1, 4:  // primary owner, already owner
            return
        default:
            throw StartError(
                description:
                    "another scene-host is already running (it owns \(SceneBusContract.busName) on the bus at \(address)); stop it, or start this one with --replace",
                exitStatus: 1)
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
    func sendRemoteControl(_ subtype: Event.EventSubtype) -> Responder? {
        host.application.sendRemoteControl(subtype)
    }

    /// Probes (in a child process, off the main thread) and loads `plugin`, then connects a scene.
    func loadPlugin(_ plugin: String, sceneName: String, completion: @escaping @MainActor (Result<WindowScene, SceneLoadError>) -> Void) {
        let scene = SceneConfiguration(name: sceneName, plugin: plugin)
        host.connectSceneInBackground(scene, completion: completion)
    }

    /// Leaves the bus: withdraws the published address and stops a private daemon.
    public func shutdown() {
        departures?.cancel()
        gate.stop()
        for registration in registrations.reversed() { registration.unexport() }
        registrations.removeAll()
        connection.flush()
        connection.close()
        if let daemon {
            BusDiscovery.withdraw(daemon.address)
            daemon.stop()
        }
    }
}
