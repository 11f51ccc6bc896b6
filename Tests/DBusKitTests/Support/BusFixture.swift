import DBusKit
import SceneProcesses
import TestProcesses
import Testing

/// A private bus for one test, plus helpers to open connections to it.
///
/// Every test starts its own daemon, and tests run in parallel: the daemon is started off the main
/// actor (starting one blocks until it prints its address), so one test's start-up never holds up
/// another test's D-Bus traffic, which all runs on the main actor.
@MainActor
struct BusFixture {
    let daemon: BusDaemon

    init() async throws {
        daemon = try await offPool { try BusDaemon() }
    }

    func connect() async throws -> BusConnection {
        try await BusConnection.connect(to: .address(daemon.address))
    }

    /// Exports `org.example.Hold1.Hold` at `/hold` on `server`: a method that never answers by itself;
    /// the returned recorder gets each call's deferred reply.
    func exportHold(on server: BusConnection) throws -> Recorder<DeferredReply> {
        let hold = Recorder<DeferredReply>()
        try server.export(
            [InterfaceDescription("org.example.Hold1", methods: [.deferredMethod("Hold") { _, reply in hold.record(reply) }])],
            at: "/hold")
        return hold
    }

    /// Calls `member` and returns the error it fails with, or records an issue if it succeeds.
    func expectError(
        from connection: BusConnection,
        destination: BusName?,
        path: ObjectPath,
        interface: InterfaceName?,
        member: MemberName,
        arguments: [BusValue] = [],
        timeout: Duration = .seconds(60),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> BusError {
        do {
            let reply = try await connection.call(
                destination: destination, path: path, interface: interface, member: member,
                arguments: arguments, timeout: timeout)
            Issue.record("expected \(member) to fail, but it returned \(reply.arguments)", sourceLocation: sourceLocation)
            throw TimedOut(description: "unexpected success")
        } catch let error as BusError {
            return error
        }
    }
}
