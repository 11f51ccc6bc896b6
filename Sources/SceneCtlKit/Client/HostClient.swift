import DBusKit
import SceneBusContract

/// A connection to the running host, found by ``HostLocator``, with the calls `scenectl` makes.
///
/// Every call waits at most ``timeout`` (plus, for scripted gestures, the gesture's own duration).
/// Errors are `BusError`s; ``ScenectlError/init(_:)`` turns them into messages and exit statuses.
/// Touch slots belong to this connection: fingers still down when it closes (when `scenectl` exits)
/// are cancelled by the host.
@MainActor
final class HostClient {
    let connection: BusConnection
    /// Where the host was found.
    let candidate: HostLocator.Candidate
    /// The reply timeout for each call.
    let timeout: Duration

    private init(connection: BusConnection, candidate: HostLocator.Candidate, timeout: Duration) {
        self.connection = connection
        self.candidate = candidate
        self.timeout = timeout
    }

    /// Finds the host (see ``HostLocator``) and connects to its bus.
    ///
    /// - Throws: ``ScenectlError`` with exit status 69 when no candidate bus has a host.
    static func connect(locator: HostLocator, timeout seconds: Double) async throws -> HostClient {
        let timeout = Duration.seconds(seconds)
        do {
            let (connection, candidate) = try await locator.locate { candidate in
                try await probe(candidate, timeout: timeout, activate: false)
            }
            return HostClient(connection: connection, candidate: candidate, timeout: timeout)
        } catch is ScenectlError {
            // No host is running anywhere: a bus that can start one (D-Bus activation, as
            // scripts/install sets up) starts it, in the same order of candidates. If none can, this
            // pass's error says so for each bus (and why a start failed).
            let (connection, candidate) = try await locator.locate { candidate in
                try await probe(candidate, timeout: timeout, activate: true)
            }
            return HostClient(connection: connection, candidate: candidate, timeout: timeout)
        }
    }

    /// Connects to `candidate` and checks that the host owns its name there; with `activate`, a bus
    /// that lists the name as activatable is asked to start the host first (`StartServiceByName`).
    private static func probe(_ candidate: HostLocator.Candidate, timeout: Duration, activate: Bool) async throws -> BusConnection {
        let connection: BusConnection
        do {
            connection = try BusConnection.connectBlocking(to: .address(candidate.address))
        } catch let error as BusError {
            throw HostLocator.ProbeFailure(reason: error.message)
        }
        do {
            let reply = try await connection.call(
                destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "NameHasOwner",
                arguments: [.string(SceneBusContract.busName.rawValue)], timeout: timeout)
            if try !reply.read({ try $0.readBool() }) {
                guard activate, try await canActivateHost(on: connection, timeout: timeout) else {
                    connection.close()
                    throw HostLocator.ProbeFailure(reason: "nobody owns \(SceneBusContract.busName) there")
                }
                do {
                    _ = try await connection.call(
                        destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "StartServiceByName",
                        arguments: [.string(SceneBusContract.busName.rawValue), .uint32(0)], timeout: timeout)
                } catch let error as BusError {
                    connection.close()
                    throw HostLocator.ProbeFailure(reason: "the bus could not start \(SceneBusContract.busName): \(error.message)")
                }
            }
        } catch {
            connection.close()
            throw error
        }
        return connection
    }

    /// Whether the bus can start the host on demand (its name is among `ListActivatableNames`).
    private static func canActivateHost(on connection: BusConnection, timeout: Duration) async throws -> Bool {
        let reply = try await connection.call(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "ListActivatableNames", timeout: timeout)
        return reply.arguments.first?.arrayElements?.contains { $0.stringValue == SceneBusContract.busName.rawValue } ?? false
    }

    /// Flushes and closes the connection.
    func close() {
        connection.flush()
        connection.close()
    }

    /// Calls `member` of `interface` on the host's object at `path`.
    ///
    /// - Parameter extraSeconds: Added to the timeout, for methods that reply only after a gesture of
    ///   that duration was delivered.
    func call(
        _ path: ObjectPath, _ interface: InterfaceName, _ member: MemberName, _ arguments: [BusValue] = [],
        extraSeconds: Double = 0
    ) async throws -> BusMessage {
        let limit = timeout + .seconds(max(0, min(extraSeconds, CallOptions.maximumTimeout)))
        return try await connection.call(
            destination: SceneBusContract.busName, path: path, interface: interface, member: member, arguments: arguments,
            timeout: limit)
    }

    /// Calls a method of `Host1` on the root object.
    func callHost(_ member: MemberName, _ arguments: [BusValue] = []) async throws -> BusMessage {
        try await call(SceneBusContract.rootPath, SceneBusContract.hostInterface, member, arguments)
    }

    /// Calls a method of `Window1` on `window` that answers with a view reference, and returns it.
    func callWindow(
        _ window: WindowSnapshot, _ member: MemberName, _ arguments: [BusValue] = [], extraSeconds: Double = 0
    ) async throws -> String {
        let reply = try await call(
            ObjectPath(unchecked: window.path), SceneBusContract.windowInterface, member, arguments, extraSeconds: extraSeconds)
        return try reply.read { try $0.readString() }
    }

    /// The host's properties, scenes and windows.
    func snapshot() async throws -> HostSnapshot {
        let properties = try await call(
            SceneBusContract.rootPath, .properties, "GetAll", [.string(SceneBusContract.hostInterface.rawValue)])
        let managed = try await call(SceneBusContract.rootPath, .objectManager, "GetManagedObjects")
        return HostSnapshot(
            hostProperties: properties.arguments.first ?? .variantDictionary([]),
            managedObjects: managed.arguments.first ?? .variantDictionary([]))
    }

    /// The window `specifier` names (the application's key window for ``WindowSpecifier/keyWindow``).
    ///
    /// - Throws: ``ScenectlError`` (exit status 64) listing the windows when it names none.
    func window(_ specifier: WindowSpecifier) async throws -> WindowSnapshot {
        try specifier.resolve(in: try await snapshot())
    }
}
